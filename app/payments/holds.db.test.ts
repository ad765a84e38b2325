import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { PaymentMethod } from '~/orders/place-order'
import { createCustomer, createSubscription } from '~/seed/factories.server'
import { createTestApp, TEST_BASE_URL } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import {
  emailsTo,
  MAXIMUM,
  orderPayment,
  pieces,
  placeByWeightOrder,
} from '../../tests/support/order-fixture'
import { type PayPalStandIn, startPayPalStandIn } from '../../tests/support/paypal-stand-in'
import { type StripeStandIn, startStripeStandIn } from '../../tests/support/stripe-stand-in'
import { captureWeighedPayment, stripeCapture, weighAndCapture } from './capture.server'
import { HOLD_LAPSED_SUBJECT } from './emails/hold-lapsed'
import { sweepHolds } from './hold-renewal.server'
import {
  changeOrderStatusReleasingHold,
  type HoldReleasers,
  payPalRelease,
  stripeRelease,
} from './holds.server'
import { createPayPalClient, createPayPalProvider, type PayPalClient } from './paypal.server'
import { completePayPalApproval } from './paypal-settle.server'
import { orderPayPath, orderPayRefusal } from './saved-card'
import { createStripeProvider } from './stripe.server'
import { handleStripeWebhook } from './stripe-webhook.server'

// Card holds of orders priced by weight (ADR 30, issue 31 item 6): cancelling an order releases
// its hold at the provider; a Stripe hold about to lapse is renewed with the customer's saved
// card; without one, the weighed order's exact amount is asked for by email, once, with a link
// that charges exactly that.

const WEBHOOK_SECRET = 'whsec_test_holds'
const DAY = 24 * 60 * 60 * 1000
let t: TestDatabase
let standIn: StripeStandIn
let payPalStandIn: PayPalStandIn
let payPal: PayPalClient
let admin: string
beforeAll(async () => {
  t = await createTestApp()
  standIn = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET })
  payPalStandIn = await startPayPalStandIn()
  payPal = createPayPalClient({
    clientId: payPalStandIn.clientId,
    clientSecret: payPalStandIn.clientSecret,
    apiBase: payPalStandIn.apiBase,
  })
  admin = (await createCustomer(t.db, { first_name: 'Ruth', is_admin: true })).id
})
afterAll(async () => {
  await standIn?.close()
  await payPalStandIn?.close()
  await t?.cleanup()
})

const stripe = () => ({
  secretKey: 'sk_test_x',
  webhookSecret: WEBHOOK_SECRET,
  apiBase: standIn.apiBase,
})
const releasers = (): HoldReleasers => ({
  stripe: stripeRelease(stripe()),
  paypal: payPalRelease(payPal),
})
const tools = () => ({ stripe: stripe(), releasers: releasers() })

const byWeightOrder = (paymentMethod: PaymentMethod) => placeByWeightOrder(t.db, paymentMethod)
const order = (orderId: string) => orderPayment(t.db, orderId)
const payLinkEmails = (to: string) => emailsTo(t.db, to, 'hold-lapsed')

/** ...paid on Stripe's page: the card is held for the maximum. */
async function heldByStripe() {
  const placed = await byWeightOrder('stripe')
  await createStripeProvider(t.db, { ...stripe(), baseUrl: TEST_BASE_URL }).startPayment({
    id: placed.orderId,
    orderNumber: 'FS-1',
    email: placed.email,
    totalCents: 0,
  })
  const session = [...standIn.sessions.values()].find((s) => s.orderId === placed.orderId)
  if (!session) throw new Error('no session')
  standIn.completeSession(session.id)
  const { payload, signature } = standIn.signedEvent('checkout.session.completed', session.id)
  await handleStripeWebhook(t.db, stripe(), payload, signature)
  const intent = standIn.paymentIntents.get(session.paymentIntentId)
  if (!intent) throw new Error('no intent')
  expect(await order(placed.orderId)).toMatchObject({
    payment_status: 'authorized',
    authorization_reference: intent.id,
  })
  return { ...placed, intent }
}

/** Moves the order's hold back in time: as if it was placed `days` ago. */
async function holdPlacedDaysAgo(orderId: string, days: number) {
  await t.db
    .updateTable('orders')
    .set({ hold_authorised_at: new Date(Date.now() - days * DAY) })
    .where('id', '=', orderId)
    .execute()
}

