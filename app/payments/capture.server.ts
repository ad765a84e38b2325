import Stripe from 'stripe'
import { sendEmail } from '~/email/outbox.server'
import { getFarmBasics } from '~/farm/farm.server'
import { getCaptureState, markPaymentDue, recordCapture } from '~/orders/order-payment.server'
import { formatOrderNumber } from '~/orders/place-order'
import type { WeighInput, WeighResult } from '~/orders/weights'
import { recordWeights } from '~/orders/weights.server'
import type { DB } from '~/platform/db/db.server'
import { getEnv } from '~/platform/env.server'
import { getLogger } from '~/platform/log.server'
import { holdLapsedEmail } from './emails/hold-lapsed'
import { STRIPE_HOLD_LIFETIME_MS } from './holds'
import { isExactUsd, type PayPalClient } from './paypal.server'
import { createStripeClient, type StripeConfig } from './stripe.server'

// Capturing a by-weight order's payment (ADR 30), whichever provider holds it. The payment
// was authorised for the order's maximum (a Stripe PaymentIntent with manual capture, or a
// PayPal AUTHORIZE order's authorisation), its id kept in orders.authorization_reference; once
// every piece is weighed the order's total is final and exactly that is captured. The
// provider's idempotency key (one per order) makes a second capture request, from a retry or
// a second admin, the same request; the conditional UPDATE records the capture once.
//
// A Stripe hold lasts about 7 days (issue 31 item 6). The hold sweep renews one about to lapse
// with the customer's saved card; without one it lapses, and weighing it asks the customer for
// the exact amount instead: the payment becomes 'due' and a link to pay it is emailed, in one
// transaction, so once. A hold is taken as lapsed when it is older than Stripe keeps it, or
// when Stripe answers the capture with the intent cancelled.

/** Captures `amountCents` of an authorisation, or throws: the one thing a provider adds. */
export type CaptureAuthorisation = (input: {
  reference: string
  amountCents: number
  idempotencyKey: string
}) => Promise<void>

/** The capture of each configured provider that can hold a payment. */
export type Capturers = Partial<Record<'stripe' | 'paypal', CaptureAuthorisation>>

/** Thrown by a capture whose hold the provider has already let go of. */
export class HoldLapsed extends Error {}

export function stripeCapture(config: StripeConfig): CaptureAuthorisation {
  return async ({ reference, amountCents, idempotencyKey }) => {
    const stripe = createStripeClient(config)
    try {
      await stripe.paymentIntents.capture(
        reference,
        { amount_to_capture: amountCents },
        { idempotencyKey },
      )
    } catch (error) {
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        error.code === 'payment_intent_unexpected_state' &&
        (await stripe.paymentIntents.retrieve(reference)).status === 'canceled'
      ) {
        throw new HoldLapsed(`PaymentIntent ${reference} was cancelled before it was captured`)
      }
      throw error
    }
  }
}

export function payPalCapture(client: PayPalClient): CaptureAuthorisation {
  return async ({ reference, amountCents, idempotencyKey }) => {
    const capture = await client.captureAuthorization({
      authorizationId: reference,
      amountCents,
      requestId: idempotencyKey,
    })
    // PENDING: PayPal took the capture and is reviewing it; the amount is ours either way.
    const taken = capture.status === 'COMPLETED' || capture.status === 'PENDING'
    if (!taken || !isExactUsd(capture, amountCents)) {
      throw new Error(
        `PayPal capture ${capture.id} is ${capture.status} for ${capture.amount.value} ${capture.amount.currency_code}`,
      )
    }
  }
}

export type CaptureResult =
  | { kind: 'captured'; amountCents: number }
  /** nothing to capture: not a card authorisation, not weighed yet, or captured already */
  | { kind: 'nothing' }
  | { kind: 'failed'; message: string }
  /** the hold had lapsed: the amount is due, and the customer was emailed a link to pay it */
  | { kind: 'pay-link'; amountCents: number }

