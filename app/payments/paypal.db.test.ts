import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, TEST_BASE_URL } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { placeTestOrder, readStock } from '../../tests/support/orders'
import { type PayPalStandIn, startPayPalStandIn } from '../../tests/support/paypal-stand-in'
import {
  centsToPayPalValue,
  createPayPalClient,
  createPayPalProvider,
  PAYPAL_APPROVAL_LIFETIME_MS,
  type PayPalClient,
  payPalValueToCents,
} from './paypal.server'
import {
  cancelPayPalApproval,
  completePayPalApproval,
  sweepAbandonedPayPalOrders,
} from './paypal-settle.server'

// The PayPal path against a local stand-in for PayPal's Orders v2 API, on both databases.

let t: TestDatabase
let standIn: PayPalStandIn
let client: PayPalClient
beforeAll(async () => {
  t = await createTestApp()
  standIn = await startPayPalStandIn()
  client = createPayPalClient({
    clientId: standIn.clientId,
    clientSecret: standIn.clientSecret,
    apiBase: standIn.apiBase,
  })
})
afterAll(async () => {
  await standIn?.close()
  await t?.cleanup()
})

test('dollars for PayPal from integer cents and back, with no floating point', () => {
  expect(centsToPayPalValue(2931)).toBe('29.31')
  expect(centsToPayPalValue(5)).toBe('0.05')
  expect(centsToPayPalValue(439500)).toBe('4395.00')
  expect(payPalValueToCents('29.31')).toBe(2931)
  expect(payPalValueToCents('29.3')).toBe(2930)
  expect(payPalValueToCents('29')).toBe(2900)
  expect(payPalValueToCents('0.1')).toBe(10)
  for (const bad of ['', '-1.00', '1.001', '1e3', ' 1.00', 'NaN']) {
    expect(payPalValueToCents(bad), bad).toBeNull()
  }
})

/** A customer with 2 jars in the cart, an order placed for PayPal, and its payment started. */
async function startedOrder(promoCode: string | null = null) {
  const order = await placeTestOrder(t.db, {
    paymentMethod: 'paypal',
    promoCode,
    plain: { name: 'Huckleberry Jam', price_cents: 1100 },
    optionQuantity: 0,
  })
  const provider = createPayPalProvider(t.db, client, TEST_BASE_URL)
  const started = await provider.startPayment({
    id: order.orderId,
    orderNumber: 'FS-20001',
    email: 'ann@example.com',
    totalCents: order.totalCents,
  })
  const { payment_reference } = await state(order.orderId)
  return {
    orderId: order.orderId,
    productId: order.plain.id,
    customerId: order.customerId,
    cartId: order.cartId,
    started,
    paypalOrderId: payment_reference ?? '',
    totalCents: order.totalCents,
  }
}