const cancel = (orderId: string) =>
  changeOrderStatusReleasingHold(
    t.db,
    orderId,
    admin,
    { intent: 'cancelled', from: 'paid' },
    releasers(),
  )

// 18.99 x 1.04 -> 1975; 18.99 x 1.21 -> 2298; + 1100; + 6 % tax
const EXACT = 1975 + 2298 + 1100 + Math.round((1975 + 2298 + 1100) * 0.06)

describe('cancelling an order releases its card hold', () => {
  test('Stripe: the PaymentIntent is cancelled, once, and the order says voided', async () => {
    const { orderId, intent } = await heldByStripe()
    expect(intent.status).toBe('requires_capture')
    expect(await cancel(orderId)).toEqual({ ok: true, status: 'cancelled' })
    expect(intent.status).toBe('canceled')
    expect(await order(orderId)).toMatchObject({ status: 'cancelled', payment_status: 'voided' })
    // A second click is the order's conflict; nothing more is asked of Stripe.
    expect(await cancel(orderId)).toMatchObject({ ok: false, reason: 'conflict' })
  })

  test('PayPal: the authorisation is voided', async () => {
    const placed = await byWeightOrder('paypal')
    await createPayPalProvider(t.db, payPal, TEST_BASE_URL).startPayment({
      id: placed.orderId,
      orderNumber: 'FS-2',
      email: placed.email,
      totalCents: 0,
    })
    const paypalOrder = [...payPalStandIn.orders.values()].find(
      (candidate) => candidate.customId === placed.orderId,
    )
    if (!paypalOrder) throw new Error('no PayPal order')
    paypalOrder.status = 'APPROVED'
    await completePayPalApproval(t.db, payPal, paypalOrder.id)
    expect(paypalOrder.authorization?.status).toBe('CREATED')
    expect(await cancel(placed.orderId)).toEqual({ ok: true, status: 'cancelled' })
    expect(paypalOrder.authorization?.status).toBe('VOIDED')
    expect(await order(placed.orderId)).toMatchObject({ payment_status: 'voided' })
  })

  test('a release that fails at cancelling is made by the sweep', async () => {
    const { orderId, intent } = await heldByStripe()
    const offline = await changeOrderStatusReleasingHold(
      t.db,
      orderId,
      admin,
      { intent: 'cancelled', from: 'paid' },
      {},
    )
    expect(offline).toEqual({ ok: true, status: 'cancelled' })
    expect(intent.status).toBe('requires_capture')
    expect(await order(orderId)).toMatchObject({ payment_status: 'authorized' })
    const swept = await Promise.all([sweepHolds(t.db, tools()), sweepHolds(t.db, tools())])
    expect(swept.reduce((sum, run) => sum + run.released, 0)).toBeGreaterThanOrEqual(1)
    expect(intent.status).toBe('canceled')
    expect(await order(orderId)).toMatchObject({ payment_status: 'voided' })
  })
})

