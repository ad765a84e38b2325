import { describe, expect, test } from 'vitest'
import { createStripeClient } from '~/payments/stripe.server'
import {
  createCustomer,
  createOrder,
  createPickupPlace,
  createProduct,
  createSubscription,
  createWindow,
} from '~/seed/factories.server'
import { TEST_BASE_URL } from '../../tests/setup/app'
import { setUpStripeTestApp } from '../../tests/support/stripe-test-app'
import { chargeDueCycles, RETRY_AFTER_MS, STALE_CHARGE_MS } from './charge-renewals.server'
import { CHARGE_FAILED_SUBJECT } from './emails/renewal-charge-failed'

// Off-session charges of a subscription box's order, against the local Stripe stand-in.

const NOW = new Date('2026-12-01T12:00:00Z')
const HOUR = 60 * 60 * 1000
const app = setUpStripeTestApp()

const config = app.config
const options = () => ({ stripe: config(), baseUrl: TEST_BASE_URL })

/** A card subscription whose box of 3 December was made and waits for its charge. */
async function boxAwaitingCharge(card: { saved: boolean } = { saved: true }) {
  const customer = await createCustomer(app.t.db, { first_name: 'Ann' })
  const place = await createPickupPlace(app.t.db)
  const window = await createWindow(app.t.db, { place_id: place.id })
  const product = await createProduct(app.t.db, { name: 'Egg Box', price_cents: 2000 })
  const stripeCustomer = card.saved
    ? (await createStripeClient(config()).customers.create({ email: customer.email })).id
    : null
  const subscription = await createSubscription(
    app.t.db,
    { customerId: customer.id, windowId: window.id },
    [{ product_id: product.id, quantity: 2 }],
    {
      payment_method: 'stripe',
      email: customer.email,
      first_name: 'Ann',
      stripe_customer_id: stripeCustomer,
      stripe_payment_method_id: card.saved ? 'pm_test_saved' : null,
      next_date: '2026-12-10',
    },
  )
  const order = await createOrder(
    app.t.db,
    customer.id,
    [{ product_name: 'Egg Box', product_id: product.id, quantity: 2, unit_price_cents: 2000 }],
    {
      payment_method: 'stripe',
      status: 'pending_payment',
      email: customer.email,
      ship_first_name: 'Ann',
      idempotency_key: `subscription:${subscription.id}:2026-12-03`,
    },
  )
  const cycleId = crypto.randomUUID()
  await app.t.db
    .insertInto('subscription_cycles')
    .values({
      id: cycleId,
      subscription_id: subscription.id,
      date: '2026-12-03',
      status: 'ordered',
      order_id: order.id,
    })
    .execute()
  // 2 x $20.00 + 6 % tax
  return { cycleId, orderId: order.id, email: customer.email, subscriptionId: subscription.id }
}

async function cycleOf(cycleId: string) {
  const row = await app.t.db
    .selectFrom('subscription_cycles')
    .select(['charge_status', 'charge_attempts', 'retry_at'])
    .where('id', '=', cycleId)
    .executeTakeFirstOrThrow()
  return { ...row, retry_at: row.retry_at ? new Date(row.retry_at).toISOString() : null }
}

