import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { CurrentUser } from '~/auth/session.server'
import { changeCart } from '~/cart/cart-changes.server'
import { loadCheckout } from '~/checkout/checkout.server'
import { FILLED_SHIPPING } from '~/checkout/test-shipping'
import { addDays, farmDayOf } from '~/platform/farm-clock'
import {
  createCustomer,
  createOrder,
  createPickupPlace,
  createProduct,
  createSubscription,
  createWindow,
} from '~/seed/factories.server'
import {
  SUBSCRIPTION_NEEDS_LOCAL,
  SUBSCRIPTION_NEEDS_WEEKLY_DAY,
  SUBSCRIPTION_PAYMENT,
} from '~/subscriptions/checkout-rules'
import { firstDateOnOrAfter } from '~/subscriptions/schedule'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { postCheckout, signUpShopper } from '../../tests/support/checkout-post'
import { countSubscriptionsStarted, subscriptionPaymentProblem } from './checkout-rules.server'

// A cart holding a subscription's first box at checkout (ADR 32): weekly days only, picked up
// or delivered, paid by card or at pickup; each step says so with checkout-rules' words.

let t: TestDatabase
let cookie = ''
let customer: CurrentUser
let weeklySlot = ''
let oneOffSlot = ''

beforeAll(async () => {
  t = await createTestApp()
  const email = 'subscribing-checkout@example.com'
  const shopper = await signUpShopper(t.db, email)
  cookie = shopper.cookie
  const row = await t.db
    .selectFrom('customers')
    .select(['id', 'email', 'first_name', 'last_name', 'phone'])
    .where('id', '=', shopper.customerId)
    .executeTakeFirstOrThrow()
  customer = {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    isAdmin: false,
  }

  const today = farmDayOf(new Date())
  const place = await createPickupPlace(t.db, { name: 'Farm Stand' })
  const weekly = await createWindow(t.db, { place_id: place.id })
  const oneOff = await createWindow(t.db, { place_id: place.id }, { on_date: addDays(today, 10) })
  weeklySlot = `${weekly.id}:${firstDateOnOrAfter(addDays(today, 3), 4)}`
  oneOffSlot = `${oneOff.id}:${addDays(today, 10)}`

  const eggs = await createProduct(t.db, {
    name: 'Subscription Eggs',
    price_cents: 700,
    subscription_frequencies: 'weekly,biweekly',
    subscriber_discount_percent: 10,
  })
  await changeCart(
    t.db,
    { kind: 'customer', customerId: row.id },
    {
      intent: 'add',
      productId: eggs.id,
      quantity: 1,
      purchase: 'subscribe',
      frequency: 'biweekly',
    },
  )
}, 30_000)
afterAll(async () => {
  await t?.cleanup()
})

const pickup = { ...FILLED_SHIPPING, shippingMethod: 'pickup', paymentMethod: 'offline' }
const post = (fields: Record<string, string>) => postCheckout(cookie, fields)

describe('checking out a subscription', () => {
  test('the page offers weekly days only, starts on pickup and says how often', async () => {
    const page = await loadCheckout(t.db, customer)
    expect(page.subscriptionFrequencies).toEqual(['biweekly'])
    expect(page.prefill.shippingMethod).toBe('pickup')
    if (page.offer.pickup.kind !== 'windows') throw new Error('pickup windows expected')
    const slots = page.offer.pickup.places.flatMap((place) => place.slots.map((slot) => slot.key))
    expect(slots).toContain(weeklySlot)
    expect(slots).not.toContain(oneOffSlot)
    expect(page.paymentMethods.every((m) => m.id === 'offline' || m.id === 'stripe')).toBe(true)
    expect(page.cart.totals.subtotalCents).toBe(630)
  })

  test('shipping is refused with the rule, by the method', async () => {
    const { status, reply } = await post({
      ...pickup,
      shippingMethod: 'standard',
      intent: 'to-payment',
    })
    expect(status).toBe(400)
    expect(reply).toMatchObject({
      form: 'shipping',
      error: { shippingMethod: [SUBSCRIPTION_NEEDS_LOCAL] },
    })
  })

  test("a one-off date window's day is refused; a weekly day goes on to payment", async () => {
    expect(await post({ ...pickup, slot: oneOffSlot, intent: 'to-payment' })).toMatchObject({
      status: 400,
      reply: { form: 'shipping', error: { slot: [SUBSCRIPTION_NEEDS_WEEKLY_DAY] } },
    })
    expect(await post({ ...pickup, slot: weeklySlot, intent: 'to-payment' })).toMatchObject({
      status: 200,
      reply: { form: 'payment' },
    })
  })

  test('only card or pay at pickup may pay for a subscription', () => {
    expect(subscriptionPaymentProblem('paypal')).toEqual({
      field: 'paymentMethod',
      message: SUBSCRIPTION_PAYMENT,
    })
    expect(subscriptionPaymentProblem('stripe')).toBeNull()
    expect(subscriptionPaymentProblem('offline')).toBeNull()
  })

  test("the confirmation counts the subscriptions the customer's order started", async () => {
    const order = await createOrder(t.db, customer.id, [{ product_name: 'Subscription Eggs' }])
    const window = await t.db
      .selectFrom('fulfilment_windows')
      .select('id')
      .where('on_date', 'is', null)
      .executeTakeFirstOrThrow()
    expect(await countSubscriptionsStarted(t.db, customer.id, order.id)).toBe(0)
    const product = await createProduct(t.db)
    await createSubscription(
      t.db,
      { customerId: customer.id, windowId: window.id },
      [{ product_id: product.id }],
      { first_order_id: order.id },
    )
    expect(await countSubscriptionsStarted(t.db, customer.id, order.id)).toBe(1)
    // Another customer asking about the same order learns nothing.
    const stranger = await createCustomer(t.db)
    expect(await countSubscriptionsStarted(t.db, stranger.id, order.id)).toBe(0)
  })
})
