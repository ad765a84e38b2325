import {
  type ColumnDataType,
  type CreateTableBuilder,
  type Expression,
  type Kysely,
  SqliteAdapter,
  sql,
} from 'kysely'

/**
 * The few places where SQLite and PostgreSQL need different column types. Migrations call
 * these instead of branching themselves, so every dialect difference lives here.
 */
export function isSqlite(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter
}

export function columnTypes(db: Kysely<unknown>) {
  const sqlite = isSqlite(db)
  return {
    timestamp: (sqlite ? 'text' : 'timestamptz') as ColumnDataType,
    date: (sqlite ? 'text' : 'date') as ColumnDataType,
    blob: (sqlite ? 'blob' : 'bytea') as ColumnDataType,
    now: (sqlite
      ? sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`
      : sql`now()`) as Expression<unknown>,
  }
}

/** created_at / updated_at with a database-side default, in the dialect's timestamp type. */
export function withTimestamps<T extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T>,
  columns: readonly string[] = ['created_at'],
) {
  const { timestamp, now } = columnTypes(db)
  let builder = table
  for (const name of columns) {
    builder = builder.addColumn(name, timestamp, (c) => c.notNull().defaultTo(now))
  }
  return builder
}
