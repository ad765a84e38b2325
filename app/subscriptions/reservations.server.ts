import type { DB } from '~/platform/db/db.server'
import { lockStock } from '~/shares/stock-lock.server'
import { reservationHorizon } from './schedule'

// Stock kept for subscribers (ADR 32). Each product's and option's reserved_quantity is the
// demand of the coming week's boxes: active subscriptions (and paused ones whose pause ends
// before their next box) whose next box is on or before the horizon. freeStock subtracts it, so a one-time shopper cannot buy the eggs
// promised to subscribers; a box's own order ignores it (renewals, placeSubscriptionOrder).
//
// The number is recounted from the subscriptions, never adjusted by deltas: every change to a
// subscription recounts its products in the same transaction, and the scheduler recounts
// everything once a run, as the horizon moves with the calendar.
//
// Lock order (issue 31): a recount may come late in its transaction (a first order's, after the
// order counter) and may change an option the transaction did not buy. So the rows to write
// are locked first with lockStock, every option and product row of those products in the shop's
// one order, and only then is the demand read and written: a concurrent recount or order waits
// for them instead of deadlocking, and the count written is the one under the lock. The
// transactions that take stock before recounting (placeOrder, a box) locked these rows already.

type Demand = Map<string, number>

const key = (productId: string, variantId: string | null) => `${productId}:${variantId ?? ''}`

type Change = { productId: string; variantId: string | null; reserved: number }

/** Recounts reserved_quantity for these products (all products when omitted). */
export async function syncReservations(
  db: DB,
  now: Date,
  productIds?: readonly string[],
): Promise<void> {
  // Everything: only products whose count is off are locked and recounted, so a scheduler run
  // that changes nothing keeps no order waiting.
  const ids = productIds
    ? [...new Set(productIds)]
    : [...new Set((await reservationChanges(db, now)).map((change) => change.productId))]
  if (ids.length === 0) return
  await lockStock(db, ids)
  for (const change of await reservationChanges(db, now, ids)) {
    if (change.variantId) {
      await db
        .updateTable('product_variants')
        .set({ reserved_quantity: change.reserved })
        .where('id', '=', change.variantId)
        .execute()
    } else {
      await db
        .updateTable('products')
        .set({ reserved_quantity: change.reserved })
        .where('id', '=', change.productId)
        .execute()
    }
  }
}

/** The rows whose reserved_quantity differs from the demand now (of these products, or all). */
async function reservationChanges(
  db: DB,
  now: Date,
  productIds?: readonly string[],
): Promise<Change[]> {
  let demandQuery = db
    .selectFrom('subscription_items')
    .innerJoin('subscriptions', 'subscriptions.id', 'subscription_items.subscription_id')
    .select((eb) => [
      'subscription_items.product_id',
      'subscription_items.product_variant_id',
      eb.fn.sum<number>('subscription_items.quantity').as('quantity'),
    ])
    .where((eb) =>
      eb.or([
        eb('subscriptions.status', '=', 'active'),
        // A pause reserves again from its first box after the pause.
        eb.and([
          eb('subscriptions.status', '=', 'paused'),
          eb('subscriptions.paused_until', '<', eb.ref('subscriptions.next_date')),
        ]),
      ]),
    )
    .where('subscriptions.next_date', '<=', reservationHorizon(now))
    .groupBy(['subscription_items.product_id', 'subscription_items.product_variant_id'])
  if (productIds) demandQuery = demandQuery.where('subscription_items.product_id', 'in', productIds)
  const demand: Demand = new Map()
  for (const row of await demandQuery.execute()) {
    demand.set(key(row.product_id, row.product_variant_id), Number(row.quantity))
  }
  const demandedProducts = [...new Set([...demand.keys()].map((k) => k.split(':')[0] ?? ''))]

  let variantQuery = db
    .selectFrom('product_variants')
    .select(['id', 'product_id', 'reserved_quantity'])
  let productQuery = db.selectFrom('products').select(['id', 'reserved_quantity'])
  if (productIds) {
    variantQuery = variantQuery.where('product_id', 'in', productIds)
    productQuery = productQuery.where('id', 'in', productIds)
  } else {
    // Only rows that hold a reservation now or should: the rest are 0 and stay 0.
    const wanted = demandedProducts.length > 0 ? demandedProducts : ['']
    variantQuery = variantQuery.where((eb) =>
      eb.or([eb('reserved_quantity', '>', 0), eb('product_id', 'in', wanted)]),
    )
    productQuery = productQuery.where((eb) =>
      eb.or([eb('reserved_quantity', '>', 0), eb('id', 'in', wanted)]),
    )
  }
  const changes: Change[] = []
  for (const row of await variantQuery.execute()) {
    const reserved = demand.get(key(row.product_id, row.id)) ?? 0
    if (reserved !== row.reserved_quantity) {
      changes.push({ productId: row.product_id, variantId: row.id, reserved })
    }
  }
  for (const row of await productQuery.execute()) {
    const reserved = demand.get(key(row.id, null)) ?? 0
    if (reserved !== row.reserved_quantity) {
      changes.push({ productId: row.id, variantId: null, reserved })
    }
  }
  return changes
}
