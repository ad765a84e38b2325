import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getOrderToPay, type PayOptions, startOrderPayment } from '~/payments/order-pay.server'
import { CARD_BEING_CHARGED, ORDER_ALREADY_PAID } from '~/payments/saved-card'
import { createStripeClient, SESSION_LIFETIME_SECONDS } from '~/payments/stripe.server'
import { handleStripeWebhook } from '~/payments/stripe-webhook.server'
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

// Issue 31 item 6 (ADR 32's known gap): a customer paying a declined box from the emailed link
// at the moment the scheduler retries the card must be charged once. The two run against the
// Stripe stand-in made slow, so they overlap at the "provider": on SQLite as interleaved async
// steps, on PostgreSQL as concurrent transactions on separate connections.

// On the real clock, as the pay page is: the box was declined a day and a minute ago, so its
// retry is due now, and a claim the pay page makes now is as fresh as the scheduler sees it.
const MINUTE = 60 * 1000
const declinedAt = () => new Date(Date.now() - RETRY_AFTER_MS - MINUTE)
const app = setUpStripeTestApp()
const options = () => ({ stripe: app.config(), baseUrl: TEST_BASE_URL })

// The pay page reads Stripe's configuration from the environment, as the route does.
const ENV = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE'] as const
const saved = Object.fromEntries(ENV.map((name) => [name, process.env[name]]))
const resetEnv = () => {
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('farm-shop.env')]
}
beforeAll(() => {
  const config = app.config()
  process.env.STRIPE_SECRET_KEY = config.secretKey
  process.env.STRIPE_WEBHOOK_SECRET = config.webhookSecret
  process.env.STRIPE_API_BASE = config.apiBase
  resetEnv()
})
afterAll(() => {
  for (const name of ENV) {
    if (saved[name] === undefined) delete process.env[name]
    else process.env[name] = saved[name]
  }
  resetEnv()
})

/** A card subscription's box whose first charge was declined a day ago: its retry is due. */
async function declinedBox(date = '2026-12-03') {
  const customer = await createCustomer(app.t.db, { first_name: 'Ann' })
  const place = await createPickupPlace(app.t.db)
  const window = await createWindow(app.t.db, { place_id: place.id })
  const product = await createProduct(app.t.db, { name: 'Egg Box', price_cents: 2000 })
  const stripeCustomer = await createStripeClient(app.config()).customers.create({
    email: customer.email,
  })
  const subscription = await createSubscription(
    app.t.db,
    { customerId: customer.id, windowId: window.id },
    [{ product_id: product.id, quantity: 2 }],
    {
      payment_method: 'stripe',
      email: customer.email,
      first_name: 'Ann',
      stripe_customer_id: stripeCustomer.id,
      stripe_payment_method_id: 'pm_test_saved',
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
      idempotency_key: `subscription:${subscription.id}:${date}`,
    },
  )
  const cycleId = crypto.randomUUID()
  await app.t.db
    .insertInto('subscription_cycles')
    .values({
      id: cycleId,
      subscription_id: subscription.id,
      date,
      status: 'ordered',
      order_id: order.id,
    })
    .execute()
  app.standIn.declineCard()
  const declined = declinedAt()
  await chargeDueCycles(app.t.db, declined, options())
  app.standIn.acceptCard()
  const retryAt = new Date(declined.getTime() + RETRY_AFTER_MS)
  return { cycleId, orderId: order.id, customerId: customer.id, retryAt }
}

type Box = Awaited<ReturnType<typeof declinedBox>>

/**
 * The customer opens the emailed link, presses Pay Now and pays on Stripe's page, whose
 * completed event reaches the webhook: what the pay page answered.
 */
async function customerPays(box: Box) {
  const order = await getOrderToPay(app.t.db, box.customerId, box.orderId)
  if (!order) throw new Error('the order is not the customer’s')
  const started = await startOrderPayment(order)
  if (!started.ok) return started
  const sessionId = new URL(started.url).pathname.split('/').pop() ?? ''
  app.standIn.completeSession(sessionId)
  const { payload, signature } = app.standIn.signedEvent('checkout.session.completed', sessionId)
  const answer = await handleStripeWebhook(app.t.db, app.config(), payload, signature)
  expect(answer.status).toBe(200)
  return started
}

/** Money taken at the stand-in for the order: off-session charges and paid pages alike. */
function chargesOf(orderId: string) {
  const pages = new Set(
    [...app.standIn.sessions.values()]
      .filter((session) => session.orderId === orderId)
      .map((session) => session.paymentIntentId),
  )
  return [...app.standIn.paymentIntents.values()].filter(
    (intent) =>
      (intent.metadata.orderId === orderId || pages.has(intent.id)) &&
      intent.status === 'succeeded',
  )
}

