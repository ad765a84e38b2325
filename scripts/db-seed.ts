import { closeDb, getDb } from '~/db/db.server'
import { migrateToLatest } from '~/db/migrate.server'
import { seedDemo } from '~/db/seed/demo.server'
import { runCli } from './cli'

// `npm run db:seed`: the demo farm into an empty database (a database with products is left alone).
await runCli(async () => {
  const db = getDb()
  await migrateToLatest(db)
  const { seeded } = await seedDemo(db)
  console.log(seeded ? 'Demo data added.' : 'The database already has products; nothing seeded.')
  await closeDb()
})
