import { data, redirect } from 'react-router'
import { completePayPalApproval } from '~/payments/paypal-settle.server'
import { getPayPalClient } from '~/payments/providers.server'
import { getDb } from '~/platform/db/db.server'
import type { Route } from './+types/paypal-return'

// GET /api/paypal/return?token=<PayPal order id>&PayerID=...: where PayPal sends the shopper
// after they approve. We capture here (ADR 19); the order's confirmation page shows the result.
// 404 when PayPal is not configured, so the URL does not exist for a shop that does not use it.
export async function loader({ request }: Route.LoaderArgs) {
  const client = getPayPalClient()
  if (!client) throw data('Not found', { status: 404 })
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const outcome = await completePayPalApproval(getDb(), client, token)
  // 400 rather than 404: the error page shows a 4xx's own words, and these say what happened.
  if (outcome.kind === 'unknown') {
    throw data(
      'This PayPal payment does not belong to an order of this shop, so nothing was changed or charged.',
      { status: 400 },
    )
  }
  // Refused at capture, or already cancelled (a reload after that, or an approval that came
  // after the order's time ran out): no money was taken, and the checkout says so.
  if (outcome.kind === 'failed' || (outcome.kind === 'settled' && outcome.cancelled)) {
    throw redirect('/checkout?payment=paypal-failed', 303)
  }
  // Paid, or still open (PayPal holding the payment for review, or out of reach for a moment,
  // which the sweep settles later): the confirmation page shows the order's status.
  throw redirect(`/order-confirmation/${outcome.orderId}`, 303)
}
