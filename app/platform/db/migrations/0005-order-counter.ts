import type { Kysely } from 'kysely'

// Order numbers (ADR 11) come from a named counter row, not from MAX(order_number) + 1 (two
// concurrent orders would read the same maximum) nor from a PostgreSQL sequence (SQLite has
// none, and one code path serves both databases). The order transaction takes the next
// number with `UPDATE counters SET value = value + 1 WHERE name = 'order_number' RETURNING
// value`: the row lock (PostgreSQL) or the single writer (SQLite) hands each order its own
// number, and a rolled-back order gives its number back. The first order is FS-10001.

type Seedable = Kysely<{ counters: Record<string, unknown> }>

export async function up(untyped: Kysely<unknown>): Promise<void> {
  await untyped.schema
    .createTable('counters')
    .addColumn('name', 'text', (c) => c.primaryKey().notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute()
  const db = untyped as unknown as Seedable
  await db.insertInto('counters').values({ name: 'order_number', value: 10000 }).execute()
}