async function stateOf(box: Box) {
  const order = await app.t.db
    .selectFrom('orders')
    .select(['status', 'payment_status', 'payment_reference'])
    .where('id', '=', box.orderId)
    .executeTakeFirstOrThrow()
  const cycle = await app.t.db
    .selectFrom('subscription_cycles')
    .select('charge_status')
    .where('id', '=', box.cycleId)
    .executeTakeFirstOrThrow()
  return { order, charge: cycle.charge_status }
}

async function cycleOf(box: Box) {
  const row = await app.t.db
    .selectFrom('subscription_cycles')
    .select(['charge_status', 'charge_attempts', 'retry_at', 'payer'])
    .where('id', '=', box.cycleId)
    .executeTakeFirstOrThrow()
  return { ...row, retry_at: row.retry_at ? new Date(row.retry_at).toISOString() : null }
}

/** Presses Pay Now without paying: the page it opened. */
async function openPage(box: Box, options?: PayOptions) {
  const order = await getOrderToPay(app.t.db, box.customerId, box.orderId)
  if (!order) throw new Error('the order is not the customer’s')
  return startOrderPayment(order, options)
}

const sessionOf = (url: string) => new URL(url).pathname.split('/').pop() ?? ''

async function deliver(
  type: 'checkout.session.completed' | 'checkout.session.expired',
  id: string,
) {
  const { payload, signature } = app.standIn.signedEvent(type, id)
  return handleStripeWebhook(app.t.db, app.config(), payload, signature)
}

/** Both at once; `second` starts when `first` has a request at the stand-in (if given). */
async function race(box: Box, first: 'customer' | 'card' | 'both', atStripe?: string) {
  const customer = () => customerPays(box)
  const card = () => chargeDueCycles(app.t.db, new Date(), options())
  app.standIn.slowDown(100)
  try {
    if (first === 'both') return await Promise.all([customer(), card()])
    const there = app.standIn.requested(atStripe ?? '')
    if (first === 'customer') return await Promise.all([customer(), there.then(card)])
    const [run, paid] = await Promise.all([card(), there.then(customer)])
    return [paid, run] as const
  } finally {
    app.standIn.slowDown(0)
  }
}

/** What both must show whoever won: one charge, one payment recorded, the box paid. */
async function expectPaidOnce(box: Box) {
  const charges = chargesOf(box.orderId)
  expect(charges).toHaveLength(1)
  const state = await stateOf(box)
  expect(state).toMatchObject({ order: { status: 'paid', payment_status: 'paid' }, charge: 'paid' })
  // The payment recorded is the one that took the money: the page's session or the charge.
  const [charge] = charges
  const page = [...app.standIn.sessions.values()].find(
    (session) => session.paymentIntentId === charge?.id,
  )
  expect(state.order.payment_reference).toBe(page ? page.id : charge?.id)
}

describe('the pay link and the scheduler’s retry at the same moment', () => {
  test('the customer’s page is being made at Stripe when the retry runs: the retry leaves the card', async () => {
    const box = await declinedBox()
    const [paid, run] = await race(box, 'customer', '/v1/checkout/sessions')
    expect(paid.ok).toBe(true)
    expect(run).toEqual({ paid: 0, failed: 0 })
    await expectPaidOnce(box)
  })

  test('the card is being charged when the customer presses Pay Now: told so, nothing opened', async () => {
    const box = await declinedBox()
    const [paid, run] = await race(box, 'card', '/v1/payment_intents')
    expect(paid).toEqual({ ok: false, reason: 'refused', message: CARD_BEING_CHARGED })
    expect(run).toEqual({ paid: 1, failed: 0 })
    expect([...app.standIn.sessions.values()].filter((s) => s.orderId === box.orderId)).toEqual([])
    await expectPaidOnce(box)
  })

  test('both at once: one of them pays, the other is told', async () => {
    const box = await declinedBox()
    const [paid, run] = await race(box, 'both')
    if (paid.ok) expect(run).toEqual({ paid: 0, failed: 0 })
    else {
      expect(run).toEqual({ paid: 1, failed: 0 })
      expect(paid).toEqual({
        ok: false,
        reason: 'refused',
        message: expect.toBeOneOf([CARD_BEING_CHARGED, ORDER_ALREADY_PAID]),
      })
    }
    await expectPaidOnce(box)
  })

  test('ten boxes, each paid from its link while one run retries them all: each paid once', async () => {
    // The run takes them by date; half the customers wait until it is charging the first.
    const boxes: Box[] = []
    for (let day = 10; day < 20; day++) boxes.push(await declinedBox(`2026-12-${day}`))
    app.standIn.slowDown(50)
    try {
      const charging = app.standIn.requested('/v1/payment_intents')
      const [answers] = await Promise.all([
        Promise.all(
          boxes.map((box, i) =>
            (i < 5 ? charging : Promise.resolve()).then(() => customerPays(box)),
          ),
        ),
        chargeDueCycles(app.t.db, new Date(), options()),
      ])
      for (const box of boxes) await expectPaidOnce(box)
      // Some went each way, or the race proved nothing.
      const byLink = answers.filter((answer) => answer.ok).length
      expect(byLink).toBeGreaterThan(0)
      expect(byLink).toBeLessThan(boxes.length)
    } finally {
      app.standIn.slowDown(0)
    }
  })
})

