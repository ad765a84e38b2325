import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { placeOrder } from '~/flows/place-order.server'
import { changeOrderStatus } from '~/orders/order-status.server'
import {
  createCustomer,
  createPickupPlace,
  createProduct,
  createWindow,
} from '~/seed/factories.server'
import {
  SUBSCRIPTION_NEEDS_LOCAL,
  SUBSCRIPTION_NEEDS_WEEKLY_DAY,
  SUBSCRIPTION_PAYMENT,
} from '~/subscriptions/checkout-rules'
import { cancelPendingSubscriptions } from '~/subscriptions/from-order.server'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { fillCart, readStock } from '../../tests/support/orders'
import {
  FIRST_BOX,
  MONDAY_NOON,
  NEXT_BOX,
  subscribeAtCheckout,
  subscribed,
} from '../../tests/support/subscriptions'

// Subscribing is checking out (issue 21, ADR 32): placeOrder writes the first box's order and,
// in the same transaction, one subscription per frequency in the cart.

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

async function subscriptionOf(orderId: string) {
  return t.db
    .selectFrom('subscriptions')
    .select([
      'id',
      'customer_id',
      'status',
      'frequency',
      'window_id',
      'shipping_method',
      'next_date',
      'payment_method',
      'email',
      'first_name',
      'last_name',
      'street',
    ])
    .where('first_order_id', '=', orderId)
    .execute()
}

describe('subscribing at checkout', () => {
  test('paid at pickup: an active subscription with its items, next box a week on, the order at the subscriber price', async () => {
    const made = await subscribed(t.db, { quantity: 2 })
    const [subscription, ...others] = await subscriptionOf(made.order.id)
    expect(others).toEqual([])
    expect(subscription).toEqual({
      id: made.subscription.id,
      customer_id: made.customer.id,
      status: 'active',
      frequency: 'weekly',
      window_id: made.window.id,
      shipping_method: 'pickup',
      next_date: NEXT_BOX,
      payment_method: 'offline',
      email: made.customer.email,
      first_name: 'Ann',
      last_name: 'Lee',
      // pickup keeps no address
      street: '',
    })
    const items = await t.db
      .selectFrom('subscription_items')
      .select(['product_id', 'product_variant_id', 'quantity'])
      .where('subscription_id', '=', made.subscription.id)
      .execute()
    expect(items).toEqual([{ product_id: made.product.id, product_variant_id: null, quantity: 2 }])

    // $10.00 less 10% for subscribers, twice
    const item = await t.db
      .selectFrom('order_items')
      .select(['unit_price_cents', 'line_total_cents'])
      .where('order_id', '=', made.order.id)
      .executeTakeFirstOrThrow()
    expect(item).toEqual({ unit_price_cents: 900, line_total_cents: 1800 })
    const order = await t.db
      .selectFrom('orders')
      .select(['status', 'fulfilment_date', 'subtotal_cents'])
      .where('id', '=', made.order.id)
      .executeTakeFirstOrThrow()
    expect(order).toEqual({
      status: 'pending_payment',
      fulfilment_date: FIRST_BOX,
      subtotal_cents: 1800,
    })
    expect(await readStock(t.db, 'products', made.product.id)).toBe(18)
  })

  test('a next box within the week is reserved from one-time shoppers at once', async () => {
    // Thursday 9 am in Boise, for a window at 3 pm with no cut-off before it: the next box is
    // seven days on, the last day reserved.
    const made = await subscribed(t.db, {
      quantity: 3,
      window: { cutoff_hours: 0 },
      now: new Date('2026-11-26T16:00:00Z'),
    })
    expect(made.subscription.next_date).toBe(NEXT_BOX)
    const product = await t.db
      .selectFrom('products')
      .select(['stock_quantity', 'reserved_quantity'])
      .where('id', '=', made.product.id)
      .executeTakeFirstOrThrow()
    expect(product).toEqual({ stock_quantity: 17, reserved_quantity: 3 })
  })

  test('paid by card: the subscription waits for the card (pending); cancelling the unpaid order cancels it', async () => {
    const made = await subscribed(t.db, { paymentMethod: 'stripe', frequency: 'biweekly' })
    expect(made.subscription).toEqual({
      id: made.subscription.id,
      status: 'pending',
      next_date: '2026-12-10',
    })
    const admin = await createCustomer(t.db, { is_admin: true })
    const cancelled = await changeOrderStatus(t.db, made.order.id, admin.id, {
      intent: 'cancelled',
      from: 'pending_payment',
    })
    expect(cancelled).toEqual({ ok: true, status: 'cancelled' })
    const [after] = await subscriptionOf(made.order.id)
    expect(after?.status).toBe('cancelled')
  })

  test('cancelPendingSubscriptions leaves an active subscription alone', async () => {
    const made = await subscribed(t.db)
    expect(await cancelPendingSubscriptions(t.db, made.order.id)).toBe(0)
    const [after] = await subscriptionOf(made.order.id)
    expect(after?.status).toBe('active')
  })

  test('two frequencies in one cart make two subscriptions; a one-time line is in neither', async () => {
    const place = await createPickupPlace(t.db)
    const window = await createWindow(t.db, { place_id: place.id })
    const subscribable = { subscription_frequencies: 'weekly,monthly', price_cents: 1000 }
    const box = await createProduct(t.db, { ...subscribable, subscriber_discount_percent: 10 })
    const eggs = await createProduct(t.db, { ...subscribable, subscriber_discount_percent: 0 })
    const honey = await createProduct(t.db, { price_cents: 1200, subscription_frequencies: '' })
    const customer = await createCustomer(t.db)
    await fillCart(t.db, customer.id, [
      { productId: box.id, quantity: 1, frequency: 'weekly' },
      { productId: eggs.id, quantity: 2, frequency: 'monthly' },
      { productId: honey.id, quantity: 1 },
    ])
    const result = await placeOrder(
      t.db,
      {
        customerId: customer.id,
        idempotencyKey: crypto.randomUUID(),
        contact: { email: customer.email, phone: '208-555-0100' },
        shippingAddress: { firstName: 'Ann', lastName: 'Lee' },
        shippingMethod: 'pickup',
        slot: `${window.id}:${FIRST_BOX}`,
        paymentMethod: 'offline',
      },
      { now: MONDAY_NOON },
    )
    if (!result.ok) throw new Error(result.message)
    const rows = await t.db
      .selectFrom('subscriptions')
      .innerJoin('subscription_items', 'subscription_items.subscription_id', 'subscriptions.id')
      .select([
        'subscriptions.frequency',
        'subscriptions.next_date',
        'subscription_items.product_id',
        'subscription_items.quantity',
      ])
      .where('subscriptions.first_order_id', '=', result.order.id)
      .orderBy('subscriptions.frequency')
      .execute()
    expect(rows).toEqual([
      // a month on is Saturday December 26: the box is on the Thursday after
      { frequency: 'monthly', next_date: '2026-12-31', product_id: eggs.id, quantity: 2 },
      { frequency: 'weekly', next_date: NEXT_BOX, product_id: box.id, quantity: 1 },
    ])
    const order = await t.db
      .selectFrom('orders')
      .select('subtotal_cents')
      .where('id', '=', result.order.id)
      .executeTakeFirstOrThrow()
    // 900 (10% off) + 2 x 1000 (no discount) + 1200 (one time, full price)
    expect(order.subtotal_cents).toBe(4100)
  })
})

