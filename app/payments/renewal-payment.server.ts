import { sql } from 'kysely'
import type Stripe from 'stripe'
import { markOrderPaid } from '~/orders/payment-events.server'
import type { DB } from '~/platform/db/db.server'
import { getLogger } from '~/platform/log.server'
import { markCyclePaid } from '~/subscriptions/renewal-charges.server'
import { settleSubscriptionPayment } from '~/subscriptions/saved-card.server'
import type { PaymentOrder } from './provider'
import {
  CARD_BEING_CHARGED,
  ORDER_ALREADY_PAID,
  orderPayPath,
  orderPayRefusal,
  PAYMENT_UNDER_WAY,
} from './saved-card'
import { createStripeClient, createStripeProvider, type StripeConfig } from './stripe.server'

// One payment per renewal (issue 31, closing ADR 32's known gap). A subscription box whose
// card was declined can be paid two ways: the scheduler's retry charges the saved card, and
// the customer pays from the emailed link on a Checkout Session. Both take the box's payment
// the same way before asking Stripe for anything: one conditional UPDATE of its cycle from a
// state nobody is paying ('none', 'failed', 'retry_failed') to 'charging', naming the payer
// and the payment key. Whoever's UPDATE matches pays; the other finds 'charging' (or 'paid')
// and stands back: the retry leaves the box, the pay page says the box is being paid.
//
// The key is the provider's idempotency key ('pay:{cycle}:{uuid}' here, 'charge:{cycle}:
// {attempt}' for the card), so a request Stripe sees twice is one session or one charge.
//
// The customer holds the box while their page can be paid: until it is paid (the webhook
// marks the order and the cycle paid) or it expires (the expired event hands the box back to
// the state it had, so a due retry charges the card). A page cannot be paid after Stripe
// expires it, so once handed back nothing of the customer's can take money. If the expired
// event never comes, the scheduler asks Stripe about a claim older than the page's lifetime
// (settleStalePayLink).

export type PayStart =
  | { ok: true; url: string }
  | { ok: false; reason: 'refused'; message: string }
  | { ok: false; reason: 'unavailable' }

type StripeSetup = StripeConfig & { baseUrl: string }

/** The states in which nobody is paying the box and it is not paid. */
const UNPAID = ['none', 'failed', 'retry_failed']

/**
 * The pay link of a subscription box: takes the box's payment for the customer and opens
 * Stripe's page, or says why not. Null when the order is not a box (a first order's page).
 */
export async function payRenewalByLink(
  db: DB,
  config: StripeSetup,
  order: PaymentOrder,
  now = new Date(),
): Promise<PayStart | null> {
  const cycle = await db
    .selectFrom('subscription_cycles')
    .select('id')
    .where('order_id', '=', order.id)
    .where('status', '=', 'ordered')
    .executeTakeFirst()
  if (!cycle) return null
  const key = `pay:${cycle.id}:${crypto.randomUUID()}`
  const claimed = await db
    .updateTable('subscription_cycles')
    .set({
      charge_status: 'charging',
      payer: 'customer',
      payment_key: key,
      checkout_session_id: null,
      updated_at: now,
    })
    .where('id', '=', cycle.id)
    .where('charge_status', 'in', UNPAID)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('orders')
          .select('orders.id')
          .whereRef('orders.id', '=', 'subscription_cycles.order_id')
          .where('orders.status', '=', 'pending_payment')
          .where('orders.payment_method', '=', 'stripe'),
      ),
    )
    .executeTakeFirst()
  if (claimed.numUpdatedRows === 0n) return whyNot(db, config, order.id, cycle.id)

  const log = getLogger().child({ orderId: order.id, cycleId: cycle.id })
  try {
    const started = await createStripeProvider(db, config).startPayment({
      ...order,
      cancelPath: orderPayPath(order.id),
      idempotencyKey: key,
    })
    if (started.kind !== 'redirect') throw new Error('Stripe started no payment page')
    // startPayment stored the session on the order; the box keeps it with the claim, and the
    // page's lifetime counts from now.
    await db
      .updateTable('subscription_cycles')
      .set((eb) => ({
        checkout_session_id: eb
          .selectFrom('orders')
          .select('payment_reference')
          .where('orders.id', '=', order.id),
        updated_at: new Date(),
      }))
      .where('id', '=', cycle.id)
      .where('payment_key', '=', key)
      .execute()
    return { ok: true, url: started.url }
  } catch (error) {
    // No page reached the customer: the box goes back to whoever may pay it.
    log.error({ err: error }, 'the pay link could not open a Stripe page')
    await handBack(db, cycle.id, key)
    return { ok: false, reason: 'unavailable' }
  }
}

