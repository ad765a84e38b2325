import { afterAll, beforeAll, expect, test } from 'vitest'
import { changeCart } from '~/cart/cart-changes.server'
import { centsToPayPalValue } from '~/payments/paypal.server'
import { listPaymentOptions } from '~/payments/providers.server'
import { createProduct } from '~/seed/factories.server'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { postCheckout, signUpShopper } from '../../tests/support/checkout-post'
import { type PayPalStandIn, startPayPalStandIn } from '../../tests/support/paypal-stand-in'
import { checkoutView } from './checkout'
import { FILLED_SHIPPING } from './test-shipping'

// Priced by weight (ADR 30): PayPal holds the maximum (intent AUTHORIZE) and captures the
// exact amount once weighed, so a cart with a by-weight line is offered PayPal like any other,
// and placing it sends the shopper to approve an authorisation for the maximum, not a charge
// of the estimate.

let t: TestDatabase
let standIn: PayPalStandIn
let cookie = ''
const KEYS = ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_API_BASE'] as const
const saved = Object.fromEntries(KEYS.map((key) => [key, process.env[key]]))
beforeAll(async () => {
  standIn = await startPayPalStandIn()
  process.env.PAYPAL_CLIENT_ID = standIn.clientId
  process.env.PAYPAL_CLIENT_SECRET = standIn.clientSecret
  process.env.PAYPAL_API_BASE = standIn.apiBase
  t = await createTestApp()
  const shopper = await signUpShopper(t.db, 'by-weight-payment@example.com')
  cookie = shopper.cookie
  const customer = { id: shopper.customerId }
  const ribeye = await createProduct(t.db, {
    name: 'Ribeye',
    price_cents: 1899,
    unit: 'lb',
    sold_by_weight: true,
    average_weight_centi_lb: 110,
  })
  await changeCart(
    t.db,
    { kind: 'customer', customerId: customer.id },
    { intent: 'add', productId: ribeye.id, quantity: 1 },
  )
}, 30_000)
afterAll(async () => {
  for (const key of KEYS) {
    if (saved[key] === undefined) delete process.env[key]
    else process.env[key] = saved[key]
  }
  await t?.cleanup()
  await standIn?.close()
})

const post = (fields: Record<string, string>) =>
  postCheckout(cookie, {
    ...FILLED_SHIPPING,
    shippingMethod: 'standard',
    paymentMethod: 'paypal',
    ...fields,
  })

test('PayPal is offered for a cart with anything priced by weight', () => {
  expect(listPaymentOptions().map((option) => option.id)).toEqual(['offline', 'paypal'])
})

test('a by-weight cart paid with PayPal asks PayPal to authorise the maximum', async () => {
  const review = await post({ intent: 'to-review' })
  expect(review).toMatchObject({ status: 200, reply: { form: 'review' } })
  const view = review.reply && checkoutView(review.reply, {} as never)
  const placed = await post({
    intent: 'place-order',
    idempotencyKey: view?.idempotencyKey ?? '',
    acceptTerms: 'on',
  })
  expect(placed.status).toBe(303)
  const order = await t.db
    .selectFrom('orders')
    .select(['id', 'status', 'total_cents', 'authorised_cents', 'payment_reference'])
    .where('payment_method', '=', 'paypal')
    .executeTakeFirstOrThrow()
  expect(order.status).toBe('pending_payment')
  expect(order.authorised_cents).toBeGreaterThan(order.total_cents)
  const paypalOrder = standIn.orders.get(order.payment_reference ?? '')
  expect(paypalOrder).toMatchObject({
    intent: 'AUTHORIZE',
    value: centsToPayPalValue(order.authorised_cents ?? 0),
    customId: order.id,
  })
  expect(placed.response?.headers.get('Location')).toBe(
    `${standIn.apiBase}/checkoutnow?token=${paypalOrder?.id}`,
  )
})
