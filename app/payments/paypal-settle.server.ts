import { restorePromoCode } from '~/cart/after-order.server'
import { addToCart } from '~/cart/cart-changes.server'
import {
  findPayPalOrder,
  getOrderPromoCode,
  listItemsToRefill,
  listWaitingPayPalOrders,
} from '~/orders/order-payment.server'
import { expireOrder, markOrderAuthorised, markOrderPaid } from '~/orders/payment-events.server'
import type { DB } from '~/platform/db/db.server'
import { getLogger } from '~/platform/log.server'
import {
  isExactUsd,
  PAYPAL_APPROVAL_LIFETIME_MS,
  type PayPalClient,
  PayPalError,
  type PayPalOrder,
} from './paypal.server'

// What PayPal's answers do to an order (ADR 19). The order was written 'pending_payment' with
// its stock held when the shopper placed it; PayPal's order id is its payment_reference.
// - Back from PayPal having approved: we capture, and only a completed capture of exactly our
//   total in US dollars marks the order paid (markOrderPaid: once, however often it runs).
// - Cancelled on PayPal's page, declined, or a capture that does not match: the order is
//   cancelled and its stock returned exactly once (expireOrder), and what was in it goes back
//   into the shopper's cart, so nothing has to be chosen again.
// - Never back at all (the tab was closed): after PAYPAL_APPROVAL_LIFETIME_MS the sweep asks
//   PayPal where the order stands, captures an approval it finds, and cancels the rest.
// - Priced by weight (ADR 30, orders.authorised_cents set): the PayPal order's intent is
//   AUTHORIZE, so an approval is authorised rather than captured, and only an authorisation
//   CREATED for exactly the maximum marks the order paid with payment status 'authorized',
//   keeping the authorisation id (markOrderAuthorised, as Stripe's PaymentIntent is kept).

export type PayPalOutcome =
  | { kind: 'paid'; orderId: string }
  /** PayPal holds the money for review (an eCheck): the order waits, still pending */
  | { kind: 'pending'; orderId: string }
  | { kind: 'failed'; orderId: string }
  | { kind: 'cancelled'; orderId: string }
  /** Settled before (a reload, a second return): nothing to do but show where it stands */
  | { kind: 'settled'; orderId: string; cancelled: boolean }
  /** PayPal could not be reached; the order waits for the return or the sweep to try again */
  | { kind: 'unreachable'; orderId: string }
  | { kind: 'unknown' }

type OurOrder = {
  id: string
  status: string
  total_cents: number
  authorised_cents: number | null
  customer_id: string
}

async function findOrder(db: DB, paypalOrderId: string): Promise<OurOrder | undefined> {
  if (!paypalOrderId || paypalOrderId.length > 100) return undefined
  return findPayPalOrder(db, paypalOrderId)
}

/** The shopper is back from PayPal having approved: capture (or authorise) and settle. */
export async function completePayPalApproval(
  db: DB,
  client: PayPalClient,
  paypalOrderId: string,
): Promise<PayPalOutcome> {
  const order = await findOrder(db, paypalOrderId)
  if (!order) return { kind: 'unknown' }
  if (order.status !== 'pending_payment') return settled(order)
  const authorise = order.authorised_cents !== null
  let answered: PayPalOrder
  try {
    answered = authorise
      ? await client.authorizeOrder(paypalOrderId)
      : await client.captureOrder(paypalOrderId)
  } catch (error) {
    // A 4xx is PayPal's no (declined, not approved, expired); anything else is a failure to
    // reach it, which must not cancel an order the shopper may well have paid for.
    if (error instanceof PayPalError && error.status >= 400 && error.status < 500) {
      getLogger().warn(
        { orderId: order.id, paypalOrderId, status: error.status, issue: error.issue },
        authorise ? 'PayPal refused the authorisation' : 'PayPal refused the capture',
      )
      return fail(db, order, paypalOrderId)
    }
    getLogger().error({ err: error, orderId: order.id }, 'capturing the PayPal payment failed')
    return { kind: 'unreachable', orderId: order.id }
  }
  return settleApproved(db, order, paypalOrderId, answered)
}

