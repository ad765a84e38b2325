import { data, redirect } from 'react-router'
import { getCurrentUser } from '~/auth/session.server'
import { cancelPayPalApproval } from '~/payments/paypal-settle.server'
import { getPayPalClient } from '~/payments/providers.server'
import { getDb } from '~/platform/db/db.server'
import type { Route } from './+types/paypal-cancel'

// GET /api/paypal/cancel?token=<PayPal order id>: "Cancel and return" on PayPal's page. The
// order is cancelled at once, its stock returned and its items put back into the cart (ADR 19).
export async function loader({ request }: Route.LoaderArgs) {
  if (!getPayPalClient()) throw data('Not found', { status: 404 })
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const user = await getCurrentUser(request)
  const outcome = await cancelPayPalApproval(getDb(), token, user?.id ?? null)
  // Not this shopper's pending order (signed out meanwhile, an old link): nothing changes, and
  // the cart is the useful place to land; the sweep cancels an order nobody comes back for.
  if (outcome.kind === 'unknown') throw redirect('/cart', 303)
  // Paid already (a stale link): cancelling now would be wrong, so show the paid order.
  if (outcome.kind === 'settled' && !outcome.cancelled) {
    throw redirect(`/order-confirmation/${outcome.orderId}`, 303)
  }
  throw redirect('/checkout?payment=paypal-cancelled', 303)
}
