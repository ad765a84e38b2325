import Stripe from 'stripe'
import { getOrderHold, listLinesToPay, setPaymentReference } from '~/orders/order-payment.server'
import type { DB } from '~/platform/db/db.server'
import { startsPendingSubscriptions } from '~/subscriptions/saved-card.server'
import type { PaymentProvider } from './provider'

// Stripe Checkout (D7): the shopper pays on Stripe's hosted page, so card data never touches
// our server and no card field exists on our pages. The order is already written as
// 'pending_payment' with its stock held; the signed webhook settles it (payment-events).
//
// The session charges ONE line, "Order FS-10001", at the order's total, with the items named
// in its description. Why: Stripe refuses negative line items, so a promo discount cannot be
// a line, and a one-off coupon per order is more moving parts than it is worth. One line at
// our own total also means Stripe charges exactly what our pricing function computed, to the
// cent, with no second tax or rounding calculation to drift from ours.
//
// An order with lines priced by weight (ADR 30) has no final total yet: its session asks for
// the order's maximum (orders.authorised_cents) with a manual capture, so the card is only
// authorised; capture.server.ts captures the exact amount once every piece is weighed.
//
// An order that starts subscriptions paid by card (ADR 32) also saves the card: the session
// makes a Stripe customer and marks the payment for off-session reuse, and the webhook stores
// both on the subscriptions (subscriptions/saved-card.server.ts) for the later boxes' charges.

/** How long the hosted page stays open; its expiry (webhook) returns the held stock. */
export const SESSION_LIFETIME_SECONDS = 30 * 60

export type StripeConfig = {
  secretKey: string
  webhookSecret: string
  /** TEST ONLY: a local stand-in for api.stripe.com, e.g. http://127.0.0.1:12111 */
  apiBase?: string
}

export function createStripeClient(config: StripeConfig): Stripe {
  if (!config.apiBase) return new Stripe(config.secretKey, { maxNetworkRetries: 2 })
  const base = new URL(config.apiBase)
  return new Stripe(config.secretKey, {
    host: base.hostname,
    port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
    protocol: base.protocol === 'https:' ? 'https' : 'http',
  })
}

export function createStripeProvider(
  db: DB,
  config: StripeConfig & { baseUrl: string },
): PaymentProvider {
  const stripe = createStripeClient(config)
  return {
    id: 'stripe',
    label: 'Credit or debit card (Stripe)',
    description:
      'After reviewing your order you pay on Stripe’s secure page. Your card details never reach this shop.',
    async startPayment(order) {
      const held = await getOrderHold(db, order.id)
      // Once weighed, the total is exact: a lapsed hold's pay link charges it outright.
      const authorised = held.weighed_at === null ? held.authorised_cents : null
      const items = await listLinesToPay(db, order.id)
      const description = items
        .map((item) => {
          const name = item.variant_name
            ? `${item.product_name} (${item.variant_name})`
            : item.product_name
          return `${item.quantity} × ${name}`
        })
        .join(', ')
        // Stripe limits a description's length; the full list is on our confirmation page.
        .slice(0, 500)
      const savesCard = await startsPendingSubscriptions(db, order.id)
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          customer_email: order.email,
          client_reference_id: order.id,
          metadata: { orderId: order.id },
          ...(savesCard && { customer_creation: 'always' as const }),
          payment_intent_data: {
            metadata: { orderId: order.id },
            ...(authorised !== null && { capture_method: 'manual' as const }),
            ...(savesCard && { setup_future_usage: 'off_session' as const }),
          },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: authorised ?? order.totalCents,
                product_data: {
                  name:
                    authorised === null
                      ? `Order ${order.orderNumber}`
                      : `Order ${order.orderNumber}, at most (you pay for the exact weight)`,
                  ...(description && { description }),
                },
              },
            },
          ],
          success_url: `${config.baseUrl}/order-confirmation/${order.id}`,
          cancel_url: `${config.baseUrl}${order.cancelPath ?? '/checkout'}`,
          expires_at: Math.floor(Date.now() / 1000) + SESSION_LIFETIME_SECONDS,
        },
        order.idempotencyKey ? { idempotencyKey: order.idempotencyKey } : undefined,
      )
      if (!session.url) throw new Error(`Stripe session ${session.id} came back without a url`)
      await setPaymentReference(db, order.id, session.id)
      return { kind: 'redirect', url: session.url }
    },
  }
}
