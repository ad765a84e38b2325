import type { DB } from '~/platform/db/db.server'
import { FREQUENCY_LABELS, isFrequency } from './terms'

// The subscription's side of its saved card (ADR 32): whose it is, how it is paid, and the
// Stripe customer its cards are saved under. Stripe itself is the update-card flow's business.

export type CardSubscription = {
  id: string
  status: string
  paymentMethod: string
  frequencyLabel: string
  hasCard: boolean
}

/** The customer's own subscription, or null: someone else's is as unknown as a missing one. */
export async function getCardSubscription(
  db: DB,
  customerId: string,
  subscriptionId: string,
): Promise<CardSubscription | null> {
  const row = await db
    .selectFrom('subscriptions')
    .select(['id', 'status', 'payment_method', 'frequency', 'stripe_payment_method_id'])
    .where('id', '=', subscriptionId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst()
  if (!row) return null
  return {
    id: row.id,
    status: row.status,
    paymentMethod: row.payment_method,
    frequencyLabel: isFrequency(row.frequency) ? FREQUENCY_LABELS[row.frequency] : row.frequency,
    hasCard: row.stripe_payment_method_id !== null,
  }
}

/** The subscription's Stripe customer (null until one is made) and who to make it for. */
export async function getCardHolder(
  db: DB,
  subscriptionId: string,
): Promise<{ stripeCustomerId: string | null; email: string; name: string }> {
  const row = await db
    .selectFrom('subscriptions')
    .select(['stripe_customer_id', 'email', 'first_name', 'last_name'])
    .where('id', '=', subscriptionId)
    .executeTakeFirstOrThrow()
  return {
    stripeCustomerId: row.stripe_customer_id,
    email: row.email,
    name: `${row.first_name} ${row.last_name}`,
  }
}

/**
 * Keeps the Stripe customer only where none is stored yet, and returns the one stored: two
 * clicks at once keep one customer.
 */
export async function keepStripeCustomer(
  db: DB,
  subscriptionId: string,
  stripeCustomerId: string,
): Promise<string> {
  await db
    .updateTable('subscriptions')
    .set({ stripe_customer_id: stripeCustomerId, updated_at: new Date() })
    .where('id', '=', subscriptionId)
    .where('stripe_customer_id', 'is', null)
    .execute()
  const stored = await db
    .selectFrom('subscriptions')
    .select('stripe_customer_id')
    .where('id', '=', subscriptionId)
    .executeTakeFirstOrThrow()
  return stored.stripe_customer_id ?? stripeCustomerId
}

/** The customer's saved card, kept by their subscription (ADR 32); null when there is none. */
export async function savedCardOfCustomer(db: DB, customerId: string) {
  const card = await db
    .selectFrom('subscriptions')
    .select(['stripe_customer_id', 'stripe_payment_method_id'])
    .where('customer_id', '=', customerId)
    .where('payment_method', '=', 'stripe')
    .where('status', '!=', 'cancelled')
    .where('stripe_customer_id', 'is not', null)
    .where('stripe_payment_method_id', 'is not', null)
    .orderBy('updated_at', 'desc')
    .executeTakeFirst()
  return card?.stripe_customer_id && card.stripe_payment_method_id
    ? { customer: card.stripe_customer_id, paymentMethod: card.stripe_payment_method_id }
    : null
}
