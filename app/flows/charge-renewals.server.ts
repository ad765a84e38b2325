import Stripe from 'stripe'
import { sendEmail } from '~/email/outbox.server'
import { getFarmBasics } from '~/farm/farm.server'
import { markOrderPaid, setPendingPaymentReference } from '~/orders/payment-events.server'
import { formatOrderNumber } from '~/orders/place-order'
import { settleStalePayLink } from '~/payments/renewal-payment.server'
import {
  createStripeClient,
  SESSION_LIFETIME_SECONDS,
  type StripeConfig,
} from '~/payments/stripe.server'
import type { DB } from '~/platform/db/db.server'
import { getEnv } from '~/platform/env.server'
import { getLogger } from '~/platform/log.server'
import {
  type CardClaim,
  claimCardCharge,
  markChargeFailed,
  markCyclePaid,
} from '~/subscriptions/renewal-charges.server'
import { settleSubscriptionPayment } from '~/subscriptions/saved-card.server'
import { chargeFailedEmail } from './emails/renewal-charge-failed'

// Each later box of a subscription paid by card is written 'pending_payment' (ADR 32); this
// step charges the card Stripe saved at the first checkout, off-session, and settles the
// order exactly as a paid Checkout Session does (markOrderPaid), cycle included.
//
// Once per cycle and attempt, however many instances run it: a cycle is claimed with one
// conditional UPDATE ('none' or a due 'failed' -> 'charging', attempts + 1), and the charge
// carries the idempotency key charge:{cycle}:{attempt}, so Stripe answers a repeated request
// with the first one's result. A claim whose instance died (or whose request to Stripe failed
// without an answer) is taken again after STALE_CHARGE_MS with the SAME attempt and key: a
// charge that did go through is then reported, not made a second time.
//
// A declined card (or none saved) marks the cycle 'failed', emails the customer a link to pay
// and tries once more RETRY_AFTER_MS later; the second decline is 'retry_failed', emailed too,
// and the order waits for the customer's payment or the farm. An order paid meanwhile (the
// link) or cancelled is no longer 'pending_payment' and is never charged.
//
// The pay link takes a box with the same claim (payer 'customer', issue 31): while the
// customer's Stripe page can be paid the box is 'charging' and the retry leaves it; the page's
// expiry hands it back. A customer's claim older than the page's lifetime is settled by asking
// Stripe about the page (settleStalePayLink), never by charging the card over it.

export const RETRY_AFTER_MS = 24 * 60 * 60 * 1000
export const STALE_CHARGE_MS = 10 * 60 * 1000
/** A pay-link claim outlives its Stripe page by this margin before Stripe is asked about it. */
const STALE_PAY_LINK_MS = SESSION_LIFETIME_SECONDS * 1000 + STALE_CHARGE_MS
/** The first try and one retry. */
const LAST_ATTEMPT = 2
const BATCH = 50

export type ChargeOptions = {
  /** Stripe's configuration (default: the app's); none leaves every cycle alone */
  stripe?: StripeConfig
  baseUrl?: string
}

export type ChargeRun = { paid: number; failed: number }

/** A box due to be charged, with what the charge and its email need. */
type Due = {
  id: string
  charge_status: string
  charge_attempts: number
  payer: string | null
  payment_key: string | null
  checkout_session_id: string | null
  date: string
  subscriptionId: string
  stripe_customer_id: string | null
  stripe_payment_method_id: string | null
  orderId: string
  order_number: number
  total_cents: number
  email: string
  ship_first_name: string
}

export async function chargeDueCycles(
  db: DB,
  now = new Date(),
  options: ChargeOptions = {},
): Promise<ChargeRun> {
  const env = getEnv()
  const config = 'stripe' in options ? options.stripe : env.stripe
  const run: ChargeRun = { paid: 0, failed: 0 }
  if (!config) return run
  const staleBefore = new Date(now.getTime() - STALE_CHARGE_MS)
  const payLinkStaleBefore = new Date(now.getTime() - STALE_PAY_LINK_MS)
  const due = await db
    .selectFrom('subscription_cycles')
    .innerJoin('subscriptions', 'subscriptions.id', 'subscription_cycles.subscription_id')
    .innerJoin('orders', 'orders.id', 'subscription_cycles.order_id')
    .select([
      'subscription_cycles.id',
      'subscription_cycles.charge_status',
      'subscription_cycles.charge_attempts',
      'subscription_cycles.payer',
      'subscription_cycles.payment_key',
      'subscription_cycles.checkout_session_id',
      'subscription_cycles.date',
      'subscriptions.id as subscriptionId',
      'subscriptions.stripe_customer_id',
      'subscriptions.stripe_payment_method_id',
      'orders.id as orderId',
      'orders.order_number',
      'orders.total_cents',
      'orders.email',
      'orders.ship_first_name',
    ])
    .where('subscription_cycles.status', '=', 'ordered')
    .where('subscriptions.payment_method', '=', 'stripe')
    .where('orders.status', '=', 'pending_payment')
    .where((eb) =>
      eb.or([
        eb('subscription_cycles.charge_status', '=', 'none'),
        eb.and([
          eb('subscription_cycles.charge_status', '=', 'failed'),
          eb('subscription_cycles.retry_at', '<=', now),
        ]),
        eb.and([
          eb('subscription_cycles.charge_status', '=', 'charging'),
          eb.or([
            eb('subscription_cycles.payer', 'is', null),
            eb('subscription_cycles.payer', '=', 'card'),
          ]),
          eb('subscription_cycles.updated_at', '<', staleBefore),
        ]),
        eb.and([
          eb('subscription_cycles.charge_status', '=', 'charging'),
          eb('subscription_cycles.payer', '=', 'customer'),
          eb('subscription_cycles.updated_at', '<', payLinkStaleBefore),
        ]),
      ]),
    )
    .orderBy('subscription_cycles.date')
    .limit(BATCH)
    .execute()
  if (due.length === 0) return run
  const stripe = createStripeClient(config)
  const baseUrl = options.baseUrl ?? env.baseUrl
  for (const box of due) {
    if (box.charge_status === 'charging' && box.payer === 'customer') {
      await settlePayLink(stripe, db, box)
      continue
    }
    const claimed = await claimCardCharge(db, box, now, staleBefore)
    if (claimed === null) continue
    const outcome = await chargeBox(db, stripe, box, claimed, now, baseUrl)
    if (outcome === 'paid') run.paid += 1
    if (outcome === 'failed') run.failed += 1
  }
  return run
}

