import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { changeCart } from '~/cart/cart-changes.server'
import { createProduct } from '~/seed/factories.server'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { postCheckout, signUpShopper } from '../../tests/support/checkout-post'
import { checkoutView, TERMS_REQUIRED } from './checkout'
import { FILLED_SHIPPING } from './test-shipping'

// The /checkout action called directly: every answer that is not a redirect is the one reply
// shape, its `form` naming the step to show, carrying back what was posted.

let t: TestDatabase
let cookie = ''
beforeAll(async () => {
  t = await createTestApp()
  const shopper = await signUpShopper(t.db, 'checkout-action@example.com')
  cookie = shopper.cookie
  const customer = { id: shopper.customerId }
  const product = await createProduct(t.db, { name: 'Huckleberry Jam', stock_quantity: 5 })
  await changeCart(
    t.db,
    { kind: 'customer', customerId: customer.id },
    { intent: 'add', productId: product.id, quantity: 1 },
  )
}, 30_000)
afterAll(async () => {
  await t?.cleanup()
})

const shipping = { ...FILLED_SHIPPING, shippingMethod: 'standard', paymentMethod: 'offline' }

const post = (fields: Record<string, string>) => postCheckout(cookie, fields)

describe('the /checkout action', () => {
  test('step 1 refused: 400, each complaint by its field, what was typed sent back', async () => {
    const { status, reply } = await post({
      ...shipping,
      intent: 'to-payment',
      email: '',
      street: '',
    })
    expect(status).toBe(400)
    expect(reply).toMatchObject({
      status: 'error',
      form: 'shipping',
      error: { email: ['Email is required'], street: ['Address is required'] },
      initialValue: { city: 'Boise', zipCode: '83702' },
    })
    expect(reply && checkoutView(reply, {} as never).step).toBe(1)
  })

  test('the steps move on with the draft; the review step gets a fresh key', async () => {
    const payment = await post({ ...shipping, intent: 'to-payment' })
    expect(payment).toMatchObject({ status: 200, reply: { status: 'success', form: 'payment' } })

    const review = await post({ ...shipping, intent: 'to-review' })
    expect(review).toMatchObject({ status: 200, reply: { form: 'review' } })
    const view = review.reply && checkoutView(review.reply, {} as never)
    expect(view?.step).toBe(3)
    expect(view?.draft).toMatchObject({ street: '12 Meadow Lane', paymentMethod: 'offline' })
    expect(view?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)

    const back = await post({ ...shipping, intent: 'back-to-shipping' })
    expect(back).toMatchObject({ status: 200, reply: { form: 'shipping' } })

    // No ticked box: the review again, with its key, and the reason by the box.
    const unticked = await post({
      ...shipping,
      intent: 'place-order',
      idempotencyKey: view?.idempotencyKey ?? '',
    })
    expect(unticked).toMatchObject({
      status: 400,
      reply: {
        form: 'review',
        error: { acceptTerms: [TERMS_REQUIRED] },
        initialValue: { idempotencyKey: view?.idempotencyKey },
      },
    })

    const placed = await post({
      ...shipping,
      intent: 'place-order',
      idempotencyKey: view?.idempotencyKey ?? '',
      acceptTerms: 'on',
    })
    expect(placed.status).toBe(302)
    expect(placed.response?.headers.get('Location')).toMatch(/^\/order-confirmation\//)
  })

  test('a payment method not on offer goes back to step 2 with the reason', async () => {
    const { status, reply } = await post({ ...shipping, intent: 'to-review', paymentMethod: 'iou' })
    expect(status).toBe(400)
    expect(reply).toMatchObject({
      form: 'payment',
      error: { paymentMethod: ['Please choose a payment method'] },
    })
  })

  test('an unknown intent is refused with 400, on the first step', async () => {
    expect(await post({ ...shipping, intent: 'pay-later' })).toMatchObject({
      status: 400,
      reply: { status: 'error', form: 'shipping' },
    })
  })
})
