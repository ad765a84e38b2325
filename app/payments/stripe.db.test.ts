import Stripe from 'stripe'
import { describe, expect, test } from 'vitest'
import { TEST_BASE_URL } from '../../tests/setup/app'
import { placeTestOrder, readStock } from '../../tests/support/orders'
import { setUpStripeTestApp, TEST_WEBHOOK_SECRET } from '../../tests/support/stripe-test-app'
import { createStripeProvider } from './stripe.server'
import { handleStripeWebhook } from './stripe-webhook.server'

// The Stripe path against a local stand-in for Stripe's API, with events signed by the
// stripe package's own test-header helper.

const app = setUpStripeTestApp()

const config = app.config

/** An order for 2 jars at $11.00, placed for Stripe and waiting for its payment. */
async function pendingOrder() {
  const order = await placeTestOrder(app.t.db, {
    paymentMethod: 'stripe',
    plain: { name: 'Huckleberry Jam', price_cents: 1100 },
    optionQuantity: 0,
  })
  return { orderId: order.orderId, productId: order.plain.id }
}

async function orderState(orderId: string) {
  return app.t.db
    .selectFrom('orders')
    .select(['status', 'payment_status', 'payment_reference', 'total_cents'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow()
}

async function startedSession() {
  const order = await pendingOrder()
  const { total_cents } = await orderState(order.orderId)
  const provider = createStripeProvider(app.t.db, { ...config(), baseUrl: TEST_BASE_URL })
  const started = await provider.startPayment({
    id: order.orderId,
    orderNumber: 'FS-10001',
    email: 'ann@example.com',
    totalCents: total_cents,
  })
  const { payment_reference } = await orderState(order.orderId)
  return { ...order, started, sessionId: payment_reference ?? '', totalCents: total_cents }
}

describe('Stripe Checkout', () => {
  test('startPayment creates a session for the order total and stores its id', async () => {
    const { orderId, started, sessionId, totalCents } = await startedSession()
    // 2 x $11.00 + $5.99 shipping + 6 % tax on $22.00
    expect(totalCents).toBe(2200 + 599 + 132)
    const session = app.standIn.sessions.get(sessionId)
    expect(started).toEqual({ kind: 'redirect', url: `${app.standIn.apiBase}/pay/${sessionId}` })
    const params = Object.fromEntries(session?.params ?? [])
    expect(params).toMatchObject({
      mode: 'payment',
      client_reference_id: orderId,
      'metadata[orderId]': orderId,
      customer_email: 'ann@example.com',
      success_url: `${TEST_BASE_URL}/order-confirmation/${orderId}`,
      cancel_url: `${TEST_BASE_URL}/checkout`,
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': String(totalCents),
      'line_items[0][price_data][product_data][name]': 'Order FS-10001',
      'line_items[0][price_data][product_data][description]': '2 × Huckleberry Jam',
    })
    const expiresIn = Number(params.expires_at) - Date.now() / 1000
    expect(expiresIn).toBeGreaterThan(29 * 60)
    expect(expiresIn).toBeLessThanOrEqual(30 * 60)
  })

  test('a signed completed event marks the order paid; the same event twice is one change', async () => {
    const { orderId, sessionId } = await startedSession()
    const { payload, signature } = app.standIn.signedEvent('checkout.session.completed', sessionId)
    for (let i = 0; i < 2; i++) {
      const answer = await handleStripeWebhook(app.t.db, config(), payload, signature)
      expect(answer).toEqual({ status: 200, body: { received: true } })
    }
    expect(await orderState(orderId)).toMatchObject({ status: 'paid', payment_status: 'paid' })
  })

  test('a signed expired event cancels the order and returns its stock once', async () => {
    const { orderId, productId, sessionId } = await startedSession()
    const { payload, signature } = app.standIn.signedEvent('checkout.session.expired', sessionId)
    await handleStripeWebhook(app.t.db, config(), payload, signature)
    await handleStripeWebhook(app.t.db, config(), payload, signature)
    expect(await orderState(orderId)).toMatchObject({
      status: 'cancelled',
      payment_status: 'expired',
    })
    expect(await readStock(app.t.db, 'products', productId)).toBe(10)
  })

  test('a bad or missing signature is refused with 400 and changes nothing', async () => {
    const { orderId, sessionId } = await startedSession()
    const { payload } = app.standIn.signedEvent('checkout.session.completed', sessionId)
    const forged = app.standIn.signedEvent('checkout.session.completed', sessionId)
    const wrongSecret = await handleStripeWebhook(
      app.t.db,
      { ...config(), webhookSecret: 'whsec_other' },
      forged.payload,
      forged.signature,
    )
    expect(wrongSecret.status).toBe(400)
    expect((await handleStripeWebhook(app.t.db, config(), payload, null)).status).toBe(400)
    const tampered = payload.replace('"paid"', '"paid" ')
    expect((await handleStripeWebhook(app.t.db, config(), tampered, forged.signature)).status).toBe(
      400,
    )
    expect(await orderState(orderId)).toMatchObject({ status: 'pending_payment' })
  })

  test('a signed body that is not an event with a session is refused with 400, not a 500', async () => {
    const { orderId } = await startedSession()
    const bodies = [
      'null',
      '{}',
      '{"id":"evt_1","type":"checkout.session.expired"}',
      '{"id":"evt_2","type":"checkout.session.expired","data":{"object":null}}',
      `{"id":"evt_3","type":"checkout.session.expired","data":{"object":{"id":1,"client_reference_id":"${orderId}"}}}`,
      `{"id":"evt_4","type":"checkout.session.completed","data":{"object":{"id":"cs_1","metadata":{"orderId":["${orderId}"]},"payment_status":"paid"}}}`,
    ]
    for (const payload of bodies) {
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: TEST_WEBHOOK_SECRET,
      })
      const answer = await handleStripeWebhook(app.t.db, config(), payload, signature)
      expect(answer, payload).toEqual({ status: 400, body: { error: 'Not a Stripe event' } })
    }
    expect(await orderState(orderId)).toMatchObject({ status: 'pending_payment' })
  })
})