describe('what a subscription cannot have', () => {
  async function refusalOf(made: Awaited<ReturnType<typeof subscribeAtCheckout>>) {
    if (made.result.ok) throw new Error('expected a refusal')
    const cart = await t.db
      .selectFrom('cart_lines')
      .innerJoin('carts', 'carts.id', 'cart_lines.cart_id')
      .select('cart_lines.subscription_frequency')
      .where('carts.customer_id', '=', made.customer.id)
      .execute()
    const subscriptions = await t.db
      .selectFrom('subscriptions')
      .select('id')
      .where('customer_id', '=', made.customer.id)
      .execute()
    return {
      fieldErrors: 'fieldErrors' in made.result ? made.result.fieldErrors : undefined,
      // nothing was written and the cart is as it was
      cart: cart.map((line) => line.subscription_frequency),
      subscriptions: subscriptions.length,
      stock: await readStock(t.db, 'products', made.product.id),
    }
  }

  test('shipping', async () => {
    const made = await subscribeAtCheckout(t.db, { shippingMethod: 'standard' })
    expect(await refusalOf(made)).toEqual({
      fieldErrors: { shippingMethod: [SUBSCRIPTION_NEEDS_LOCAL] },
      cart: ['weekly'],
      subscriptions: 0,
      stock: 20,
    })
  })

  test('a one-off date', async () => {
    const made = await subscribeAtCheckout(t.db, { window: { on_date: FIRST_BOX } })
    expect(await refusalOf(made)).toEqual({
      fieldErrors: { slot: [SUBSCRIPTION_NEEDS_WEEKLY_DAY] },
      cart: ['weekly'],
      subscriptions: 0,
      stock: 20,
    })
  })

  test('PayPal', async () => {
    const made = await subscribeAtCheckout(t.db, { paymentMethod: 'paypal' })
    expect(await refusalOf(made)).toEqual({
      fieldErrors: { paymentMethod: [SUBSCRIPTION_PAYMENT] },
      cart: ['weekly'],
      subscriptions: 0,
      stock: 20,
    })
  })

  test('a product that stopped offering that frequency', async () => {
    const made = await subscribeAtCheckout(t.db, {
      frequency: 'weekly',
      product: { subscription_frequencies: 'monthly' },
    })
    expect(made.result).toEqual({
      ok: false,
      reason: 'unavailable',
      message: 'Sorry, Veg Box can no longer be subscribed to. Please remove it from your cart.',
    })
  })
})
