// `npm run backup [-- --dir DIR]`: a consistent copy of the SQLite database, taken while the
// shop runs, named by time (shop-YYYYMMDD-HHMMSSZ.db). Default directory: backups/ beside the
// database file. For PostgreSQL use pg_dump (README, "Backups").
import path from 'node:path'
import { parseArgs } from 'node:util'
import { backupSqlite, inspectBackup } from '../app/platform/db/backup.server'
import { getEnv } from '../app/platform/env.server'
import { runCli } from './cli'

await runCli(async () => {
  const { values } = parseArgs({ options: { dir: { type: 'string' } }, strict: true })
  const { database } = getEnv()
  if (database.kind !== 'sqlite') {
    throw new Error(
      'DATABASE_URL is PostgreSQL: back it up with pg_dump (see the README, "Backups").',
    )
  }
  const directory = path.resolve(values.dir ?? path.join(path.dirname(database.path), 'backups'))
  const started = Date.now()
  const file = await backupSqlite(database.path, directory)
  const check = inspectBackup(file)
  const counts = check.ok
    ? ` (${check.orders} orders, ${check.customers} customers, ${check.products} products)`
    : ''
  console.log(`Backed up ${database.path} to ${file}${counts} in ${Date.now() - started} ms.`)
})
