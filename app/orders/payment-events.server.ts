import type { DB } from '~/platform/db/db.server'
import { getLogger } from '~/platform/log.server'
import { givePromoUseBack } from '~/promotions/promo-uses.server'
import { cancelPendingSubscriptions } from '~/subscriptions/from-order.server'
import { returnOrderStock } from './order-stock.server'

// What a payment provider's news does to an order (ADR 11 addendum, D7). Stripe's webhooks
// may arrive twice, late, or out of order, so every change here is one conditional UPDATE
// on the order's status: only an order still 'pending_payment' moves, and the second
// delivery of the same event finds nothing to change. The session id must match the one
// startPayment stored, so an event for a session we no longer use is ignored.
//
// A payment that completes after its order was cancelled (the session expired first, or
// Stripe's events crossed) does NOT bring the order back: its stock has been returned and
// may be sold already. It is logged as an error for the farm to refund by hand.
//
// Subscriptions (ADR 32) hook in here: a payment's `onPaid` runs in the transaction that marks
// the order paid (the card saved for the subscriptions it starts, a box's cycle marked paid),
// so it happens exactly once with the order's change; an order cancelled unpaid cancels the
// subscriptions still waiting for their first payment.

export type PaymentEventResult = 'changed' | 'unchanged' | 'unknown-order'

type SessionRef = { orderId: string; sessionId: string }

/** What else changes, in the same transaction, when the order becomes paid. */
export type OnPaid = (trx: DB) => Promise<void>

/** checkout.session.completed with payment_status 'paid' (or a saved card charged). */
export async function markOrderPaid(
  db: DB,
  ref: SessionRef,
  onPaid?: OnPaid,
): Promise<PaymentEventResult> {
  const changed = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('orders')
      .set({ status: 'paid', payment_status: 'paid', updated_at: new Date() })
      .where('id', '=', ref.orderId)
      .where('payment_reference', '=', ref.sessionId)
      .where('status', '=', 'pending_payment')
      .executeTakeFirst()
    if (updated.numUpdatedRows === 0n) return false
    await onPaid?.(trx)
    return true
  })
  if (changed) return 'changed'
  const order = await findOrder(db, ref)
  if (!order) return 'unknown-order'
  if (order.status === 'cancelled') {
    getLogger().error(
      { orderId: ref.orderId, sessionId: ref.sessionId },
      'payment completed for a cancelled order: refund it in Stripe',
    )
  }
  return 'unchanged'
}

/**
 * A card held for a by-weight order's maximum (ADR 30): the order is paid for as far as the
 * shop is concerned (it is packed like any paid order), with the payment 'authorized' until
 * the exact amount is captured at weighing. Only for the amount the order asked for.
 */
export async function markOrderAuthorised(
  db: DB,
  ref: SessionRef & { authorizationReference: string; amountCents: number },
  onPaid?: OnPaid,
): Promise<PaymentEventResult> {
  const changed = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('orders')
      .set({
        status: 'paid',
        payment_status: 'authorized',
        authorization_reference: ref.authorizationReference,
        // A Stripe hold lapses after about 7 days: payments/hold-renewal renews it from here.
        hold_authorised_at: new Date(),
        updated_at: new Date(),
      })
      .where('id', '=', ref.orderId)
      .where('payment_reference', '=', ref.sessionId)
      .where('status', '=', 'pending_payment')
      .where('authorised_cents', '=', ref.amountCents)
      .executeTakeFirst()
    if (updated.numUpdatedRows === 0n) return false
    await onPaid?.(trx)
    return true
  })
  if (changed) return 'changed'
  const order = await findOrder(db, ref)
  if (!order) return 'unknown-order'
  if (order.status === 'cancelled') {
    getLogger().error(
      { orderId: ref.orderId, sessionId: ref.sessionId },
      'payment authorised for a cancelled order: void the authorisation at the provider',
    )
  }
  return 'unchanged'
}

/**
 * A weighed order whose card hold lapsed, paid from the emailed link (issue 31 item 6): only
 * for exactly its final total, only while that is due, so once.
 */
export async function markDuePaid(
  db: DB,
  ref: SessionRef & { amountCents: number },
): Promise<PaymentEventResult> {
  const updated = await db
    .updateTable('orders')
    .set({ payment_status: 'paid', captured_cents: ref.amountCents, updated_at: new Date() })
    .where('id', '=', ref.orderId)
    .where('payment_reference', '=', ref.sessionId)
    .where('payment_status', '=', 'due')
    .where('total_cents', '=', ref.amountCents)
    .executeTakeFirst()
  if (updated.numUpdatedRows > 0n) return 'changed'
  return (await findOrder(db, ref)) ? 'unchanged' : 'unknown-order'
}

/** The order's maximum when it has lines priced by weight (ADR 30); null otherwise. */
export async function authorisedCentsOf(db: DB, orderId: string): Promise<number | null> {
  const row = await db
    .selectFrom('orders')
    .select('authorised_cents')
    .where('id', '=', orderId)
    .executeTakeFirst()
  return row?.authorised_cents ?? null
}

/**
 * checkout.session.expired, or a session that could not be started: cancels the order if it
 * is still waiting for payment and gives back its stock and its promo code's use, in one
 * transaction. The status change is the guard, so they come back exactly once however often
 * this runs.
 */
export async function expireOrder(
  db: DB,
  ref: { orderId: string; sessionId: string | null },
): Promise<PaymentEventResult> {
  const changed = await db.transaction().execute(async (trx) => {
    let query = trx
      .updateTable('orders')
      .set({ status: 'cancelled', payment_status: 'expired', updated_at: new Date() })
      .where('id', '=', ref.orderId)
      .where('status', '=', 'pending_payment')
    query =
      ref.sessionId === null
        ? query.where('payment_reference', 'is', null)
        : query.where('payment_reference', '=', ref.sessionId)
    const cancelled = await query.returning('promo_code').executeTakeFirst()
    if (!cancelled) return false

    await returnOrderStock(trx, ref.orderId)
    await cancelPendingSubscriptions(trx, ref.orderId)
    if (cancelled.promo_code) await givePromoUseBack(trx, cancelled.promo_code)
    return true
  })
  if (changed) return 'changed'
  return (await findOrder(db, { orderId: ref.orderId })) ? 'unchanged' : 'unknown-order'
}

async function findOrder(db: DB, ref: { orderId: string }) {
  return db
    .selectFrom('orders')
    .select(['id', 'status'])
    .where('id', '=', ref.orderId)
    .executeTakeFirst()
}

/** The payment made for an order still waiting for it (a saved card's charge), on the order. */
export async function setPendingPaymentReference(
  db: DB,
  orderId: string,
  reference: string,
): Promise<void> {
  await db
    .updateTable('orders')
    .set({ payment_reference: reference, updated_at: new Date() })
    .where('id', '=', orderId)
    .where('status', '=', 'pending_payment')
    .execute()
}
