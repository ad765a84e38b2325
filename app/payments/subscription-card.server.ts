import { FREQUENCY_LABELS, isFrequency } from '~/catalog/subscription-terms'
import type { DB } from '~/platform/db/db.server'
import { subscriptionCardPath } from './saved-card'
import { createStripeClient, type StripeConfig } from './stripe.server'

// "Update Card" for a subscription paid by card (ADR 32): a setup-mode Stripe Checkout
// Session for the subscription's Stripe customer (made now when the subscription has none),
// where the customer saves a new card without paying anything. The signed webhook stores the
// card on the subscription (storeSubscriptionCard), so the next boxes are charged to it.

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

/** Opens Stripe's page to save a new card for the subscription; returns its address. */
export async function startCardUpdate(
  db: DB,
  config: StripeConfig & { baseUrl: string },
  subscriptionId: string,
): Promise<string> {
  const stripe = createStripeClient(config)
  const customerId = await stripeCustomerOf(db, stripe, subscriptionId)
  const page = `${config.baseUrl}${subscriptionCardPath(subscriptionId)}`
  const session = await stripe.checkout.sessions.create({
    mode: 'setup',
    currency: 'usd',
    customer: customerId,
    metadata: { subscriptionId },
    setup_intent_data: { metadata: { subscriptionId } },
    success_url: `${page}?updated=1`,
    cancel_url: page,
  })
  if (!session.url) throw new Error(`Stripe session ${session.id} came back without a url`)
  return session.url
}

/**
 * The subscription's Stripe customer, made now when it has none (paid at its first checkout
 * without one). Stored only where none is yet, so two clicks at once keep one customer: the
 * idempotency key makes Stripe answer both with the same one.
 */
async function stripeCustomerOf(
  db: DB,
  stripe: ReturnType<typeof createStripeClient>,
  subscriptionId: string,
): Promise<string> {
  const subscription = await db
    .selectFrom('subscriptions')
    .select(['stripe_customer_id', 'email', 'first_name', 'last_name'])
    .where('id', '=', subscriptionId)
    .executeTakeFirstOrThrow()
  if (subscription.stripe_customer_id) return subscription.stripe_customer_id
  const customer = await stripe.customers.create(
    {
      email: subscription.email,
      name: `${subscription.first_name} ${subscription.last_name}`,
      metadata: { subscriptionId },
    },
    { idempotencyKey: `customer:${subscriptionId}` },
  )
  await db
    .updateTable('subscriptions')
    .set({ stripe_customer_id: customer.id, updated_at: new Date() })
    .where('id', '=', subscriptionId)
    .where('stripe_customer_id', 'is', null)
    .execute()
  const stored = await db
    .selectFrom('subscriptions')
    .select('stripe_customer_id')
    .where('id', '=', subscriptionId)
    .executeTakeFirstOrThrow()
  return stored.stripe_customer_id ?? customer.id
}
