import type { DB } from '~/db/db.server'
import { getLogger } from '~/log.server'
import { expireOrder, markOrderPaid } from '~/orders/payment-events.server'
import { createStripeClient, type StripeConfig } from './stripe.server'

// Stripe's webhook (D7): the only way an order paid by card becomes 'paid'. The signature is
// checked over the raw body before anything is read from it; then the event is handed to the
// order's payment events, which are safe to run twice or out of order. Every verified event
// is answered 200, handled or not, so Stripe does not retry what we chose to ignore.

export type WebhookAnswer = { status: number; body: { received: true } | { error: string } }

export async function handleStripeWebhook(
  db: DB,
  config: StripeConfig,
  rawBody: string,
  signature: string | null,
): Promise<WebhookAnswer> {
  if (!signature) return { status: 400, body: { error: 'Missing Stripe-Signature header' } }
  const stripe = createStripeClient(config)
  let event: Awaited<ReturnType<typeof stripe.webhooks.constructEventAsync>>
  try {
    event = await stripe.webhooks.constructEventAsync(rawBody, signature, config.webhookSecret)
  } catch (error) {
    getLogger().warn({ err: error }, 'Stripe webhook with a bad signature or body')
    return { status: 400, body: { error: 'Invalid signature' } }
  }
  const log = getLogger().child({ eventId: event.id, eventType: event.type })
  if (event.type === 'checkout.session.completed') {
    const session = event.data.object
    const orderId = session.metadata?.orderId ?? session.client_reference_id
    // 'unpaid' is a delayed method (bank debit) still under way: wait for a later event.
    if (orderId && session.payment_status === 'paid') {
      const result = await markOrderPaid(db, { orderId, sessionId: session.id })
      log.info({ orderId, result }, 'Stripe checkout completed')
    } else {
      log.info({ orderId, paymentStatus: session.payment_status }, 'Stripe event ignored')
    }
  } else if (event.type === 'checkout.session.expired') {
    const session = event.data.object
    const orderId = session.metadata?.orderId ?? session.client_reference_id
    if (orderId) {
      const result = await expireOrder(db, { orderId, sessionId: session.id })
      log.info({ orderId, result }, 'Stripe checkout expired')
    }
  } else {
    log.debug('Stripe event not used by this shop')
  }
  return { status: 200, body: { received: true } }
}