async function orderOf(orderId: string) {
  return app.t.db
    .selectFrom('orders')
    .select(['status', 'payment_status', 'payment_reference'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow()
}

/** The off-session charges the stand-in was asked for, for this order. */
const chargesOf = (orderId: string) =>
  [...app.standIn.paymentIntents.values()].filter(
    (intent) => intent.offSession && intent.metadata.orderId === orderId,
  )

async function mailsTo(email: string) {
  return app.t.db
    .selectFrom('email_outbox')
    .select(['subject', 'text_body', 'template'])
    .where('to_address', '=', email)
    .orderBy('created_at')
    .execute()
}

describe('chargeDueCycles', () => {
  test('charges the saved card off-session for the order total and settles the order and cycle', async () => {
    app.standIn.acceptCard()
    const box = await boxAwaitingCharge()
    await chargeDueCycles(app.t.db, NOW, options())
    const [charge, ...more] = chargesOf(box.orderId)
    expect(more).toEqual([])
    expect(charge).toMatchObject({
      amount: 4240,
      status: 'succeeded',
      customer: expect.stringMatching(/^cus_test_/),
      paymentMethod: 'pm_test_saved',
      offSession: true,
    })
    expect(await orderOf(box.orderId)).toEqual({
      status: 'paid',
      payment_status: 'paid',
      payment_reference: charge?.id,
    })
    expect(await cycleOf(box.cycleId)).toEqual({
      charge_status: 'paid',
      charge_attempts: 1,
      retry_at: null,
    })
    // A later run finds nothing to charge.
    await chargeDueCycles(app.t.db, new Date(NOW.getTime() + 2 * RETRY_AFTER_MS), options())
    expect(chargesOf(box.orderId)).toHaveLength(1)
    expect(await mailsTo(box.email)).toEqual([])
  })

  test('a declined card fails the cycle, emails a link to pay, and waits a day to retry', async () => {
    app.standIn.declineCard()
    const box = await boxAwaitingCharge()
    await chargeDueCycles(app.t.db, NOW, options())
    expect(await cycleOf(box.cycleId)).toEqual({
      charge_status: 'failed',
      charge_attempts: 1,
      retry_at: new Date(NOW.getTime() + RETRY_AFTER_MS).toISOString(),
    })
    expect(await orderOf(box.orderId)).toMatchObject({ status: 'pending_payment' })
    const [mail, ...others] = await mailsTo(box.email)
    expect(others).toEqual([])
    expect(mail?.subject).toBe(CHARGE_FAILED_SUBJECT)
    expect(mail?.template).toBe('charge-failed')
    expect(mail?.text_body).toContain('$42.40')
    expect(mail?.text_body).toContain(`${TEST_BASE_URL}/account/orders/${box.orderId}/pay`)
    expect(mail?.text_body).toContain('we will try your card once more on')

    // Before the day is up: not tried again.
    await chargeDueCycles(app.t.db, new Date(NOW.getTime() + RETRY_AFTER_MS - HOUR), options())
    expect(chargesOf(box.orderId)).toHaveLength(1)
    expect((await cycleOf(box.cycleId)).charge_attempts).toBe(1)
  })

  test('the retry a day later succeeds with the card accepted again', async () => {
    app.standIn.declineCard()
    const box = await boxAwaitingCharge()
    await chargeDueCycles(app.t.db, NOW, options())
    app.standIn.acceptCard()
    await chargeDueCycles(app.t.db, new Date(NOW.getTime() + RETRY_AFTER_MS), options())
    expect(await cycleOf(box.cycleId)).toEqual({
      charge_status: 'paid',
      charge_attempts: 2,
      retry_at: null,
    })
    expect(await orderOf(box.orderId)).toMatchObject({ status: 'paid', payment_status: 'paid' })
    expect(chargesOf(box.orderId).map((charge) => charge.status)).toEqual([
      'requires_payment_method',
      'succeeded',
    ])
  })

  test('a failed retry is final: retry_failed, a second email, no third charge', async () => {
    app.standIn.declineCard()
    const box = await boxAwaitingCharge()
    await chargeDueCycles(app.t.db, NOW, options())
    await chargeDueCycles(app.t.db, new Date(NOW.getTime() + RETRY_AFTER_MS), options())
    expect(await cycleOf(box.cycleId)).toEqual({
      charge_status: 'retry_failed',
      charge_attempts: 2,
      retry_at: null,
    })
    const mails = await mailsTo(box.email)
    expect(mails.map((mail) => mail.subject)).toEqual([
      CHARGE_FAILED_SUBJECT,
      CHARGE_FAILED_SUBJECT,
    ])
    expect(mails[1]?.text_body).toContain('We will not try your card again')
    await chargeDueCycles(app.t.db, new Date(NOW.getTime() + 3 * RETRY_AFTER_MS), options())
    expect(chargesOf(box.orderId)).toHaveLength(2)
    expect(await orderOf(box.orderId)).toMatchObject({ status: 'pending_payment' })
  })

  test('two runs at the same moment charge the card once', async () => {
    app.standIn.acceptCard()
    const box = await boxAwaitingCharge()
    const runs = await Promise.all([
      chargeDueCycles(app.t.db, NOW, options()),
      chargeDueCycles(app.t.db, NOW, options()),
      chargeDueCycles(app.t.db, NOW, options()),
    ])
    // One run claims it; the others find it taken (the idempotency key is the second guard).
    expect(runs.map((run) => run.paid).sort()).toEqual([0, 0, 1])
    expect(chargesOf(box.orderId)).toHaveLength(1)
    expect(await cycleOf(box.cycleId)).toMatchObject({ charge_status: 'paid', charge_attempts: 1 })
    expect(await orderOf(box.orderId)).toMatchObject({ status: 'paid' })
  })

  test('a claim left by a run that died is taken again with the same key: no second charge', async () => {
    app.standIn.acceptCard()
    const box = await boxAwaitingCharge()
    const subscription = await app.t.db
      .selectFrom('subscriptions')
      .select(['stripe_customer_id'])
      .where('id', '=', box.subscriptionId)
      .executeTakeFirstOrThrow()
    // The dead run claimed attempt 1 and its charge reached Stripe; then nothing more.
    await app.t.db
      .updateTable('subscription_cycles')
      .set({
        charge_status: 'charging',
        charge_attempts: 1,
        updated_at: new Date(NOW.getTime() - STALE_CHARGE_MS - 1000),
      })
      .where('id', '=', box.cycleId)
      .execute()
    await createStripeClient(config()).paymentIntents.create(
      {
        amount: 4240,
        currency: 'usd',
        customer: subscription.stripe_customer_id ?? '',
        payment_method: 'pm_test_saved',
        off_session: true,
        confirm: true,
        metadata: { orderId: box.orderId },
      },
      { idempotencyKey: `charge:${box.cycleId}:1` },
    )
    await chargeDueCycles(app.t.db, NOW, options())
    expect(chargesOf(box.orderId)).toHaveLength(1)
    expect(await cycleOf(box.cycleId)).toMatchObject({ charge_status: 'paid', charge_attempts: 1 })
    expect(await orderOf(box.orderId)).toMatchObject({ status: 'paid' })
  })

  test('a fresh claim of another run is left alone', async () => {
    const box = await boxAwaitingCharge()
    await app.t.db
      .updateTable('subscription_cycles')
      .set({ charge_status: 'charging', charge_attempts: 1, updated_at: NOW })
      .where('id', '=', box.cycleId)
      .execute()
    await chargeDueCycles(app.t.db, NOW, options())
    expect(chargesOf(box.orderId)).toEqual([])
    expect(await cycleOf(box.cycleId)).toMatchObject({ charge_status: 'charging' })
  })

  test('no saved card: failed and emailed without asking Stripe', async () => {
    const box = await boxAwaitingCharge({ saved: false })
    await chargeDueCycles(app.t.db, NOW, options())
    expect(chargesOf(box.orderId)).toEqual([])
    expect(await cycleOf(box.cycleId)).toMatchObject({ charge_status: 'failed' })
    expect((await mailsTo(box.email)).map((mail) => mail.subject)).toEqual([CHARGE_FAILED_SUBJECT])
  })

  test('an order paid or cancelled meanwhile is not charged', async () => {
    app.standIn.acceptCard()
    const paid = await boxAwaitingCharge()
    const cancelled = await boxAwaitingCharge()
    await app.t.db
      .updateTable('orders')
      .set({ status: 'paid' })
      .where('id', '=', paid.orderId)
      .execute()
    await app.t.db
      .updateTable('orders')
      .set({ status: 'cancelled' })
      .where('id', '=', cancelled.orderId)
      .execute()
    await chargeDueCycles(app.t.db, NOW, options())
    expect(chargesOf(paid.orderId)).toEqual([])
    expect(chargesOf(cancelled.orderId)).toEqual([])
  })

  test('without Stripe configured, cycles are left alone', async () => {
    const box = await boxAwaitingCharge()
    const run = await chargeDueCycles(app.t.db, NOW, { stripe: undefined })
    expect(run).toEqual({ paid: 0, failed: 0 })
    expect(await cycleOf(box.cycleId)).toEqual({
      charge_status: 'none',
      charge_attempts: 0,
      retry_at: null,
    })
  })
})
