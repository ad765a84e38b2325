import Stripe from 'stripe'
import { getUncapturedHold, markHoldVoided } from '~/orders/order-payment.server'
import { changeOrderStatus, type StatusChangeResult } from '~/orders/order-status.server'
import type { OrderStatusInput } from '~/orders/order-workflow'
import type { DB } from '~/platform/db/db.server'
import { getEnv } from '~/platform/env.server'
import { getLogger } from '~/platform/log.server'
import type { PayPalClient } from './paypal.server'
import { getPayPalClient } from './providers.server'
import { createStripeClient, type StripeConfig } from './stripe.server'

// Releasing a by-weight order's card hold when the order is cancelled (ADR 30, issue 31 item 6):
// Stripe's PaymentIntent is cancelled, PayPal's authorisation voided, so the customer's money
// is free at once instead of when the hold lapses. The order's own cancellation (stock, promo
// use, email) is one transaction in the orders domain; the provider is asked after it commits,
// because a network call does not belong inside a database transaction. If that call fails,
// or the process dies first, the order stays 'cancelled' with its payment 'authorized', and
// the hold sweep (hold-renewal.server.ts) asks again, with the same idempotency key.

/** Releases a hold at its provider, or throws. One idempotency key per hold. */
export type ReleaseHold = (input: { reference: string; idempotencyKey: string }) => Promise<void>
export type HoldReleasers = Partial<Record<'stripe' | 'paypal', ReleaseHold>>

export function stripeRelease(config: StripeConfig): ReleaseHold {
  return async ({ reference, idempotencyKey }) => {
    const stripe = createStripeClient(config)
    try {
      await stripe.paymentIntents.cancel(reference, {}, { idempotencyKey })
    } catch (error) {
      // Stripe ends a hold itself after about 7 days: then nothing is held any more.
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        error.code === 'payment_intent_unexpected_state' &&
        (await stripe.paymentIntents.retrieve(reference)).status === 'canceled'
      ) {
        return
      }
      throw error
    }
  }
}

export function payPalRelease(client: PayPalClient): ReleaseHold {
  return ({ reference, idempotencyKey }) =>
    client.voidAuthorization({ authorizationId: reference, requestId: idempotencyKey })
}

/** How each configured provider releases a hold. */
export function configuredReleasers(): HoldReleasers {
  const { stripe } = getEnv()
  const paypal = getPayPalClient()
  return {
    ...(stripe && { stripe: stripeRelease(stripe) }),
    ...(paypal && { paypal: payPalRelease(paypal) }),
  }
}

/** The same key wherever a hold is released (cancel, sweep, renewal), so it is one request. */
export const releaseKey = (orderId: string, reference: string) => `void-${orderId}-${reference}`

export type ReleaseResult = 'released' | 'nothing' | 'failed'

/**
 * Releases the hold of a cancelled order, if it still has one, and records it as 'voided'.
 * Safe to run again and from several instances: the provider answers a repeated key with its
 * first answer, and the conditional UPDATE records it once.
 */
export async function releaseCancelledHold(
  db: DB,
  orderId: string,
  releasers: HoldReleasers,
): Promise<ReleaseResult> {
  const order = await getUncapturedHold(db, orderId)
  const reference = order?.authorization_reference
  if (order?.status !== 'cancelled' || order.payment_status !== 'authorized' || !reference) {
    return 'nothing'
  }
  const log = getLogger().child({ orderId, provider: order.payment_method })
  const release =
    order.payment_method === 'stripe' || order.payment_method === 'paypal'
      ? releasers[order.payment_method]
      : undefined
  if (!release) {
    log.warn('a cancelled order holds a payment at a provider that is not configured')
    return 'failed'
  }
  try {
    await release({ reference, idempotencyKey: releaseKey(orderId, reference) })
  } catch (error) {
    log.error({ err: error }, 'releasing the hold of a cancelled order failed; the sweep retries')
    return 'failed'
  }
  await markHoldVoided(db, orderId, reference)
  log.info('hold of a cancelled order released')
  return 'released'
}

/**
 * The admin's status change (orders/order-status.server.ts), and when it cancels an order, its
 * card hold released. The answer is the status change's: a hold that could not be released
 * yet is the sweep's to retry, not the admin's to worry about.
 */
export async function changeOrderStatusReleasingHold(
  db: DB,
  orderId: string,
  actorId: string,
  input: OrderStatusInput,
  releasers: HoldReleasers,
): Promise<StatusChangeResult> {
  const result = await changeOrderStatus(db, orderId, actorId, input)
  if (result.ok && result.status === 'cancelled') {
    await releaseCancelledHold(db, orderId, releasers)
  }
  return result
}