/** A pay-link claim past its page's lifetime: Stripe says whether it was paid. */
async function settlePayLink(stripe: Stripe, db: DB, box: Due): Promise<void> {
  try {
    const outcome = await settleStalePayLink(db, stripe, box)
    getLogger().info({ cycleId: box.id, outcome }, 'a stale pay-link claim was looked up')
  } catch (error) {
    getLogger().error({ err: error, cycleId: box.id }, 'a stale pay-link claim could not be read')
  }
}

async function chargeBox(
  db: DB,
  stripe: Stripe,
  box: Due,
  { attempt, key }: CardClaim,
  now: Date,
  baseUrl: string,
): Promise<'paid' | 'failed' | 'left'> {
  const cycleId = box.id
  const log = getLogger().child({ cycleId, attempt })
  const customer = box.stripe_customer_id
  const card = box.stripe_payment_method_id
  let intentId: string | null = null
  if (customer && card) {
    try {
      const intent = await stripe.paymentIntents.create(
        {
          amount: box.total_cents,
          currency: 'usd',
          customer,
          payment_method: card,
          off_session: true,
          confirm: true,
          description: `Order ${formatOrderNumber(box.order_number)}`,
          metadata: { orderId: box.orderId, cycleId },
        },
        { idempotencyKey: key },
      )
      // Anything short of paid now (a bank asking the customer to confirm) is theirs to pay.
      if (intent.status === 'succeeded') intentId = intent.id
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeCardError)) {
        // Not an answer about the card (Stripe unreachable): the claim goes stale and is
        // taken again with the same key, so Stripe says what became of this request.
        log.error({ err: error }, 'off-session charge could not be made; will ask again')
        return 'left'
      }
      log.info({ code: error.code, declineCode: error.decline_code }, 'saved card declined')
    }
  }
  if (intentId) {
    await settleCharge(db, { cycleId, orderId: box.orderId, intentId })
    return 'paid'
  }

  const last = attempt >= LAST_ATTEMPT
  const retryAt = last ? null : new Date(now.getTime() + RETRY_AFTER_MS)
  const farm = await getFarmBasics(db)
  await db.transaction().execute(async (trx) => {
    if (!(await markChargeFailed(trx, { cycleId, key, last, retryAt, now }))) return
    const content = chargeFailedEmail({
      farmName: farm.name,
      baseUrl,
      orderId: box.orderId,
      orderNumber: formatOrderNumber(box.order_number),
      subscriptionId: box.subscriptionId,
      firstName: box.ship_first_name,
      boxDate: box.date,
      amountCents: box.total_cents,
      retryAt,
    })
    await sendEmail(trx, { to: box.email, ...content, template: 'charge-failed' })
  })
  if (!customer || !card) log.warn('no saved card to charge')
  return 'failed'
}

/** The card was charged: the order is paid, as by a Checkout Session, and its cycle with it. */
async function settleCharge(
  db: DB,
  ref: { cycleId: string; orderId: string; intentId: string },
): Promise<void> {
  await setPendingPaymentReference(db, ref.orderId, ref.intentId)
  const result = await markOrderPaid(
    db,
    { orderId: ref.orderId, sessionId: ref.intentId },
    settleSubscriptionPayment(ref.orderId),
  )
  if (result === 'changed') return
  // Paid by the customer's link, or cancelled, while the charge was made: the money is taken,
  // so the cycle says so, and the farm refunds by hand.
  await markCyclePaid(db, ref.cycleId)
  getLogger().error(
    { orderId: ref.orderId, paymentIntent: ref.intentId },
    'a box was charged after it was paid or cancelled: refund the charge in Stripe',
  )
}
