import { SqliteAdapter, sql } from 'kysely'
import type { DB } from '~/platform/db/db.server'

// The shop's one lock order for stock (ADR 11, 29, 31, 32; issue 31). A transaction that will
// touch the stock of several products, or of an option after its product, or of a product
// after anything that comes later in the order (a window's booking, a promo code, the order
// counter), calls lockStock first with every product it may touch. The order, across
// everything a transaction can lock:
//
//   cart row -> waiting-list hold rows -> ANIMALS -> OPTIONS -> PRODUCTS
//            -> window bookings -> promo code -> order counter
//
// with each group sorted by product id, then its own id. Two transactions that lock in one
// order can wait for each other but never in a circle, so PostgreSQL never has a deadlock to
// break. Everything after lockStock in the same transaction (the conditional UPDATEs that
// take stock, a recount of reservations, a waiting list offered returned units) finds the
// rows already its own. A transaction that touches one product's rows only, options by id
// before the product (an admin saving a product, a hold expiring), is in this order already.
//
// Shares sit above the catalog and below everything that takes stock, so this is the lowest
// place that knows every stock table: an animal's pool of quarters (ADR 31) comes before the
// options it mirrors into.
//
// The rows are locked as an UPDATE would lock them (FOR NO KEY UPDATE), so inserts elsewhere
// that only refer to a product (a cart line, an order item) do not wait. On SQLite a write
// transaction already holds the whole database (BEGIN IMMEDIATE), so there is nothing to do.

/** Locks the stock rows of these products, in the one order. */
export async function lockStock(trx: DB, productIds: Iterable<string>): Promise<void> {
  const ids = [...new Set(productIds)]
  if (ids.length === 0) return
  if (trx.getExecutor().adapter instanceof SqliteAdapter) return
  // Byte order, whatever the database's collation: the same order as JavaScript's `<`.
  const byProduct = sql`product_id collate "C"`
  const byId = sql`id collate "C"`
  await trx
    .selectFrom('animals')
    .select('id')
    .where('product_id', 'in', ids)
    .orderBy(byProduct)
    .orderBy(byId)
    .forNoKeyUpdate()
    .execute()
  await trx
    .selectFrom('product_variants')
    .select('id')
    .where('product_id', 'in', ids)
    .orderBy(byProduct)
    .orderBy(byId)
    .forNoKeyUpdate()
    .execute()
  await trx
    .selectFrom('products')
    .select('id')
    .where('id', 'in', ids)
    .orderBy(byId)
    .forNoKeyUpdate()
    .execute()
}
