import type { Logger } from 'pino'
import Stripe from 'stripe'
import {
  claimHoldRenewal,
  listCancelledHolds,
  listLapsingHolds,
  markHoldUnrenewable,
  replaceHold,
} from '~/orders/order-holds.server'
import { formatOrderNumber } from '~/orders/place-order'
import type { DB } from '~/platform/db/db.server'
import { getEnv } from '~/platform/env.server'
import { getLogger } from '~/platform/log.server'
import { savedCardOfCustomer } from '~/subscriptions/card.server'
import { RENEW_HOLD_AFTER_MS } from './holds'
import {
  configuredReleasers,
  type HoldReleasers,
  releaseCancelledHold,
  releaseKey,
  stripeRelease,
} from './holds.server'
import { createStripeClient, type StripeConfig } from './stripe.server'

// The hold sweep (ADR 30, issue 31 item 6). A by-weight order paid by card holds the order's
// maximum until it is weighed; Stripe lets such a hold go after about 7 days, and orders can
// wait longer than that for the farm's scale. Every few minutes, on every instance:
//
// - A Stripe hold 6 days old, its order still open and not weighed, is renewed where the
//   customer has a saved card (the one a subscription keeps, ADR 32): a new off-session
//   authorisation for the same maximum, and only once it holds, the order points at it and the
//   old one is cancelled. Without a saved card, or when the card is declined, the order is
//   marked so and left: once weighed, the customer is emailed a link to pay the exact amount
//   (capture.server.ts).
// - A cancelled order whose hold could not be released at cancelling has it released now.
//
// Several instances: an order is renewed only by the sweep that claims it (a conditional
// UPDATE on hold_renewal_claimed_at); a claim older than CLAIM_STALE_MS belongs to a sweep that
// died and is taken again, with the same idempotency key (one per old hold), so Stripe answers
// with the authorisation it already made rather than a second one. The new hold replaces the old
// one only while the order is still unweighed, held and not cancelled (a conditional UPDATE on
// the old reference); otherwise the new hold is the one released.

const CLAIM_STALE_MS = 10 * 60 * 1000
const BATCH = 20
/** Past this, every provider has let the hold go: a failed release is no longer retried. */
const RELEASE_FOR_MS = 30 * 24 * 60 * 60 * 1000
const EVERY_MS = 10 * 60 * 1000

export type HoldTools = { stripe?: StripeConfig; releasers: HoldReleasers }
export type HoldSweep = { renewed: number; unrenewable: number; released: number }

export async function sweepHolds(db: DB, tools: HoldTools, now = new Date()): Promise<HoldSweep> {
  const run: HoldSweep = { renewed: 0, unrenewable: 0, released: 0 }
  const cancelled = await listCancelledHolds(db, new Date(now.getTime() - RELEASE_FOR_MS), BATCH)
  for (const { id } of cancelled) {
    if ((await releaseCancelledHold(db, id, tools.releasers)) === 'released') run.released += 1
  }
  if (!tools.stripe) return run

  const staleBefore = new Date(now.getTime() - CLAIM_STALE_MS)
  const lapsing = await listLapsingHolds(db, {
    authorisedBy: new Date(now.getTime() - RENEW_HOLD_AFTER_MS),
    staleBefore,
    limit: BATCH,
  })
  const stripe = createStripeClient(tools.stripe)
  const release = stripeRelease(tools.stripe)
  for (const order of lapsing) {
    const reference = order.authorization_reference
    if (!reference || order.authorised_cents === null) continue
    const held = { ...order, reference, maximumCents: order.authorised_cents }
    if (!(await claimHoldRenewal(db, { orderId: held.id, reference, now, staleBefore }))) continue
    const outcome = await renewHold(db, stripe, release, held, now)
    if (outcome === 'renewed') run.renewed += 1
    if (outcome === 'unrenewable') run.unrenewable += 1
  }
  return run
}

type Lapsing = {
  id: string
  order_number: number
  customer_id: string
  reference: string
  maximumCents: number
}

async function renewHold(
  db: DB,
  stripe: Stripe,
  release: ReturnType<typeof stripeRelease>,
  order: Lapsing,
  now: Date,
): Promise<'renewed' | 'unrenewable' | 'left'> {
  const log = getLogger().child({ orderId: order.id, hold: order.reference })
  const card = await savedCardOfCustomer(db, order.customer_id)
  let renewed: string | null = null
  if (card) {
    try {
      const intent = await stripe.paymentIntents.create(
        {
          amount: order.maximumCents,
          currency: 'usd',
          customer: card.customer,
          payment_method: card.paymentMethod,
          capture_method: 'manual',
          off_session: true,
          confirm: true,
          description: `Order ${formatOrderNumber(order.order_number)}, at most (you pay for the exact weight)`,
          metadata: { orderId: order.id, renews: order.reference },
        },
        { idempotencyKey: `renew-hold-${order.id}-${order.reference}` },
      )
      if (intent.status === 'requires_capture' && intent.amount === order.maximumCents) {
        renewed = intent.id
      } else {
        log.warn({ intentStatus: intent.status }, 'renewed hold not held; released')
        await releaseQuietly(release, order.id, intent.id, log)
      }
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeCardError)) {
        // No answer about the card (Stripe unreachable): the claim goes stale and the next
        // sweep asks again with the same key.
        log.error({ err: error }, 'renewing a card hold failed; will ask again')
        return 'left'
      }
      log.info({ code: error.code, declineCode: error.decline_code }, 'saved card declined')
    }
  }
  if (!renewed) {
    await markHoldUnrenewable(db, { orderId: order.id, reference: order.reference, now })
    log.info({ savedCard: card !== null }, 'card hold not renewed: it will lapse')
    return 'unrenewable'
  }
  const swapped = await replaceHold(db, {
    orderId: order.id,
    reference: order.reference,
    renewed,
    now,
  })
  if (!swapped) {
    // Weighed, captured or cancelled meanwhile: the old hold is the order's; the new one goes.
    await releaseQuietly(release, order.id, renewed, log)
    return 'left'
  }
  await releaseQuietly(release, order.id, order.reference, log)
  log.info({ renewedAs: renewed }, 'card hold renewed')
  return 'renewed'
}

/** A hold that is nobody's: released, or left to lapse on its own if Stripe cannot say so now. */
async function releaseQuietly(
  release: ReturnType<typeof stripeRelease>,
  orderId: string,
  reference: string,
  log: Logger,
): Promise<void> {
  try {
    await release({ reference, idempotencyKey: releaseKey(orderId, reference) })
  } catch (error) {
    log.error({ err: error, released: reference }, 'a replaced hold could not be released')
  }
}

/** Runs the hold sweep now and every few minutes. Safe on every instance at once. */
export function startHoldRenewals(db: DB, log: Logger): { stop(): void } {
  const run = () => {
    const tools = { stripe: getEnv().stripe, releasers: configuredReleasers() }
    sweepHolds(db, tools).then(
      (swept) => {
        if (swept.renewed + swept.unrenewable + swept.released > 0) {
          log.info(swept, 'card holds swept')
        }
      },
      (error) => log.error({ err: error }, 'sweeping card holds failed'),
    )
  }
  run()
  const timer = setInterval(run, EVERY_MS)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}
