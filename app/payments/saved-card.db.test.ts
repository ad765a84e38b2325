import { describe, expect, test } from 'vitest'
import { startCardUpdate } from '~/flows/update-subscription-card.server'
import { changeOrderStatus } from '~/orders/order-status.server'
import { formatOrderNumber } from '~/orders/place-order'
import { addDays, farmDayOf } from '~/platform/farm-clock'
import {
  createCustomer,
  createOrder,
  createPickupPlace,
  createSubscription,
  createWindow,
} from '~/seed/factories.server'
import { TEST_BASE_URL } from '../../tests/setup/app'
import { placeTestOrder } from '../../tests/support/orders'
import { setUpStripeTestApp } from '../../tests/support/stripe-test-app'
import { createStripeClient, createStripeProvider } from './stripe.server'
import { handleStripeWebhook } from './stripe-webhook.server'

// Cards saved for subscriptions (ADR 32), against the local Stripe stand-in: the first
// checkout saves the card and the webhook activates the subscriptions; an unpaid first order
// cancels them; "Update Card" saves a new one; a box's pay link settles its cycle.

const app = setUpStripeTestApp()

const config = app.config
const provider = () => createStripeProvider(app.t.db, { ...config(), baseUrl: TEST_BASE_URL })

async function deliver(
  type: 'checkout.session.completed' | 'checkout.session.expired',
  sessionId: string,
) {
  const { payload, signature } = app.standIn.signedEvent(type, sessionId)
  return handleStripeWebhook(app.t.db, config(), payload, signature)
}

/** A card order with a pending subscription it starts (as placeOrder writes them), its session open. */
async function firstOrderWithSubscription() {
  const order = await placeTestOrder(app.t.db, { paymentMethod: 'stripe', optionQuantity: 0 })
  const place = await createPickupPlace(app.t.db)
  const window = await createWindow(app.t.db, { place_id: place.id })
  const subscription = await createSubscription(
    app.t.db,
    { customerId: order.customerId, windowId: window.id },
    [{ product_id: order.plain.id, quantity: 2 }],
    {
      status: 'pending',
      payment_method: 'stripe',
      first_order_id: order.orderId,
      // within the reservation horizon, so activating it reserves its box
      next_date: addDays(farmDayOf(new Date()), 3),
    },
  )
  const started = await provider().startPayment({
    id: order.orderId,
    orderNumber: formatOrderNumber(order.orderNumber),
    email: order.email,
    totalCents: order.totalCents,
  })
  if (started.kind !== 'redirect') throw new Error('no session')
  const sessionId = started.url.split('/').pop() ?? ''
  return { ...order, subscriptionId: subscription.id, sessionId }
}

