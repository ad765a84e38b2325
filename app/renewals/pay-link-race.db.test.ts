import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getOrderToPay, startOrderPayment } from '~/payments/order-pay.server'
import { CARD_BEING_CHARGED, ORDER_ALREADY_PAID } from '~/payments/saved-card'
import { createStripeClient } from '~/payments/stripe.server'
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
import { chargeDueCycles, RETRY_AFTER_MS } from './charges.server'

// Issue 31 item 6 (ADR 32's known gap): a customer paying a declined box from the emailed link
// at the moment the scheduler retries the card must be charged once. The two run against the
// Stripe stand-in made slow, so they overlap at the "provider": on SQLite as interleaved async
// steps, on PostgreSQL as concurrent transactions on separate connections.

const NOW = new Date('2026-12-01T12:00:00Z')
const RETRY = new Date(NOW.getTime() + RETRY_AFTER_MS)
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

/** A card subscription's box whose first charge was declined: emailed, retry due at RETRY. */
async function declinedBox() {
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
  app.standIn.declineCard()
  await chargeDueCycles(app.t.db, NOW, options())
  app.standIn.acceptCard()
  return { cycleId, orderId: order.id, customerId: customer.id }
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

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('the pay link and the scheduler’s retry at the same moment', () => {
  // Who starts first, by how much: the customer, both at once, the scheduler.
  test.each([
    ['the customer first', 0, 20],
    ['both at once', 0, 0],
    ['the scheduler first', 20, 0],
  ])(
    '%s: one charge, one payment recorded, and the other told so',
    async (_, payAfter, chargeAfter) => {
      const box = await declinedBox()
      app.standIn.slowDown(100)
      try {
        const [paid, run] = await Promise.all([
          pause(payAfter).then(() => customerPays(box)),
          pause(chargeAfter).then(() => chargeDueCycles(app.t.db, RETRY, options())),
        ])
        const charges = chargesOf(box.orderId)
        expect(charges).toHaveLength(1)
        const state = await stateOf(box)
        expect(state).toMatchObject({
          order: { status: 'paid', payment_status: 'paid' },
          charge: 'paid',
        })
        // The one payment recorded is the one that took the money.
        const [charge] = charges
        const session = [...app.standIn.sessions.values()].find(
          (candidate) => candidate.paymentIntentId === charge?.id,
        )
        expect(state.order.payment_reference).toBe(session ? session.id : charge?.id)
        if (paid.ok) {
          // The customer's page took the money; the retry left the card alone.
          expect(run).toEqual({ paid: 0, failed: 0 })
        } else {
          expect(run).toEqual({ paid: 1, failed: 0 })
          expect(paid).toEqual({
            ok: false,
            reason: 'refused',
            message: expect.toBeOneOf([CARD_BEING_CHARGED, ORDER_ALREADY_PAID]),
          })
        }
      } finally {
        app.standIn.slowDown(0)
      }
    },
  )
})
