// `npm run restore -- FILE`: puts a backup made by `npm run backup` in place of the SQLite
// database, after checking it (intact, a shop database, not from a newer version). Stop the
// shop first. The database it replaces is kept beside it as shop.db.before-restore-<time>.
import { parseArgs } from 'node:util'
import { inspectBackup, restoreSqlite } from '../app/platform/db/backup.server'
import { getEnv } from '../app/platform/env.server'
import { runCli } from './cli'

await runCli(async () => {
  const { positionals } = parseArgs({ allowPositionals: true, strict: true })
  const [file] = positionals
  if (!file || positionals.length > 1) throw new Error('Usage: npm run restore -- FILE')
  const { database } = getEnv()
  if (database.kind !== 'sqlite') {
    throw new Error('DATABASE_URL is PostgreSQL: restore it with pg_restore (see the README).')
  }
  const check = inspectBackup(file)
  if (!check.ok) throw new Error(`${file} cannot be restored: ${check.reason}.`)
  const { replaced } = restoreSqlite(file, database.path)
  console.log(
    `Restored ${file} to ${database.path}: ${check.orders} orders, ${check.customers} customers, ${check.products} products.`,
  )
  if (replaced) console.log(`The database it replaced is kept at ${replaced}.`)
  console.log('Start the shop again with npm start.')
})
