import type { Kysely } from 'kysely'

// Issue 31: guest carts idle for more than 30 days are deleted by a periodic clean-up
// (app/cart/cart-cleanup.server.ts), a batch at a time in the order they went idle. A partial
// index whose condition is the clean-up's own holds only guest carts, by when they last
// changed: each batch reads its rows from the front of it instead of scanning every cart, and
// customers' carts (never deleted) take no room in it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('carts_idle_idx')
    .on('carts')
    .columns(['customer_id', 'updated_at'])
    .execute()
}