describe('a box held by its pay link', () => {
  test('a second Pay Now opens the same page, never a second one', async () => {
    const box = await declinedBox()
    const first = await openPage(box)
    const second = await openPage(box)
    expect(first.ok && second.ok).toBe(true)
    if (!first.ok || !second.ok) return
    expect(second.url).toBe(first.url)
    const pages = [...app.standIn.sessions.values()].filter((s) => s.orderId === box.orderId)
    expect(pages).toHaveLength(1)
    expect(await cycleOf(box)).toMatchObject({ charge_status: 'charging', payer: 'customer' })
  })

  test('its page expires: the box goes back to failed, and the due retry charges the card once', async () => {
    const box = await declinedBox()
    const page = await openPage(box)
    if (!page.ok) throw new Error('no page')
    expect(await chargeDueCycles(app.t.db, new Date(), options())).toEqual({ paid: 0, failed: 0 })
    app.standIn.expireSession(sessionOf(page.url))
    await deliver('checkout.session.expired', sessionOf(page.url))
    expect(await cycleOf(box)).toEqual({
      charge_status: 'failed',
      charge_attempts: 1,
      retry_at: box.retryAt.toISOString(),
      payer: null,
    })
    expect(await chargeDueCycles(app.t.db, new Date(), options())).toEqual({ paid: 1, failed: 0 })
    expect(chargesOf(box.orderId)).toHaveLength(1)
    expect(await stateOf(box)).toMatchObject({ order: { status: 'paid' }, charge: 'paid' })
  })

  test('paid on its page but the event never came: the scheduler settles it and charges nothing', async () => {
    const box = await declinedBox()
    const page = await openPage(box)
    if (!page.ok) throw new Error('no page')
    app.standIn.completeSession(sessionOf(page.url))
    // Still within the page's lifetime: left alone.
    expect(await chargeDueCycles(app.t.db, new Date(), options())).toEqual({ paid: 0, failed: 0 })
    expect((await cycleOf(box)).charge_status).toBe('charging')
    await chargeDueCycles(app.t.db, afterPageLifetime(), options())
    expect(chargesOf(box.orderId)).toHaveLength(1)
    expect(await stateOf(box)).toEqual({
      order: { status: 'paid', payment_status: 'paid', payment_reference: sessionOf(page.url) },
      charge: 'paid',
    })
    // The late event changes nothing more.
    await deliver('checkout.session.completed', sessionOf(page.url))
    expect(chargesOf(box.orderId)).toHaveLength(1)
  })

  test('its page expired and the event never came: handed back after the page’s lifetime', async () => {
    const box = await declinedBox()
    const page = await openPage(box)
    if (!page.ok) throw new Error('no page')
    app.standIn.expireSession(sessionOf(page.url))
    const later = afterPageLifetime()
    await chargeDueCycles(app.t.db, later, options())
    expect(await cycleOf(box)).toMatchObject({ charge_status: 'failed', payer: null })
    await chargeDueCycles(app.t.db, later, options())
    expect(chargesOf(box.orderId)).toHaveLength(1)
    expect(await stateOf(box)).toMatchObject({ order: { status: 'paid' }, charge: 'paid' })
  })

  test('Stripe unreachable: the pay page says so and the box is left as it was', async () => {
    const box = await declinedBox()
    const before = await cycleOf(box)
    const away = { ...app.config(), apiBase: 'http://127.0.0.1:9', baseUrl: TEST_BASE_URL }
    expect(await openPage(box, { db: app.t.db, stripe: away })).toEqual({
      ok: false,
      reason: 'unavailable',
    })
    expect(await cycleOf(box)).toEqual(before)
    expect(await chargeDueCycles(app.t.db, new Date(), options())).toEqual({ paid: 1, failed: 0 })
  })
})

/** Past the pay page's lifetime and its margin. */
const afterPageLifetime = () =>
  new Date(Date.now() + SESSION_LIFETIME_SECONDS * 1000 + STALE_CHARGE_MS + 1000)
