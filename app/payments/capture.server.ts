import type { WeighInput, WeighResult } from '~/orders/weights'
import { recordWeights } from '~/orders/weights.server'
import type { DB } from '~/platform/db/db.server'
import { getLogger } from '~/platform/log.server'
import { isExactUsd, type PayPalClient } from './paypal.server'
import { createStripeClient, type StripeConfig } from './stripe.server'

// Capturing a by-weight order's payment (ADR 30), whichever provider holds it. The payment
// was authorised for the order's maximum (a Stripe PaymentIntent with manual capture, or a
// PayPal AUTHORIZE order's authorisation), its id kept in orders.authorization_reference; once
// every piece is weighed the order's total is final and exactly that is captured. The
// provider's idempotency key (one per order) makes a second capture request, from a retry or
// a second admin, the same request; the conditional UPDATE records the capture once.

/** Captures `amountCents` of an authorisation, or throws: the one thing a provider adds. */
export type CaptureAuthorisation = (input: {
  reference: string
  amountCents: number
  idempotencyKey: string
}) => Promise<void>

/** The capture of each configured provider that can hold a payment. */
export type Capturers = Partial<Record<'stripe' | 'paypal', CaptureAuthorisation>>

export function stripeCapture(config: StripeConfig): CaptureAuthorisation {
  return async ({ reference, amountCents, idempotencyKey }) => {
    await createStripeClient(config).paymentIntents.capture(
      reference,
      { amount_to_capture: amountCents },
      { idempotencyKey },
    )
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

export const CAPTURE_FAILED =
  'The weights are saved, but the payment could not be captured. Please try again, or take the payment at pickup.'

export async function captureWeighedPayment(
  db: DB,
  orderId: string,
  capturers: Capturers,
): Promise<CaptureResult> {
  const order = await db
    .selectFrom('orders')
    .select([
      'payment_method',
      'payment_status',
      'authorization_reference',
      'weighed_at',
      'captured_cents',
      'total_cents',
      'authorised_cents',
    ])
    .where('id', '=', orderId)
    .executeTakeFirst()
  if (
    (order?.payment_method !== 'stripe' && order?.payment_method !== 'paypal') ||
    order.payment_status !== 'authorized' ||
    !order.authorization_reference ||
    !order.weighed_at ||
    order.captured_cents !== null
  ) {
    return { kind: 'nothing' }
  }
  const capture = capturers[order.payment_method]
  if (!capture) return { kind: 'failed', message: CAPTURE_FAILED }
  // Never more than was authorised: the weights refused a total above it already.
  const amount = Math.min(order.total_cents, order.authorised_cents ?? order.total_cents)
  try {
    await capture({
      reference: order.authorization_reference,
      amountCents: amount,
      idempotencyKey: `capture-${orderId}`,
    })
  } catch (error) {
    getLogger().error({ err: error, orderId, provider: order.payment_method }, 'capture failed')
    return { kind: 'failed', message: CAPTURE_FAILED }
  }
  await db
    .updateTable('orders')
    .set({ payment_status: 'paid', captured_cents: amount, updated_at: new Date() })
    .where('id', '=', orderId)
    .where('captured_cents', 'is', null)
    .execute()
  return { kind: 'captured', amountCents: amount }
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
    const totalCents = retry.kind === 'captured' ? retry.amountCents : 0
    return { ok: true, weighed: true, totalCents, capture: retry }
  }
  if (!weighed.weighed) return weighed
  return { ...weighed, capture: await captureWeighedPayment(db, input.orderId, capturers) }
}
