import { formatOrderNumber } from '~/orders/place-order'
import { createStripeClient, type StripeConfig } from '~/payments/stripe.server'
import type { DB } from '~/platform/db/db.server'
import { type BalanceView, recordBalanceSession } from '~/shares/share-orders.server'

// A beef share's balance paid by card (ADR 31): a Stripe Checkout page for the one amount the
// shop computed from the hanging weight, opened from the link in the balance email. The share
// is named in the session's metadata (never an orderId: the order's own webhook path must not
// touch it), and the signed webhook marks the balance paid (stripe-webhook.server.ts).

export async function startBalanceCheckout(
  db: DB,
  config: StripeConfig & { baseUrl: string },
  token: string,
  share: BalanceView,
): Promise<{ ok: true; url: string } | { ok: false }> {
  if (share.dueCents === null || share.dueCents <= 0) return { ok: false }
  const stripe = createStripeClient(config)
  const page = `${config.baseUrl}/shares/balance/${encodeURIComponent(token)}`
  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    customer_email: share.email,
    metadata: { shareOrderId: share.id },
    payment_intent_data: { metadata: { shareOrderId: share.id } },
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: share.dueCents,
          product_data: {
            name: `Balance: ${share.size} share of ${share.animalName}`,
            description: `Order ${formatOrderNumber(share.orderNumber)}`,
          },
        },
      },
    ],
    success_url: `${page}?paid=1`,
    cancel_url: page,
  })
  if (!session.url) throw new Error(`Stripe session ${session.id} came back without a url`)
  // Refused when the balance was paid or changed meanwhile; the page then shows it as it is.
  if (!(await recordBalanceSession(db, token, session.id))) return { ok: false }
  return { ok: true, url: session.url }
}
