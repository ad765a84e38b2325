import type { DB } from '~/platform/db/db.server'
import { syncReservations } from './reservations.server'

// A subscription paid by card keeps the card Stripe saved at its first checkout (ADR 32): the
// Checkout Session of an order that starts subscriptions makes a Stripe customer and saves the
// card for off-session use, and the signed webhook stores both on the subscriptions and makes
// them 'active'. Until then they are 'pending'; an order that is never paid (its session
// expires, or it is cancelled unpaid) cancels them, so no box is ever made for a subscription
// whose first box was not bought.

export type SavedCard = { customerId: string | null; paymentMethodId: string | null }

/** Whether this order starts subscriptions still waiting for their card. */
export async function startsPendingSubscriptions(db: DB, orderId: string): Promise<boolean> {
  const row = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('first_order_id', '=', orderId)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  return row !== undefined
}

/**
 * The first order is paid: its pending subscriptions get the card and become 'active', and
 * their products' reservations are recounted, in the caller's transaction. Only 'pending'
 * ones move, so a second delivery of the same event changes nothing.
 */
export async function activatePendingSubscriptions(
  trx: DB,
  orderId: string,
  card: SavedCard,
  now = new Date(),
): Promise<number> {
  const activated = await trx
    .updateTable('subscriptions')
    .set({
      status: 'active',
      stripe_customer_id: card.customerId,
      stripe_payment_method_id: card.paymentMethodId,
      updated_at: now,
    })
    .where('first_order_id', '=', orderId)
    .where('status', '=', 'pending')
    .returning('id')
    .execute()
  if (activated.length === 0) return 0
  const products = await trx
    .selectFrom('subscription_items')
    .select('product_id')
    .distinct()
    .where(
      'subscription_id',
      'in',
      activated.map((row) => row.id),
    )
    .execute()
  await syncReservations(
    trx,
    now,
    products.map((row) => row.product_id),
  )
  return activated.length
}

/**
 * A card saved on a setup-mode session (the customer's "Update Card"): stored on the
 * subscription the session was made for, only when the session's customer is the one on the
 * subscription, so an event for another customer's session cannot change this card.
 */
export async function storeSubscriptionCard(
  db: DB,
  ref: { subscriptionId: string; customerId: string; paymentMethodId: string },
): Promise<boolean> {
  const updated = await db
    .updateTable('subscriptions')
    .set({ stripe_payment_method_id: ref.paymentMethodId, updated_at: new Date() })
    .where('id', '=', ref.subscriptionId)
    .where('stripe_customer_id', '=', ref.customerId)
    .where('payment_method', '=', 'stripe')
    .executeTakeFirst()
  return updated.numUpdatedRows > 0n
}

/**
 * What an order's payment settles on the subscription side, in the transaction that marks it
 * paid: a box's cycle is paid (so its card is not charged again), and with the card the
 * payment saved, the subscriptions the order starts become active.
 */
export function settleSubscriptionPayment(orderId: string, card?: SavedCard) {
  return async (trx: DB): Promise<void> => {
    await trx
      .updateTable('subscription_cycles')
      .set({ charge_status: 'paid', retry_at: null, updated_at: new Date() })
      .where('order_id', '=', orderId)
      .where('charge_status', '!=', 'paid')
      .execute()
    if (card) await activatePendingSubscriptions(trx, orderId, card)
  }
}

/** Whether the order is a later box of a subscription, made by the scheduler. */
export async function isSubscriptionBox(db: DB, orderId: string): Promise<boolean> {
  const row = await db
    .selectFrom('subscription_cycles')
    .select('id')
    .where('order_id', '=', orderId)
    .executeTakeFirst()
  return row !== undefined
}