/** What the pay page says when the box's payment is taken already. */
async function whyNot(
  db: DB,
  config: StripeSetup,
  orderId: string,
  cycleId: string,
): Promise<PayStart> {
  const row = await db
    .selectFrom('subscription_cycles')
    .innerJoin('orders', 'orders.id', 'subscription_cycles.order_id')
    .select([
      'subscription_cycles.charge_status',
      'subscription_cycles.payer',
      'subscription_cycles.checkout_session_id',
      'orders.status',
      'orders.payment_method',
      'orders.payment_status',
    ])
    .where('subscription_cycles.id', '=', cycleId)
    .executeTakeFirstOrThrow()
  const refused = (message: string): PayStart => ({ ok: false, reason: 'refused', message })
  const refusal = orderPayRefusal({
    status: row.status,
    paymentMethod: row.payment_method,
    paymentStatus: row.payment_status,
  })
  if (refusal) return refused(refusal)
  if (row.charge_status === 'paid') return refused(ORDER_ALREADY_PAID)
  if (row.charge_status === 'charging' && row.payer !== 'customer') {
    return refused(CARD_BEING_CHARGED)
  }
  // The customer's own page (a second click, another tab): the same page, never a second one.
  // No page yet: the other click is still opening it (or the box was handed back just now).
  if (row.charge_status !== 'charging' || !row.checkout_session_id) {
    return refused(PAYMENT_UNDER_WAY)
  }
  try {
    const session = await createStripeClient(config).checkout.sessions.retrieve(
      row.checkout_session_id,
    )
    if (session.status === 'open' && session.url) return { ok: true, url: session.url }
  } catch (error) {
    getLogger().error({ err: error, orderId }, 'the open payment page could not be read')
    return { ok: false, reason: 'unavailable' }
  }
  return refused(PAYMENT_UNDER_WAY)
}

/**
 * Gives the box back to the state it had before the claim with this key: 'failed' keeps its
 * retry time, so a retry that fell due meanwhile charges the card on the next run.
 */
async function handBack(db: DB, cycleId: string, key: string): Promise<boolean> {
  const released = await db
    .updateTable('subscription_cycles')
    .set({
      charge_status: sql<string>`case
        when charge_attempts = 0 then 'none'
        when retry_at is not null then 'failed'
        else 'retry_failed' end`,
      payer: null,
      payment_key: null,
      checkout_session_id: null,
      updated_at: new Date(),
    })
    .where('id', '=', cycleId)
    .where('charge_status', '=', 'charging')
    .where('payment_key', '=', key)
    .executeTakeFirst()
  return released.numUpdatedRows > 0n
}

/** checkout.session.expired for a box's pay page: the box is no longer being paid. */
export async function releasePayLink(
  db: DB,
  ref: { orderId: string; sessionId: string },
): Promise<boolean> {
  const cycle = await db
    .selectFrom('subscription_cycles')
    .select(['id', 'payment_key'])
    .where('order_id', '=', ref.orderId)
    .where('charge_status', '=', 'charging')
    .where('payer', '=', 'customer')
    .where('checkout_session_id', '=', ref.sessionId)
    .executeTakeFirst()
  if (!cycle?.payment_key) return false
  return handBack(db, cycle.id, cycle.payment_key)
}

export type StalePayLink = {
  id: string
  orderId: string
  payment_key: string | null
  checkout_session_id: string | null
}

/**
 * A customer's claim older than their page's lifetime whose end never reached us: Stripe says
 * what became of the page. Paid: the order is settled as the webhook would have. Expired (or
 * never made): the box is handed back. Still open: left to Stripe's expiry.
 */
export async function settleStalePayLink(
  db: DB,
  stripe: Stripe,
  claim: StalePayLink,
): Promise<'paid' | 'released' | 'left'> {
  const log = getLogger().child({ orderId: claim.orderId, cycleId: claim.id })
  if (!claim.payment_key) return 'left'
  if (!claim.checkout_session_id) {
    return (await handBack(db, claim.id, claim.payment_key)) ? 'released' : 'left'
  }
  const session = await stripe.checkout.sessions.retrieve(claim.checkout_session_id)
  if (session.status === 'complete' && session.payment_status === 'paid') {
    const result = await markOrderPaid(
      db,
      { orderId: claim.orderId, sessionId: session.id },
      settleSubscriptionPayment(claim.orderId),
    )
    if (result !== 'changed') {
      // The money is taken whatever became of the order: the card is never charged for it.
      await markCyclePaid(db, claim.id, claim.payment_key)
    }
    log.warn(
      { sessionId: session.id, result },
      'a paid pay-link page was settled without its event',
    )
    return 'paid'
  }
  if (session.status === 'expired') {
    return (await handBack(db, claim.id, claim.payment_key)) ? 'released' : 'left'
  }
  return 'left'
}