describe('a Stripe hold about to lapse before weighing', () => {
  test('is renewed off-session with the saved card, by one sweep, and the new hold captured', async () => {
    const held = await heldByStripe()
    standIn.customers.set('cus_test_saved', held.email)
    await createSubscription(t.db, { customerId: held.customerId, windowId: held.windowId }, [], {
      payment_method: 'stripe',
      stripe_customer_id: 'cus_test_saved',
      stripe_payment_method_id: 'pm_test_saved',
    })
    // Five days old: not yet.
    await holdPlacedDaysAgo(held.orderId, 5)
    expect((await sweepHolds(t.db, tools())).renewed).toBe(0)

    await holdPlacedDaysAgo(held.orderId, 6.1)
    const intentsBefore = standIn.paymentIntents.size
    const runs = await Promise.all([
      sweepHolds(t.db, tools()),
      sweepHolds(t.db, tools()),
      sweepHolds(t.db, tools()),
    ])
    expect(runs.reduce((sum, run) => sum + run.renewed, 0)).toBe(1)
    expect(standIn.paymentIntents.size).toBe(intentsBefore + 1)
    const after = await order(held.orderId)
    const renewed = standIn.paymentIntents.get(after.authorization_reference ?? '')
    expect(renewed).toMatchObject({
      captureMethod: 'manual',
      amount: MAXIMUM,
      status: 'requires_capture',
      customer: 'cus_test_saved',
      paymentMethod: 'pm_test_saved',
      offSession: true,
    })
    expect(held.intent.status).toBe('canceled')
    expect(after.payment_status).toBe('authorized')
    expect(Date.now() - (after.hold_authorised_at?.getTime() ?? 0)).toBeLessThan(60_000)
    // Fresh again: the next sweep leaves it.
    expect((await sweepHolds(t.db, tools())).renewed).toBe(0)

    const weighed = await weighAndCapture(
      t.db,
      admin,
      { orderId: held.orderId, weights: pieces(held.itemId, 104, 121) },
      { stripe: stripeCapture(stripe()) },
    )
    expect(weighed).toMatchObject({ ok: true, capture: { kind: 'captured', amountCents: EXACT } })
    expect(renewed).toMatchObject({ status: 'succeeded', amountReceived: EXACT, captures: 1 })
  })

  test('without a saved card: left to lapse, then the exact amount asked for once with a link', async () => {
    const held = await heldByStripe()
    await holdPlacedDaysAgo(held.orderId, 6.5)
    expect(await sweepHolds(t.db, tools())).toMatchObject({ renewed: 0, unrenewable: 1 })
    expect((await order(held.orderId)).hold_renewal_failed_at).not.toBeNull()
    expect((await sweepHolds(t.db, tools())).unrenewable).toBe(0)

    // Weighed on day 8: Stripe has let the hold go.
    await holdPlacedDaysAgo(held.orderId, 8)
    const weighed = await weighAndCapture(
      t.db,
      admin,
      { orderId: held.orderId, weights: pieces(held.itemId, 104, 121) },
      { stripe: stripeCapture(stripe()) },
    )
    expect(weighed).toMatchObject({ ok: true, capture: { kind: 'pay-link', amountCents: EXACT } })
    expect(held.intent.captures).toBe(0)
    expect(await order(held.orderId)).toMatchObject({
      status: 'paid',
      payment_status: 'due',
      total_cents: EXACT,
    })
    // Saved again, and the capture tried again at once: still one email.
    await weighAndCapture(
      t.db,
      admin,
      { orderId: held.orderId, weights: pieces(held.itemId, 104, 121) },
      { stripe: stripeCapture(stripe()) },
    )
    await Promise.all([
      captureWeighedPayment(t.db, held.orderId, { stripe: stripeCapture(stripe()) }),
      captureWeighedPayment(t.db, held.orderId, { stripe: stripeCapture(stripe()) }),
    ])
    const emails = await payLinkEmails(held.email)
    expect(emails).toHaveLength(1)
    expect(emails[0]?.subject).toBe(HOLD_LAPSED_SUBJECT)
    expect(emails[0]?.text_body).toContain(`${TEST_BASE_URL}${orderPayPath(held.orderId)}`)
    expect(emails[0]?.text_body).toContain(`Pay $${(EXACT / 100).toFixed(2)}`)

    // The link's page charges exactly the final total, outright, and the order is paid.
    expect(
      orderPayRefusal({ status: 'paid', paymentMethod: 'stripe', paymentStatus: 'due' }),
    ).toBeNull()
    await createStripeProvider(t.db, { ...stripe(), baseUrl: TEST_BASE_URL }).startPayment({
      id: held.orderId,
      orderNumber: 'FS-1',
      email: held.email,
      totalCents: EXACT,
    })
    const payment = [...standIn.sessions.values()].filter((s) => s.orderId === held.orderId).at(-1)
    if (!payment) throw new Error('no session')
    expect(payment.amountTotal).toBe(EXACT)
    expect(payment.params.get('payment_intent_data[capture_method]')).toBeNull()
    standIn.completeSession(payment.id)
    const { payload, signature } = standIn.signedEvent('checkout.session.completed', payment.id)
    await handleStripeWebhook(t.db, stripe(), payload, signature)
    expect(await order(held.orderId)).toMatchObject({
      payment_status: 'paid',
      captured_cents: EXACT,
    })
  })

  test('a hold Stripe let go early is found at capture and asked for by link', async () => {
    const held = await heldByStripe()
    held.intent.status = 'canceled'
    const weighed = await weighAndCapture(
      t.db,
      admin,
      { orderId: held.orderId, weights: pieces(held.itemId, 104, 121) },
      { stripe: stripeCapture(stripe()) },
    )
    expect(weighed).toMatchObject({ ok: true, capture: { kind: 'pay-link', amountCents: EXACT } })
    expect(await payLinkEmails(held.email)).toHaveLength(1)
  })
})