export const CAPTURE_FAILED =
  'The weights are saved, but the payment could not be captured. Please try again, or take the payment at pickup.'

export async function captureWeighedPayment(
  db: DB,
  orderId: string,
  capturers: Capturers,
  now = new Date(),
): Promise<CaptureResult> {
  const order = await getCaptureState(db, orderId)
  if (
    (order?.payment_method !== 'stripe' && order?.payment_method !== 'paypal') ||
    order.payment_status !== 'authorized' ||
    !order.authorization_reference ||
    !order.weighed_at ||
    order.captured_cents !== null
  ) {
    return { kind: 'nothing' }
  }
  // Never more than was authorised: the weights refused a total above it already.
  const amount = Math.min(order.total_cents, order.authorised_cents ?? order.total_cents)
  const lapsed =
    order.payment_method === 'stripe' &&
    order.hold_authorised_at !== null &&
    now.getTime() - order.hold_authorised_at.getTime() >= STRIPE_HOLD_LIFETIME_MS
  if (lapsed) return askForPayment(db, orderId, order.authorization_reference)
  const capture = capturers[order.payment_method]
  if (!capture) return { kind: 'failed', message: CAPTURE_FAILED }
  try {
    await capture({
      reference: order.authorization_reference,
      amountCents: amount,
      idempotencyKey: `capture-${orderId}`,
    })
  } catch (error) {
    if (error instanceof HoldLapsed)
      return askForPayment(db, orderId, order.authorization_reference)
    getLogger().error({ err: error, orderId, provider: order.payment_method }, 'capture failed')
    return { kind: 'failed', message: CAPTURE_FAILED }
  }
  await recordCapture(db, orderId, amount)
  return { kind: 'captured', amountCents: amount }
}

/**
 * The weighed order's hold has lapsed: its final total is due, and the customer is emailed a
 * link to pay exactly that. The conditional UPDATE is the guard, so the email goes once however
 * often the weights are saved or the capture retried.
 */
async function askForPayment(db: DB, orderId: string, reference: string): Promise<CaptureResult> {
  const farm = await getFarmBasics(db)
  const asked = await db.transaction().execute(async (trx) => {
    const order = await markPaymentDue(trx, orderId, reference)
    if (!order) return null
    const content = holdLapsedEmail({
      farmName: farm.name,
      baseUrl: getEnv().baseUrl,
      orderId,
      orderNumber: formatOrderNumber(order.order_number),
      firstName: order.ship_first_name,
      amountCents: order.total_cents,
    })
    await sendEmail(trx, { to: order.email, ...content, template: 'hold-lapsed' })
    return order.total_cents
  })
  if (asked === null) return { kind: 'nothing' }
  getLogger().info({ orderId }, 'card hold lapsed before weighing: the customer is asked to pay')
  return { kind: 'pay-link', amountCents: asked }
}

/**
 * The farm's weighing form: the weights are stored (and the total recomputed) first, in their
 * own transaction; a payment authorised for the order is then captured for the final total. A
 * capture that fails leaves the weights in place and can be tried again by saving once more.
 */
export async function weighAndCapture(
  db: DB,
  actorId: string,
  input: WeighInput,
  capturers: Capturers,
): Promise<WeighResult & { capture?: CaptureResult }> {
  const weighed = await recordWeights(db, actorId, input)
  if (!weighed.ok) {
    // An order weighed before whose capture failed: saving again retries the capture.
    if (weighed.status !== 409) return weighed
    const retry = await captureWeighedPayment(db, input.orderId, capturers)
    if (retry.kind === 'nothing') return weighed
    const totalCents = retry.kind === 'failed' ? 0 : retry.amountCents
    return { ok: true, weighed: true, totalCents, capture: retry }
  }
  if (!weighed.weighed) return weighed
  return { ...weighed, capture: await captureWeighedPayment(db, input.orderId, capturers) }
}
