import { sql } from 'kysely'
import type { DB } from '~/platform/db/db.server'

// An animal's quarters are the one stock all its share sizes draw from (ADR 31). The pool,
// `animals.units_left`, is the truth and is taken with one conditional UPDATE, exactly like
// stock (place-order.server.ts): on PostgreSQL the UPDATE that waits for another order's row
// lock re-checks `units_left >= n` against the committed row, so a half and two quarters racing
// for three quarters can never all succeed, and a CHECK keeps it >= 0 whatever happens.
//
// The options' own stock_quantity is kept as a mirror of the pool (units_left / share_units,
// rounded down; the product's as their sum, like any product with options), written in the same transaction as every change
// to the pool. So the product page, the shop's badges and the cart limit a Whole to 0 when three
// quarters are left without knowing about animals, and their cached pages are dropped like any
// stock change (ADR 23).
//
// Lock order: a share product's animal row, then its options, then the product row, which is
// the order placeOrder already takes for one product (its options before the product).

/**
 * Takes `units` quarters from the product's animal on sale (the one not weighed yet) inside
 * the order's transaction. False when it has fewer left: that line is sold out.
 */
export async function takeShareUnits(trx: DB, productId: string, units: number): Promise<boolean> {
  const taken = await trx
    .updateTable('animals')
    .set((eb) => ({ units_left: eb('units_left', '-', units) }))
    .where('product_id', '=', productId)
    .where('hanging_weight_centi_lb', 'is', null)
    .where('units_left', '>=', units)
    .returning(['id', 'units_left'])
    .executeTakeFirst()
  if (!taken) return false
  await mirrorPool(trx, productId, taken.units_left)
  return true
}

/**
 * A cancelled order item's share gives its quarters back to its animal (placeOrder in
 * reverse). Returns false when the item is not a share, so its caller gives back ordinary
 * stock instead. Safe to call once per cancellation: the share is marked cancelled by the same
 * conditional UPDATE that finds it.
 */
export async function returnShareUnits(trx: DB, orderItemId: string): Promise<boolean> {
  const share = await trx
    .updateTable('share_orders')
    .set({ cancelled_at: new Date() })
    .where('order_item_id', '=', orderItemId)
    .where('cancelled_at', 'is', null)
    .returning(['animal_id', 'share_units'])
    .executeTakeFirst()
  if (!share) {
    // A share already cancelled has nothing more to give back; anything else is not a share.
    const cancelled = await trx
      .selectFrom('share_orders')
      .select('id')
      .where('order_item_id', '=', orderItemId)
      .executeTakeFirst()
    return cancelled !== undefined
  }
  const animal = await trx
    .updateTable('animals')
    .set((eb) => ({ units_left: eb('units_left', '+', share.share_units) }))
    .where('id', '=', share.animal_id)
    .returning(['product_id', 'units_left', 'hanging_weight_centi_lb'])
    .executeTakeFirstOrThrow()
  // A weighed animal is no longer on sale: what comes back is not offered again.
  if (animal.hanging_weight_centi_lb === null) {
    await mirrorPool(trx, animal.product_id, animal.units_left)
  }
  return true
}

/** Whether the product's options sell from an animal's pool of quarters. */
export async function drawsOnSharePool(db: DB, productId: string): Promise<boolean> {
  const option = await db
    .selectFrom('product_variants')
    .select('id')
    .where('product_id', '=', productId)
    .where('share_units', 'is not', null)
    .limit(1)
    .executeTakeFirst()
  return option !== undefined
}

/** The share options' stock, and the product's, as the pool now stands. */
export async function mirrorPool(trx: DB, productId: string, unitsLeft: number): Promise<void> {
  await trx
    .updateTable('product_variants')
    // Integer division on both databases: 3 quarters left offer 1 half and no whole.
    .set({ stock_quantity: sql<number>`cast(${unitsLeft} as integer) / share_units` })
    .where('product_id', '=', productId)
    .where('share_units', 'is not', null)
    .execute()
  await trx
    .updateTable('products')
    .set((eb) => ({
      stock_quantity: eb.fn.coalesce(
        eb
          .selectFrom('product_variants')
          .select((sub) => sub.fn.sum<number>('stock_quantity').as('total'))
          .where('product_variants.product_id', '=', productId),
        eb.val(0),
      ),
    }))
    .where('id', '=', productId)
    .execute()
}

/**
 * One share row per share item of a new order, in the order's transaction (placeOrder calls
 * this right after writing the items). The deposit is what the line cost; the animal is the
 * product's one on sale, whose quarters the same transaction has just taken.
 */
export async function recordShareOrders(
  trx: DB,
  order: { orderId: string; customerId: string },
): Promise<void> {
  const items = await trx
    .selectFrom('order_items')
    .innerJoin('product_variants', 'product_variants.id', 'order_items.product_variant_id')
    .innerJoin('animals', (join) =>
      join
        .onRef('animals.product_id', '=', 'order_items.product_id')
        .on('animals.hanging_weight_centi_lb', 'is', null),
    )
    .select([
      'order_items.id',
      'order_items.quantity',
      'order_items.line_total_cents',
      'product_variants.share_units',
      'animals.id as animal_id',
    ])
    .where('order_items.order_id', '=', order.orderId)
    .where('product_variants.share_units', 'is not', null)
    .execute()
  if (items.length === 0) return
  await trx
    .insertInto('share_orders')
    .values(
      items.map((item) => ({
        id: crypto.randomUUID(),
        token: shareToken(),
        order_id: order.orderId,
        order_item_id: item.id,
        animal_id: item.animal_id,
        customer_id: order.customerId,
        share_units: (item.share_units ?? 1) * item.quantity,
        deposit_cents: item.line_total_cents,
      })),
    )
    .execute()
}

/** 32 random bytes, URL-safe: the balance link's only key. */
export function shareToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')
}