async function state(orderId: string) {
  return t.db
    .selectFrom('orders')
    .select(['status', 'payment_status', 'payment_reference'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow()
}

const stock = (productId: string) => readStock(t.db, 'products', productId)

async function cartQuantity(cartId: string) {
  const lines = await t.db
    .selectFrom('cart_lines')
    .select('quantity')
    .where('cart_id', '=', cartId)
    .execute()
  return lines.reduce((sum, line) => sum + line.quantity, 0)
}

const approve = (paypalOrderId: string) => {
  const order = standIn.orders.get(paypalOrderId)
  if (!order) throw new Error(`no PayPal order ${paypalOrderId}`)
  order.status = 'APPROVED'
}

describe('PayPal', () => {
  test('the PayPal order is for our exact total, tied to our order, and comes back to us', async () => {
    const { orderId, started, paypalOrderId, totalCents } = await startedOrder()
    expect(totalCents).toBe(2200 + 599 + 132)
    const created = standIn.orders.get(paypalOrderId)
    expect(created).toMatchObject({
      value: '29.31',
      currency: 'USD',
      customId: orderId,
      invoiceId: 'FS-20001',
      returnUrl: `${TEST_BASE_URL}/api/paypal/return`,
      cancelUrl: `${TEST_BASE_URL}/api/paypal/cancel`,
    })
    expect(started).toEqual({
      kind: 'redirect',
      url: `${standIn.apiBase}/checkoutnow?token=${paypalOrderId}`,
    })
    expect(await state(orderId)).toMatchObject({ status: 'pending_payment' })
  })

  test('an approved payment is captured once and the order paid once', async () => {
    const { orderId, productId, paypalOrderId } = await startedOrder()
    approve(paypalOrderId)
    expect(await completePayPalApproval(t.db, client, paypalOrderId)).toEqual({
      kind: 'paid',
      orderId,
    })
    // The shopper reloads the return page: nothing changes, nothing is captured again.
    expect(await completePayPalApproval(t.db, client, paypalOrderId)).toEqual({
      kind: 'settled',
      orderId,
      cancelled: false,
    })
    expect(standIn.orders.get(paypalOrderId)?.captures).toBe(1)
    expect(await state(orderId)).toMatchObject({ status: 'paid', payment_status: 'paid' })
    expect(await stock(productId)).toBe(8)
  })

  test('a declined capture cancels the order, returns the stock once, refills the cart', async () => {
    const { orderId, productId, paypalOrderId, cartId } = await startedOrder()
    expect(await stock(productId)).toBe(8)
    expect(await cartQuantity(cartId)).toBe(0)
    approve(paypalOrderId)
    standIn.declineNextCapture()
    expect(await completePayPalApproval(t.db, client, paypalOrderId)).toEqual({
      kind: 'failed',
      orderId,
    })
    expect(await state(orderId)).toMatchObject({ status: 'cancelled', payment_status: 'expired' })
    expect(await stock(productId)).toBe(10)
    expect(await cartQuantity(cartId)).toBe(2)
    // Again (the shopper reloads): nothing more comes back, nothing is captured.
    expect(await completePayPalApproval(t.db, client, paypalOrderId)).toEqual({
      kind: 'settled',
      orderId,
      cancelled: true,
    })
    expect(standIn.orders.get(paypalOrderId)?.captures).toBe(0)
    await cancelPayPalApproval(t.db, paypalOrderId, null)
    expect(await stock(productId)).toBe(10)
    expect(await cartQuantity(cartId)).toBe(2)
  })

  test('a capture of another amount is never taken as payment', async () => {
    const { orderId, productId, paypalOrderId } = await startedOrder()
    approve(paypalOrderId)
    standIn.captureNextAs('1.00')
    expect(await completePayPalApproval(t.db, client, paypalOrderId)).toMatchObject({
      kind: 'failed',
    })
    expect((await state(orderId)).status).toBe('cancelled')
    expect(await stock(productId)).toBe(10)
  })

  test('cancel and return: only the order’s customer, twice, stock back once', async () => {
    const { orderId, productId, customerId, paypalOrderId, cartId } = await startedOrder()
    expect(await cancelPayPalApproval(t.db, paypalOrderId, crypto.randomUUID())).toEqual({
      kind: 'unknown',
    })
    expect((await state(orderId)).status).toBe('pending_payment')
    expect(await cancelPayPalApproval(t.db, paypalOrderId, customerId)).toEqual({
      kind: 'cancelled',
      orderId,
    })
    expect(await cancelPayPalApproval(t.db, paypalOrderId, customerId)).toEqual({
      kind: 'settled',
      orderId,
      cancelled: true,
    })
    expect(await stock(productId)).toBe(10)
    expect(await cartQuantity(cartId)).toBe(2)
  })

  test('PayPal out of reach at capture changes nothing: the order waits, stock held', async () => {
    const { orderId, productId, paypalOrderId } = await startedOrder()
    approve(paypalOrderId)
    // Nothing listens on port 9 here: the connection is refused, as in a network failure.
    const away = createPayPalClient({
      clientId: 'x',
      clientSecret: 'y',
      apiBase: 'http://127.0.0.1:9',
    })
    expect(await completePayPalApproval(t.db, away, paypalOrderId)).toEqual({
      kind: 'unreachable',
      orderId,
    })
    expect((await state(orderId)).status).toBe('pending_payment')
    expect(await stock(productId)).toBe(8)
    // The shopper comes back again once PayPal answers: paid.
    expect(await completePayPalApproval(t.db, client, paypalOrderId)).toMatchObject({
      kind: 'paid',
    })
  })

  test('the promo code goes back into the cart with the items', async () => {
    const { customerId, paypalOrderId, cartId, totalCents } = await startedOrder('FARM10')
    expect(totalCents).toBeLessThan(2931)
    const spent = await t.db
      .selectFrom('carts')
      .select('promo_code')
      .where('id', '=', cartId)
      .executeTakeFirstOrThrow()
    expect(spent.promo_code).toBeNull()
    await cancelPayPalApproval(t.db, paypalOrderId, customerId)
    const cart = await t.db
      .selectFrom('carts')
      .select('promo_code')
      .where('id', '=', cartId)
      .executeTakeFirstOrThrow()
    expect(cart.promo_code).toBe('FARM10')
    expect(await cartQuantity(cartId)).toBe(2)
  })

  test('an unknown token changes nothing', async () => {
    expect(await completePayPalApproval(t.db, client, 'NOPE')).toEqual({ kind: 'unknown' })
    expect(await completePayPalApproval(t.db, client, '')).toEqual({ kind: 'unknown' })
    expect(await cancelPayPalApproval(t.db, 'x'.repeat(5000), null)).toEqual({ kind: 'unknown' })
  })

  test('the sweep captures an approval nobody came back from and cancels the rest', async () => {
    const approved = await startedOrder()
    const abandoned = await startedOrder()
    const fresh = await startedOrder()
    approve(approved.paypalOrderId)
    const old = new Date(Date.now() - PAYPAL_APPROVAL_LIFETIME_MS - 60_000)
    await t.db
      .updateTable('orders')
      .set({ created_at: old })
      .where('id', 'in', [approved.orderId, abandoned.orderId])
      .execute()
    await sweepAbandonedPayPalOrders(t.db, client)
    expect((await state(approved.orderId)).status).toBe('paid')
    expect((await state(abandoned.orderId)).status).toBe('cancelled')
    expect(await stock(abandoned.productId)).toBe(10)
    expect((await state(fresh.orderId)).status).toBe('pending_payment')
  })

  test('an approval that comes after the sweep cancelled the order is never captured', async () => {
    const late = await startedOrder()
    await t.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - PAYPAL_APPROVAL_LIFETIME_MS - 60_000) })
      .where('id', '=', late.orderId)
      .execute()
    await sweepAbandonedPayPalOrders(t.db, client)
    expect((await state(late.orderId)).status).toBe('cancelled')
    // PayPal still lets the shopper approve for a while; coming back then changes nothing.
    approve(late.paypalOrderId)
    expect(await completePayPalApproval(t.db, client, late.paypalOrderId)).toEqual({
      kind: 'settled',
      orderId: late.orderId,
      cancelled: true,
    })
    expect(standIn.orders.get(late.paypalOrderId)?.captures).toBe(0)
    expect(await stock(late.productId)).toBe(10)
  })
})
