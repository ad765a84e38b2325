import { releaseSlot } from '~/fulfilment/booking.server'
import type { DB } from '~/platform/db/db.server'
import { returnShareUnits } from '~/shares/pool.server'
import { lockStock } from '~/shares/stock-lock.server'
import { notifyRestocked } from '~/waiting-list/restock.server'

/**
 * Gives a cancelled order's stock back: placeOrder in reverse. An option's stock and its
 * product's aggregate both go back up; a product without options gets its own stock back;
 * rows deleted since are skipped. Every stock row of the order's products is locked first, in
 * the one lock order (shares/stock-lock.server.ts), before the window's booking and before the
 * waiting lists are offered what came back (another option of the same product, perhaps), so
 * this never deadlocks with an order being placed.
 *
 * It is not idempotent on its own: call it inside the same transaction as the conditional
 * UPDATE that moved the order to 'cancelled', so the status change is the guard and the
 * stock comes back exactly once (Stripe's expiry and the admin's Cancel Order both do).
 * Returns the ids of the products that got stock back; their waiting lists are notified.
 */
export async function returnOrderStock(trx: DB, orderId: string): Promise<string[]> {
  const items = await trx
    .selectFrom('order_items')
    .select(['id', 'product_id', 'product_variant_id', 'quantity'])
    .where('order_id', '=', orderId)
    .orderBy('product_id')
    .orderBy('product_variant_id')
    .execute()
  await lockStock(
    trx,
    items.flatMap((item) => (item.product_id ? [item.product_id] : [])),
  )
  const restocked = new Set<string>()
  for (const item of items) {
    // A beef share's quarters go back to its animal's pool, which sets its options' stock.
    if (await returnShareUnits(trx, item.id)) {
      if (item.product_id) restocked.add(item.product_id)
      continue
    }
    if (item.product_variant_id) {
      await trx
        .updateTable('product_variants')
        .set((eb) => ({ stock_quantity: eb('stock_quantity', '+', item.quantity) }))
        .where('id', '=', item.product_variant_id)
        .execute()
    }
    if (item.product_id) {
      const updated = await trx
        .updateTable('products')
        .set((eb) => ({ stock_quantity: eb('stock_quantity', '+', item.quantity) }))
        .where('id', '=', item.product_id)
        .executeTakeFirst()
      if (updated.numUpdatedRows > 0n) restocked.add(item.product_id)
    }
  }
  // The order's place in its pickup window or delivery day goes back with its stock.
  const booking = await trx
    .selectFrom('orders')
    .select(['fulfilment_window_id as windowId', 'fulfilment_date as date'])
    .where('id', '=', orderId)
    .executeTakeFirst()
  if (booking) await releaseSlot(trx, booking)
  const productIds = [...restocked]
  // Both cancellation paths pass here once their stock is back, in their transaction: anyone
  // waiting for what came back (D14) is emailed once.
  await notifyRestocked(trx, productIds)
  return productIds
}
