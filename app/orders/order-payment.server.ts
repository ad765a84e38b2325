import type { DB } from '~/platform/db/db.server'

// The order's side of taking its payment (issue 33): payments, above orders, decides what a
// provider's answer means and calls these to read and record it on the order. Each change is a
// conditional UPDATE, so a repeated or crossed answer changes nothing (ADR 11 addendum, ADR 30).

/** The provider's reference for the order's session, stored once the session is opened. */
export async function setPaymentReference(
  db: DB,
  orderId: string,
  reference: string,
): Promise<void> {
  await db
    .updateTable('orders')
    .set({ payment_reference: reference, updated_at: new Date() })
    .where('id', '=', orderId)
    .execute()
}

/** The maximum a by-weight order holds (ADR 30), and whether it is weighed yet. */
export function getOrderHold(db: DB, orderId: string) {
  return db
    .selectFrom('orders')
    .select(['authorised_cents', 'weighed_at'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow()
}

/** The order's lines as a provider's page names them: quantity, product and option. */
export function listLinesToPay(db: DB, orderId: string) {
  return db
    .selectFrom('order_items')
    .select(['product_name', 'variant_name', 'quantity'])
    .where('order_id', '=', orderId)
    .orderBy('product_name')
    .execute()
}

/** The customer's own order for its pay page; someone else's is as missing as none. */
export function findCustomerOrderToPay(db: DB, customerId: string, orderId: string) {
  return db
    .selectFrom('orders')
    .select([
      'id',
      'order_number',
      'status',
      'payment_method',
      'payment_status',
      'total_cents',
      'email',
    ])
    .where('id', '=', orderId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst()
}

/** What capturing a weighed order's card hold needs. */
export function getCaptureState(db: DB, orderId: string) {
  return db
    .selectFrom('orders')
    .select([
      'payment_method',
      'payment_status',
      'authorization_reference',
      'weighed_at',
      'captured_cents',
      'total_cents',
      'authorised_cents',
      'hold_authorised_at',
    ])
    .where('id', '=', orderId)
    .executeTakeFirst()
}

/** The hold captured for the weighed total; once. */
export async function recordCapture(db: DB, orderId: string, amountCents: number): Promise<void> {
  await db
    .updateTable('orders')
    .set({ payment_status: 'paid', captured_cents: amountCents, updated_at: new Date() })
    .where('id', '=', orderId)
    .where('captured_cents', 'is', null)
    .execute()
}

/**
 * The weighed order's hold lapsed: its total is now due. Only once, while the hold is the one
 * given: returns what the customer's email needs, or undefined when it was due already.
 */
export function markPaymentDue(db: DB, orderId: string, reference: string) {
  return db
    .updateTable('orders')
    .set({ payment_status: 'due', updated_at: new Date() })
    .where('id', '=', orderId)
    .where('payment_status', '=', 'authorized')
    .where('authorization_reference', '=', reference)
    .where('captured_cents', 'is', null)
    .where('weighed_at', 'is not', null)
    .returning(['order_number', 'email', 'ship_first_name', 'total_cents'])
    .executeTakeFirst()
}

/** An uncaptured order's hold, to release when the order is cancelled. */
export function getUncapturedHold(db: DB, orderId: string) {
  return db
    .selectFrom('orders')
    .select(['status', 'payment_method', 'payment_status', 'authorization_reference'])
    .where('id', '=', orderId)
    .where('captured_cents', 'is', null)
    .executeTakeFirst()
}

/** The hold released at the provider; recorded once. */
export async function markHoldVoided(db: DB, orderId: string, reference: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ payment_status: 'voided', updated_at: new Date() })
    .where('id', '=', orderId)
    .where('payment_status', '=', 'authorized')
    .where('authorization_reference', '=', reference)
    .execute()
}

const PAYPAL_ORDER = ['id', 'status', 'total_cents', 'authorised_cents', 'customer_id'] as const

/** Our order paid through the PayPal order with this id (its payment_reference). */
export function findPayPalOrder(db: DB, paypalOrderId: string) {
  return db
    .selectFrom('orders')
    .select(PAYPAL_ORDER)
    .where('payment_method', '=', 'paypal')
    .where('payment_reference', '=', paypalOrderId)
    .executeTakeFirst()
}

/** PayPal orders still waiting for an approval given before `before`, oldest first. */
export function listWaitingPayPalOrders(db: DB, before: Date, limit: number) {
  return db
    .selectFrom('orders')
    .select([...PAYPAL_ORDER, 'payment_reference'])
    .where('payment_method', '=', 'paypal')
    .where('status', '=', 'pending_payment')
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute()
}

/** What a cancelled order held, to put back into its shopper's cart. */
export function listItemsToRefill(db: DB, orderId: string) {
  return db
    .selectFrom('order_items')
    .select(['product_id', 'product_variant_id', 'quantity'])
    .where('order_id', '=', orderId)
    .execute()
}

/** The promo code the order used, if any. */
export async function getOrderPromoCode(db: DB, orderId: string): Promise<string | null> {
  const { promo_code } = await db
    .selectFrom('orders')
    .select('promo_code')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow()
  return promo_code
}
