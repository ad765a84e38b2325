import { findCustomerOrderToPay } from '~/orders/order-payment.server'
import { formatOrderNumber } from '~/orders/place-order'
import { type DB, getDb } from '~/platform/db/db.server'
import { getEnv } from '~/platform/env.server'
import type { PaymentStart } from './provider'
import { type PayStart, payRenewalByLink } from './renewal-payment.server'
import { orderPayPath, orderPayRefusal } from './saved-card'
import { createStripeProvider, type StripeConfig } from './stripe.server'

// The pay page of an unpaid card order (ADR 32): the link in the email about a box whose
// card was declined, or about a weighed order whose card hold lapsed (issue 31 item 6). Paying opens a Stripe Checkout Session for the order, exactly as the
// checkout does (the provider's own startPayment), and the signed webhook marks the order paid
// and its box's cycle with it. A box's page first takes the box's payment from the scheduler's
// card retry, or finds it taken (renewal-payment.server.ts): one payment per box.

export type PayableOrder = {
  id: string
  number: string
  status: string
  paymentMethod: string
  paymentStatus: string
  totalCents: number
  /** where Stripe sends the receipt; not for the page */
  email: string
}

/** The customer's own order, or null: someone else's is as unknown as a missing one. */
export async function getOrderToPay(
  db: DB,
  customerId: string,
  orderId: string,
): Promise<PayableOrder | null> {
  const order = await findCustomerOrderToPay(db, customerId, orderId)
  if (!order) return null
  return {
    id: order.id,
    number: formatOrderNumber(order.order_number),
    status: order.status,
    paymentMethod: order.payment_method,
    paymentStatus: order.payment_status,
    totalCents: order.total_cents,
    email: order.email,
  }
}

export type { PayStart }

export type PayOptions = {
  db?: DB
  /** Stripe's configuration and the shop's address (default: the app's) */
  stripe?: (StripeConfig & { baseUrl: string }) | undefined
}

/** Opens the card payment page for the order; a refusal when it cannot be paid now. */
export async function startOrderPayment(
  order: PayableOrder,
  options: PayOptions = {},
): Promise<PayStart> {
  const refusal = orderPayRefusal(order)
  if (refusal) return { ok: false, reason: 'refused', message: refusal }
  const db = options.db ?? getDb()
  const config = 'stripe' in options ? options.stripe : stripeOfEnv()
  if (!config) return { ok: false, reason: 'unavailable' }
  const payment = {
    id: order.id,
    orderNumber: order.number,
    email: order.email,
    totalCents: order.totalCents,
    cancelPath: orderPayPath(order.id),
  }
  // A subscription box is paid once, by this page or by the card's retry (issue 31).
  const renewal = await payRenewalByLink(db, config, payment)
  if (renewal) return renewal
  const started: PaymentStart = await createStripeProvider(db, config).startPayment(payment)
  if (started.kind !== 'redirect') return { ok: false, reason: 'unavailable' }
  return { ok: true, url: started.url }
}

function stripeOfEnv() {
  const { stripe, baseUrl } = getEnv()
  return stripe && { ...stripe, baseUrl }
}
