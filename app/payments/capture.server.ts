import type { WeighInput, WeighResult } from '~/orders/weights'
import { recordWeights } from '~/orders/weights.server'
import type { DB } from '~/platform/db/db.server'
import { getLogger } from '~/platform/log.server'
import { createStripeClient, type StripeConfig } from './stripe.server'

// Capturing a by-weight order's card payment (ADR 30). The card was authorised for the
// order's maximum (stripe.server.ts); once every piece is weighed the order's total is final
// and exactly that is captured. Stripe's idempotency key (one per order) makes a second
// capture request, from a retry or a second admin, the same request; the conditional UPDATE
// records the capture once.

export type CaptureResult =
  | { kind: 'captured'; amountCents: number }
  /** nothing to capture: not a card authorisation, not weighed yet, or captured already */
  | { kind: 'nothing' }
  | { kind: 'failed'; message: string }

export const CAPTURE_FAILED =
  'The weights are saved, but the card payment could not be captured. Please try again, or take the payment at pickup.'

export async function captureWeighedPayment(
  db: DB,
  orderId: string,
  stripe: StripeConfig | null,
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
    order?.payment_method !== 'stripe' ||
    order.payment_status !== 'authorized' ||
    !order.authorization_reference ||
    !order.weighed_at ||
    order.captured_cents !== null
  ) {
    return { kind: 'nothing' }
  }
  if (!stripe) return { kind: 'failed', message: CAPTURE_FAILED }
  // Never more than was authorised: the weights refused a total above it already.
  const amount = Math.min(order.total_cents, order.authorised_cents ?? order.total_cents)
  try {
    await createStripeClient(stripe).paymentIntents.capture(
      order.authorization_reference,
      { amount_to_capture: amount },
      { idempotencyKey: `capture-${orderId}` },
    )
  } catch (error) {
    getLogger().error({ err: error, orderId }, 'Stripe capture failed')
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
 * own transaction; a card authorised for the order is then captured for the final total. A
 * capture that fails leaves the weights in place and can be tried again by saving once more.
 */
export async function weighAndCapture(
  db: DB,
  actorId: string,
  input: WeighInput,
  stripe: StripeConfig | null,
): Promise<WeighResult & { capture?: CaptureResult }> {
  const weighed = await recordWeights(db, actorId, input)
  if (!weighed.ok) {
    // A card order weighed before whose capture failed: saving again retries the capture.
    if (weighed.status !== 409) return weighed
    const retry = await captureWeighedPayment(db, input.orderId, stripe)
    if (retry.kind === 'nothing') return weighed
    const totalCents = retry.kind === 'captured' ? retry.amountCents : 0
    return { ok: true, weighed: true, totalCents, capture: retry }
  }
  if (!weighed.weighed) return weighed
  return { ...weighed, capture: await captureWeighedPayment(db, input.orderId, stripe) }
}