async function subscriptionOf(id: string) {
  return app.t.db
    .selectFrom('subscriptions')
    .select(['status', 'stripe_customer_id', 'stripe_payment_method_id', 'cancelled_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
}

async function reservedOf(productId: string) {
  const row = await app.t.db
    .selectFrom('products')
    .select('reserved_quantity')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow()
  return row.reserved_quantity
}

describe('the first checkout of a card subscription', () => {
  test('its session makes a customer and saves the card for off-session charges', async () => {
    const { sessionId } = await firstOrderWithSubscription()
    const params = Object.fromEntries(app.standIn.sessions.get(sessionId)?.params ?? [])
    expect(params).toMatchObject({
      mode: 'payment',
      customer_creation: 'always',
      'payment_intent_data[setup_future_usage]': 'off_session',
    })
  })

  test('an order that starts no subscription saves no card', async () => {
    const order = await placeTestOrder(app.t.db, { paymentMethod: 'stripe', optionQuantity: 0 })
    const started = await provider().startPayment({
      id: order.orderId,
      orderNumber: 'FS-1',
      email: order.email,
      totalCents: order.totalCents,
    })
    const sessionId = started.kind === 'redirect' ? (started.url.split('/').pop() ?? '') : ''
    const params = Object.fromEntries(app.standIn.sessions.get(sessionId)?.params ?? [])
    expect(params.customer_creation).toBeUndefined()
    expect(params['payment_intent_data[setup_future_usage]']).toBeUndefined()
  })

  test('paid: the webhook stores the customer and the card and activates the subscription, once', async () => {
    const order = await firstOrderWithSubscription()
    expect(await reservedOf(order.plain.id)).toBe(0)
    app.standIn.completeSession(order.sessionId)
    const session = app.standIn.sessions.get(order.sessionId)
    const intent = app.standIn.paymentIntents.get(session?.paymentIntentId ?? '')
    expect(session?.customer).toMatch(/^cus_test_/)
    expect(intent?.paymentMethod).toMatch(/^pm_test_/)
    for (let i = 0; i < 2; i++) {
      expect(await deliver('checkout.session.completed', order.sessionId)).toEqual({
        status: 200,
        body: { received: true },
      })
    }
    expect(await subscriptionOf(order.subscriptionId)).toEqual({
      status: 'active',
      stripe_customer_id: session?.customer,
      stripe_payment_method_id: intent?.paymentMethod,
      cancelled_at: null,
    })
    // Active now: its next box is reserved for it.
    expect(await reservedOf(order.plain.id)).toBe(2)
    const paid = await app.t.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', order.orderId)
      .executeTakeFirstOrThrow()
    expect(paid.status).toBe('paid')
  })

  test('the session expires unpaid: the order and its pending subscription are cancelled', async () => {
    const order = await firstOrderWithSubscription()
    await deliver('checkout.session.expired', order.sessionId)
    const subscription = await subscriptionOf(order.subscriptionId)
    expect(subscription.status).toBe('cancelled')
    expect(subscription.cancelled_at).not.toBeNull()
    // A completion arriving after that brings neither back.
    app.standIn.completeSession(order.sessionId)
    await deliver('checkout.session.completed', order.sessionId)
    expect((await subscriptionOf(order.subscriptionId)).status).toBe('cancelled')
  })

  test('the farm cancels the unpaid order: its pending subscription is cancelled', async () => {
    const order = await firstOrderWithSubscription()
    const admin = await createCustomer(app.t.db, { is_admin: true })
    const changed = await changeOrderStatus(app.t.db, order.orderId, admin.id, {
      intent: 'cancelled',
      from: 'pending_payment',
    })
    expect(changed).toEqual({ ok: true, status: 'cancelled' })
    expect((await subscriptionOf(order.subscriptionId)).status).toBe('cancelled')
  })
})

/** An active card subscription of its own customer, with no Stripe customer yet. */
async function cardSubscription() {
  const customer = await createCustomer(app.t.db)
  const place = await createPickupPlace(app.t.db)
  const window = await createWindow(app.t.db, { place_id: place.id })
  const subscription = await createSubscription(
    app.t.db,
    { customerId: customer.id, windowId: window.id },
    [],
    { payment_method: 'stripe', stripe_payment_method_id: 'pm_test_old' },
  )
  return { customerId: customer.id, subscriptionId: subscription.id, windowId: window.id }
}

describe('Update Card', () => {
  test('a setup session for the subscription’s customer; the webhook stores the new card', async () => {
    const { subscriptionId } = await cardSubscription()
    const url = await startCardUpdate(
      app.t.db,
      { ...config(), baseUrl: TEST_BASE_URL },
      subscriptionId,
    )
    const sessionId = url.split('/').pop() ?? ''
    const session = app.standIn.sessions.get(sessionId)
    const { stripe_customer_id: customer } = await subscriptionOf(subscriptionId)
    expect(customer).toMatch(/^cus_test_/)
    expect(Object.fromEntries(session?.params ?? [])).toMatchObject({
      mode: 'setup',
      customer,
      'metadata[subscriptionId]': subscriptionId,
      success_url: `${TEST_BASE_URL}/account/subscriptions/${subscriptionId}/card?updated=1`,
      cancel_url: `${TEST_BASE_URL}/account/subscriptions/${subscriptionId}/card`,
    })
    // Opened twice: the same customer.
    await startCardUpdate(app.t.db, { ...config(), baseUrl: TEST_BASE_URL }, subscriptionId)
    expect((await subscriptionOf(subscriptionId)).stripe_customer_id).toBe(customer)

    app.standIn.completeSession(sessionId)
    expect(await deliver('checkout.session.completed', sessionId)).toEqual({
      status: 200,
      body: { received: true },
    })
    const card = app.standIn.setupIntents.get(session?.setupIntentId ?? '')?.paymentMethod
    expect(card).toMatch(/^pm_test_/)
    expect((await subscriptionOf(subscriptionId)).stripe_payment_method_id).toBe(card)
  })

  test('a setup session of another customer cannot change this subscription’s card', async () => {
    const mine = await cardSubscription()
    const theirs = await cardSubscription()
    await startCardUpdate(app.t.db, { ...config(), baseUrl: TEST_BASE_URL }, mine.subscriptionId)
    const theirUrl = await startCardUpdate(
      app.t.db,
      { ...config(), baseUrl: TEST_BASE_URL },
      theirs.subscriptionId,
    )
    const { stripe_customer_id: theirCustomer } = await subscriptionOf(theirs.subscriptionId)
    // Their customer's session, naming my subscription.
    const forged = await createStripeClient(config()).checkout.sessions.create({
      mode: 'setup',
      currency: 'usd',
      customer: theirCustomer ?? '',
      metadata: { subscriptionId: mine.subscriptionId },
      success_url: theirUrl,
      cancel_url: theirUrl,
    })
    app.standIn.completeSession(forged.id)
    await deliver('checkout.session.completed', forged.id)
    expect((await subscriptionOf(mine.subscriptionId)).stripe_payment_method_id).toBe('pm_test_old')
  })
})

describe('the pay link of a box whose charge failed', () => {
  async function failedBox() {
    const { customerId, subscriptionId } = await cardSubscription()
    const order = await createOrder(app.t.db, customerId, [{ product_name: 'Egg Box' }], {
      payment_method: 'stripe',
    })
    const cycleId = crypto.randomUUID()
    await app.t.db
      .insertInto('subscription_cycles')
      .values({
        id: cycleId,
        subscription_id: subscriptionId,
        date: '2026-12-03',
        status: 'ordered',
        order_id: order.id,
        charge_status: 'failed',
        charge_attempts: 1,
        retry_at: new Date('2026-12-02T12:00:00Z'),
      })
      .execute()
    const started = await provider().startPayment({
      id: order.id,
      orderNumber: formatOrderNumber(order.orderNumber),
      email: 'ann@example.com',
      totalCents: 1060,
      cancelPath: `/account/orders/${order.id}/pay`,
    })
    const sessionId = started.kind === 'redirect' ? (started.url.split('/').pop() ?? '') : ''
    return { orderId: order.id, cycleId, sessionId }
  }

  const stateOf = async (box: { orderId: string; cycleId: string }) => {
    const order = await app.t.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', box.orderId)
      .executeTakeFirstOrThrow()
    const cycle = await app.t.db
      .selectFrom('subscription_cycles')
      .select(['charge_status', 'retry_at'])
      .where('id', '=', box.cycleId)
      .executeTakeFirstOrThrow()
    return { order: order.status, charge: cycle.charge_status, retryAt: cycle.retry_at }
  }

  test('paid on Stripe’s page: the order is paid and its cycle too, so no retry charges it', async () => {
    const box = await failedBox()
    expect(app.standIn.sessions.get(box.sessionId)?.cancelUrl).toBe(
      `${TEST_BASE_URL}/account/orders/${box.orderId}/pay`,
    )
    app.standIn.completeSession(box.sessionId)
    await deliver('checkout.session.completed', box.sessionId)
    expect(await stateOf(box)).toEqual({ order: 'paid', charge: 'paid', retryAt: null })
  })

  test('the page left to expire does not cancel the box', async () => {
    const box = await failedBox()
    await deliver('checkout.session.expired', box.sessionId)
    expect(await stateOf(box)).toMatchObject({ order: 'pending_payment', charge: 'failed' })
  })
})
