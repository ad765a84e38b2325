import pino from 'pino'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { signUp } from '~/auth/accounts.server'
import { changeCart } from '~/cart/cart.server'
import { NOT_FOR_WEIGHED_ORDERS } from '~/payments/provider'
import { listPaymentOptions } from '~/payments/providers.server'
import type { FormReply } from '~/platform/forms/conform'
import { action } from '~/routes/checkout/checkout'
import { createProduct } from '~/seed/factories.server'
import { createTestApp, TEST_BASE_URL } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { FILLED_SHIPPING } from './test-shipping'

// Priced by weight (ADR 30): PayPal cannot hold a maximum and capture less yet, so a cart with
// a by-weight line is not offered it, and a forged post choosing it is refused.

let t: TestDatabase
let cookie = ''
const saved = { id: process.env.PAYPAL_CLIENT_ID, secret: process.env.PAYPAL_CLIENT_SECRET }
beforeAll(async () => {
  process.env.PAYPAL_CLIENT_ID = 'paypal-client'
  process.env.PAYPAL_CLIENT_SECRET = 'paypal-secret'
  t = await createTestApp()
  const outcome = await signUp(
    {
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'by-weight-payment@example.com',
      password: 'pasture-fresh-42',
      newsletter: false,
    },
    { request: new Request(`${TEST_BASE_URL}/signup`), clientIp: '127.0.0.1' },
  )
  if (!outcome.ok) throw new Error('sign-up failed')
  cookie = outcome.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ')
  const customer = await t.db
    .selectFrom('customers')
    .select('id')
    .where('email', '=', 'by-weight-payment@example.com')
    .executeTakeFirstOrThrow()
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
  if (saved.id === undefined) delete process.env.PAYPAL_CLIENT_ID
  else process.env.PAYPAL_CLIENT_ID = saved.id
  if (saved.secret === undefined) delete process.env.PAYPAL_CLIENT_SECRET
  else process.env.PAYPAL_CLIENT_SECRET = saved.secret
  await t?.cleanup()
})

test('PayPal is offered for other carts only', () => {
  expect(listPaymentOptions().map((option) => option.id)).toEqual(['offline', 'paypal'])
  expect(listPaymentOptions({ byWeight: true }).map((option) => option.id)).toEqual(['offline'])
})

test('choosing PayPal for a by-weight cart goes back to the payment step with the reason', async () => {
  const request = new Request(`${TEST_BASE_URL}/checkout`, {
    method: 'POST',
    body: new URLSearchParams({
      ...FILLED_SHIPPING,
      shippingMethod: 'standard',
      intent: 'to-review',
      paymentMethod: 'paypal',
    }),
    headers: { cookie },
  })
  const result = await action({
    request,
    params: {},
    context: {
      cspNonce: '',
      requestId: 'by-weight-payment',
      clientIp: '127.0.0.1',
      log: pino({ level: 'silent' }),
    },
    url: new URL(request.url),
    pattern: '/checkout',
  })
  expect(result.init?.status).toBe(400)
  expect(result.data as FormReply).toMatchObject({
    form: 'payment',
    error: { paymentMethod: [NOT_FOR_WEIGHED_ORDERS] },
  })
})
