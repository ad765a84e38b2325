import { closeDb, getDb } from '../app/platform/db/db.server'
import { migrateToLatest } from '../app/platform/db/migrate.server'
import { seedDemo } from '../app/seed/demo.server'
import { runCli } from './cli'

// `npm run db:seed`: the demo farm into an empty database (a database with products is left alone).
await runCli(async () => {
  const db = getDb()
  await migrateToLatest(db)
  const { seeded } = await seedDemo(db)
  console.log(seeded ? 'Demo data added.' : 'The database already has products; nothing seeded.')
  await closeDb()
})
