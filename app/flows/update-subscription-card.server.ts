import { subscriptionCardPath } from '~/payments/saved-card'
import { createStripeClient, type StripeConfig } from '~/payments/stripe.server'
import type { DB } from '~/platform/db/db.server'
import { getCardHolder, keepStripeCustomer } from '~/subscriptions/card.server'

// "Update Card" for a subscription paid by card (ADR 32): a setup-mode Stripe Checkout
// Session for the subscription's Stripe customer (made now when the subscription has none),
// where the customer saves a new card without paying anything. The signed webhook stores the
// card on the subscription (storeSubscriptionCard), so the next boxes are charged to it.

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
 * without one). The idempotency key makes Stripe answer two clicks at once with the same one.
 */
async function stripeCustomerOf(
  db: DB,
  stripe: ReturnType<typeof createStripeClient>,
  subscriptionId: string,
): Promise<string> {
  const holder = await getCardHolder(db, subscriptionId)
  if (holder.stripeCustomerId) return holder.stripeCustomerId
  const customer = await stripe.customers.create(
    { email: holder.email, name: holder.name, metadata: { subscriptionId } },
    { idempotencyKey: `customer:${subscriptionId}` },
  )
  return keepStripeCustomer(db, subscriptionId, customer.id)
}
