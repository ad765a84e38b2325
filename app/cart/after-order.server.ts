import type { DB } from '~/platform/db/db.server'

// What placing an order does to the cart it came from (the cart's own tables, carts and
// cart_lines): the order's flow calls these inside its transaction (flows/place-order.server.ts),
// and a PayPal payment that fails gives the promo code back (payments/paypal-settle.server.ts).

/**
 * The customer's cart, locked for the order: the first write locks its row (PostgreSQL) or
 * the database (SQLite), so a second submission for the same cart (a double click) waits here
 * until the first has committed. Undefined when the customer has no cart.
 */
export function lockCartForOrder(trx: DB, customerId: string) {
  return trx
    .updateTable('carts')
    .set({ updated_at: new Date() })
    .where('customer_id', '=', customerId)
    .returning(['id', 'promo_code'])
    .executeTakeFirst()
}

/** The cart is spent: its lines and its promo code go (as Clear Cart does). */
export async function emptyCartAfterOrder(trx: DB, cartId: string): Promise<void> {
  await trx.deleteFrom('cart_lines').where('cart_id', '=', cartId).execute()
  await trx.updateTable('carts').set({ promo_code: null }).where('id', '=', cartId).execute()
}

/** Puts an unpaid order's code back on its customer's cart, unless the cart has one now. */
export async function restorePromoCode(db: DB, customerId: string, code: string): Promise<void> {
  await db
    .updateTable('carts')
    .set({ promo_code: code, updated_at: new Date() })
    .where('customer_id', '=', customerId)
    .where('promo_code', 'is', null)
    .execute()
}