/** A PayPal order captured or authorised (COMPLETED): settles ours by its intent. */
function settleApproved(
  db: DB,
  order: OurOrder,
  paypalOrderId: string,
  paypalOrder: PayPalOrder,
): Promise<PayPalOutcome> {
  return order.authorised_cents === null
    ? settleCaptured(db, order, paypalOrderId, paypalOrder)
    : settleAuthorised(db, order, order.authorised_cents, paypalOrderId, paypalOrder)
}

async function settleAuthorised(
  db: DB,
  order: OurOrder,
  maximumCents: number,
  paypalOrderId: string,
  paypalOrder: PayPalOrder,
): Promise<PayPalOutcome> {
  const held = paypalOrder.purchase_units[0]?.payments?.authorizations[0]
  if (held?.status === 'PENDING') return { kind: 'pending', orderId: order.id }
  if (held?.status === 'CREATED' && isExactUsd(held, maximumCents)) {
    const result = await markOrderAuthorised(db, {
      orderId: order.id,
      sessionId: paypalOrderId,
      authorizationReference: held.id,
      amountCents: maximumCents,
    })
    return afterMarking(db, order, paypalOrderId, result === 'changed')
  }
  if (held?.status === 'CREATED') {
    getLogger().error(
      { orderId: order.id, paypalOrderId, authorised: held.amount, maximumCents },
      'PayPal authorised an amount that is not the order maximum: void it in PayPal',
    )
  }
  return fail(db, order, paypalOrderId)
}

/**
 * After markOrderPaid/markOrderAuthorised: paid, or settled by someone else between our look
 * and PayPal's answer (a second return, the sweep, or the farm cancelling it, whose stock may
 * be sold already: never revived; the money is given back in PayPal).
 */
async function afterMarking(
  db: DB,
  order: OurOrder,
  paypalOrderId: string,
  changed: boolean,
): Promise<PayPalOutcome> {
  if (changed) return { kind: 'paid', orderId: order.id }
  const now = await findOrder(db, paypalOrderId)
  if (now?.status === 'cancelled') {
    getLogger().error(
      { orderId: order.id, paypalOrderId },
      'PayPal took or held a payment for an order cancelled meanwhile: refund or void it in PayPal',
    )
  }
  return now ? settled(now) : { kind: 'unknown' }
}

async function settleCaptured(
  db: DB,
  order: OurOrder,
  paypalOrderId: string,
  paypalOrder: PayPalOrder,
): Promise<PayPalOutcome> {
  const capture = paypalOrder.purchase_units[0]?.payments?.captures[0]
  if (capture?.status === 'PENDING') return { kind: 'pending', orderId: order.id }
  if (capture?.status === 'COMPLETED' && isExactUsd(capture, order.total_cents)) {
    const result = await markOrderPaid(db, { orderId: order.id, sessionId: paypalOrderId })
    return afterMarking(db, order, paypalOrderId, result === 'changed')
  }
  if (capture?.status === 'COMPLETED') {
    // Money moved, but not our total: never treat it as payment for this order.
    getLogger().error(
      { orderId: order.id, paypalOrderId, captured: capture.amount, totalCents: order.total_cents },
      'PayPal captured an amount that is not the order total: refund it in PayPal',
    )
  }
  return fail(db, order, paypalOrderId)
}

function settled(order: OurOrder): PayPalOutcome {
  return { kind: 'settled', orderId: order.id, cancelled: order.status === 'cancelled' }
}

async function fail(db: DB, order: OurOrder, paypalOrderId: string): Promise<PayPalOutcome> {
  await cancelAndRefill(db, order, paypalOrderId)
  return { kind: 'failed', orderId: order.id }
}

