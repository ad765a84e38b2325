import { type Kysely, sql } from 'kysely'
import { isSqlite } from './columns'

// On PostgreSQL every write to a reference table (one row each, read by nearly every page)
// sends a notice on the farm_shop_changes channel with the table's name, delivered when the
// writing transaction commits. Each shop process listens and drops what it kept of that table
// (ADR 16), whoever wrote it: the admin on any instance, a migration, someone in psql. A
// statement trigger fires once per statement, for any number of rows, and for TRUNCATE too.
// SQLite keeps nothing between requests, so it needs nothing here.

const TABLES = ['farm_info', 'settings'] as const

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) return
  await sql`
    create function farm_shop_notify_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('farm_shop_changes', tg_table_name);
      return null;
    end
    $$
  `.execute(db)
  for (const table of TABLES) {
    await sql`
      create trigger ${sql.id(`${table}_changes`)}
      after insert or update or delete or truncate on ${sql.id(table)}
      for each statement execute function farm_shop_notify_change()
    `.execute(db)
  }
}
