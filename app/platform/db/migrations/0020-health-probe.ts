import type { Kysely } from 'kysely'
import { columnTypes } from './columns'

// Issue 31 item 4: /healthz must fail while the database takes no writes (a full disk, a
// read-only file or server), and only a write can tell. The write probe (db.server.ts
// probeWrites) upserts this table's one row on SQLite, committed, since SQLite writes nothing
// to disk before COMMIT; on PostgreSQL it truncates the table and inserts in a transaction it
// rolls back, which must give the table new files and so meets a full disk at once.

export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp, now } = columnTypes(db)
  await db.schema
    .createTable('health_probe')
    .addColumn('id', 'integer', (c) => c.primaryKey().notNull())
    .addColumn('probes', 'integer', (c) => c.notNull())
    .addColumn('probed_at', timestamp, (c) => c.notNull().defaultTo(now))
    .execute()
}
