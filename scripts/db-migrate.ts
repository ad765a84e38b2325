import { closeDb, getDb } from '../app/platform/db/db.server'
import { migrateToLatest } from '../app/platform/db/migrate.server'
import { getEnv } from '../app/platform/env.server'
import { runCli } from './cli'

await runCli(async () => {
  const applied = await migrateToLatest(getDb())
  console.log(
    applied.length
      ? `Applied ${applied.join(', ')} to ${getEnv().database.kind}.`
      : 'The database is up to date.',
  )
  await closeDb()
})