/**
 * The shopper chose "Cancel and return" on PayPal's page. Only the order's own customer can
 * cancel it this way; for anyone else it is unknown (the sweep cancels what is abandoned).
 */
export async function cancelPayPalApproval(
  db: DB,
  paypalOrderId: string,
  customerId: string | null,
): Promise<PayPalOutcome> {
  const order = await findOrder(db, paypalOrderId)
  if (!order || order.customer_id !== customerId) return { kind: 'unknown' }
  if (order.status !== 'pending_payment') return settled(order)
  await cancelAndRefill(db, order, paypalOrderId)
  return { kind: 'cancelled', orderId: order.id }
}

/**
 * Cancels the order and returns its stock (once: expireOrder's status change is the guard),
 * then puts its items and promo code back into the shopper's cart, which placing the order
 * had emptied, so the checkout can simply be tried again.
 */
async function cancelAndRefill(db: DB, order: OurOrder, paypalOrderId: string): Promise<void> {
  const result = await expireOrder(db, { orderId: order.id, sessionId: paypalOrderId })
  if (result !== 'changed') return
  const items = await listItemsToRefill(db, order.id)
  const owner = { kind: 'customer', customerId: order.customer_id } as const
  for (const item of items) {
    if (!item.product_id) continue
    // A product sold out or archived meanwhile is simply not put back; the cart says the rest.
    await addToCart(db, owner, {
      productId: item.product_id,
      variantId: item.product_variant_id ?? undefined,
      quantity: item.quantity,
    })
  }
  const promo_code = await getOrderPromoCode(db, order.id)
  // placeOrder checks the code again, so one that ran out meanwhile is simply refused there.
  if (promo_code) await restorePromoCode(db, order.customer_id, promo_code)
}

/**
 * PayPal orders nobody came back from within the approval lifetime: captured if PayPal says
 * the shopper approved, else cancelled with their stock returned. Returns how many it settled.
 */
export async function sweepAbandonedPayPalOrders(
  db: DB,
  client: PayPalClient,
  now = new Date(),
): Promise<number> {
  const stale = await listWaitingPayPalOrders(
    db,
    new Date(now.getTime() - PAYPAL_APPROVAL_LIFETIME_MS),
    50,
  )
  let settled = 0
  for (const order of stale) {
    const paypalOrderId = order.payment_reference
    if (!paypalOrderId) {
      await expireOrder(db, { orderId: order.id, sessionId: null })
      settled += 1
      continue
    }
    let found: PayPalOrder
    try {
      found = await client.getOrder(paypalOrderId)
    } catch (error) {
      if (error instanceof PayPalError && error.status === 404) {
        await cancelAndRefill(db, order, paypalOrderId)
        settled += 1
      } else getLogger().warn({ err: error, orderId: order.id }, 'PayPal sweep: no answer')
      continue
    }
    const outcome =
      found.status === 'APPROVED'
        ? await completePayPalApproval(db, client, paypalOrderId)
        : found.status === 'COMPLETED'
          ? await settleApproved(db, order, paypalOrderId, found)
          : await fail(db, order, paypalOrderId)
    if (outcome.kind !== 'unreachable' && outcome.kind !== 'pending') settled += 1
  }
  return settled
}

const SWEEP_EVERY_MS = 10 * 60 * 1000

/** Runs the sweep now and every ten minutes (one process: the single server or the primary). */
export function startPayPalSweep(
  db: DB,
  client: PayPalClient,
  log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void },
): { stop(): void } {
  const run = () => {
    sweepAbandonedPayPalOrders(db, client).then(
      (settled) => {
        if (settled > 0) log.info({ settled }, 'abandoned PayPal approvals settled')
      },
      (error) => log.error({ err: error }, 'the PayPal sweep failed'),
    )
  }
  run()
  const timer = setInterval(run, SWEEP_EVERY_MS)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}
