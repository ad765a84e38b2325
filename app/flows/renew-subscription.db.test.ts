import type { Insertable } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '~/platform/db/schema'
import {
  createCustomer,
  createDeliveryZone,
  createPickupPlace,
  createProduct,
  createSubscription,
  createVariant,
  createWindow,
} from '~/seed/factories.server'
import { syncReservations } from '~/subscriptions/reservations.server'
import { createTestApp, TEST_BASE_URL } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { checkOut, fillCart, readStock } from '../../tests/support/orders'
import { AFTER_NEXT_CUTOFF, NEXT_BOX } from '../../tests/support/subscriptions'
import { BOX_MISSED, BOX_NOTHING_LEFT, BOX_PAUSED, BOX_WINDOW_GONE } from './renew-subscription'
import { placeSubscriptionOrder } from './renew-subscription.server'

// A subscription's later boxes (issue 21, ADR 32): made at the cut-off through writeOrder, once
// per subscription and date, with stock reserved for them; or recorded as skipped or failed.

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

type SubscriptionFields = Partial<Insertable<Database['subscriptions']>>

/** An active weekly subscription to 2 of a $10.00 box (10% off), next box NEXT_BOX. */
async function aSubscription(
  options: {
    product?: Partial<Insertable<Database['products']>>
    quantity?: number
    subscription?: SubscriptionFields
  } = {},
) {
  const place = await createPickupPlace(t.db, { name: 'Red Barn' })
  const window = await createWindow(t.db, { place_id: place.id })
  const product = await createProduct(t.db, {
    name: 'Veg Box',
    price_cents: 1000,
    stock_quantity: 10,
    subscription_frequencies: 'weekly',
    subscriber_discount_percent: 10,
    ...options.product,
  })
  const customer = await createCustomer(t.db, { first_name: 'Ann' })
  const subscription = await createSubscription(
    t.db,
    { customerId: customer.id, windowId: window.id },
    [{ product_id: product.id, quantity: options.quantity ?? 2 }],
    { email: customer.email, first_name: 'Ann', ...options.subscription },
  )
  return { place, window, product, customer, subscription }
}

function makeBox(subscriptionId: string, now = AFTER_NEXT_CUTOFF) {
  return placeSubscriptionOrder(t.db, { subscriptionId, date: NEXT_BOX, now })
}

async function cyclesOf(subscriptionId: string) {
  return t.db
    .selectFrom('subscription_cycles')
    .select(['date', 'status', 'order_id', 'message', 'charge_status'])
    .where('subscription_id', '=', subscriptionId)
    .execute()
}

async function nextDateOf(subscriptionId: string) {
  const row = await t.db
    .selectFrom('subscriptions')
    .select(['next_date', 'status'])
    .where('id', '=', subscriptionId)
    .executeTakeFirstOrThrow()
  return row
}

async function ordersOf(customerId: string) {
  return t.db
    .selectFrom('orders')
    .select([
      'id',
      'idempotency_key',
      'status',
      'payment_method',
      'subtotal_cents',
      'fulfilment_date',
      'fulfilment_window_id',
      'fulfilment_place',
    ])
    .where('customer_id', '=', customerId)
    .execute()
}

async function emailsTo(to: string) {
  return t.db
    .selectFrom('email_outbox')
    .select(['subject', 'text_body', 'template'])
    .where('to_address', '=', to)
    .orderBy('created_at')
    .execute()
}

describe('making a box', () => {
  test('an order at the subscriber price for the box date, its cycle, the next date, the email', async () => {
    const { customer, subscription, window, product } = await aSubscription()
    const made = await makeBox(subscription.id)
    if (made.kind !== 'ordered') throw new Error(`expected an order, got ${made.kind}`)

    expect(await ordersOf(customer.id)).toEqual([
      {
        id: made.orderId,
        idempotency_key: `subscription:${subscription.id}:${NEXT_BOX}`,
        status: 'pending_payment',
        payment_method: 'offline',
        subtotal_cents: 1800,
        fulfilment_date: NEXT_BOX,
        fulfilment_window_id: window.id,
        fulfilment_place: 'Red Barn',
      },
    ])
    expect(await cyclesOf(subscription.id)).toEqual([
      {
        date: NEXT_BOX,
        status: 'ordered',
        order_id: made.orderId,
        message: null,
        charge_status: 'none',
      },
    ])
    expect(await nextDateOf(subscription.id)).toEqual({
      next_date: '2026-12-10',
      status: 'active',
    })
    expect(await readStock(t.db, 'products', product.id)).toBe(8)
    const [email] = await emailsTo(customer.email)
    expect(email?.template).toBe('order-confirmation')
  })

  test('a card-paid box waits for its charge: pending_payment, charge_status none', async () => {
    const { customer, subscription } = await aSubscription({
      subscription: { payment_method: 'stripe' },
    })
    const made = await makeBox(subscription.id)
    expect(made.kind).toBe('ordered')
    const [order] = await ordersOf(customer.id)
    expect(order?.status).toBe('pending_payment')
    expect(order?.payment_method).toBe('stripe')
    const [cycle] = await cyclesOf(subscription.id)
    expect(cycle?.charge_status).toBe('none')
  })

  test('a delivery box goes to the subscription’s address, with the zone’s fee', async () => {
    const zone = await createDeliveryZone(t.db, { name: 'Boise' })
    const window = await createWindow(t.db, { zone_id: zone.id })
    const product = await createProduct(t.db, {
      price_cents: 1000,
      stock_quantity: 10,
      subscription_frequencies: 'weekly',
      subscriber_discount_percent: 10,
    })
    const customer = await createCustomer(t.db)
    const subscription = await createSubscription(
      t.db,
      { customerId: customer.id, windowId: window.id },
      [{ product_id: product.id, quantity: 4 }],
      {
        shipping_method: 'delivery',
        street: '12 Orchard Lane',
        city: 'Boise',
        state: 'ID',
        zip_code: '83702',
      },
    )
    const made = await makeBox(subscription.id)
    if (made.kind !== 'ordered') throw new Error(`expected an order, got ${made.kind}`)
    const order = await t.db
      .selectFrom('orders')
      .select([
        'shipping_method',
        'ship_street',
        'ship_zip_code',
        'subtotal_cents',
        'shipping_cents',
        'fulfilment_place',
      ])
      .where('id', '=', made.orderId)
      .executeTakeFirstOrThrow()
    expect(order).toEqual({
      shipping_method: 'delivery',
      ship_street: '12 Orchard Lane',
      ship_zip_code: '83702',
      subtotal_cents: 3600,
      shipping_cents: 700,
      fulfilment_place: 'Boise',
    })
  })

  test('two runs at once make one order and one cycle', async () => {
    const { customer, subscription, product } = await aSubscription()
    const results = await Promise.all([makeBox(subscription.id), makeBox(subscription.id)])
    expect(results.map((result) => result.kind).sort()).toEqual(['already', 'ordered'])
    expect(await ordersOf(customer.id)).toHaveLength(1)
    expect(await cyclesOf(subscription.id)).toHaveLength(1)
    expect(await readStock(t.db, 'products', product.id)).toBe(8)
    // and later, the box is not made again
    expect(await makeBox(subscription.id)).toEqual({ kind: 'already' })
  })

  test('the box takes units reserved for it, which a one-time shopper is refused', async () => {
    const { subscription, product } = await aSubscription({
      product: { stock_quantity: 3 },
      quantity: 3,
    })
    await syncReservations(t.db, AFTER_NEXT_CUTOFF)
    const shopper = await createCustomer(t.db)
    await fillCart(t.db, shopper.id, [{ productId: product.id, quantity: 1 }])
    const refused = await checkOut(t.db, shopper)
    expect(refused).toMatchObject({ ok: false, reason: 'sold-out' })
    expect(refused.ok ? '' : refused.message).toBe('Veg Box is sold out.')

    expect((await makeBox(subscription.id)).kind).toBe('ordered')
    const row = await t.db
      .selectFrom('products')
      .select(['stock_quantity', 'reserved_quantity'])
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow()
    // the next box (December 10) is beyond the week: nothing is reserved for it yet
    expect(row).toEqual({ stock_quantity: 0, reserved_quantity: 0 })
  })

  test('units held for the waiting list are never the box’s', async () => {
    const { customer, subscription } = await aSubscription({
      product: { stock_quantity: 3, held_quantity: 2 },
    })
    const made = await makeBox(subscription.id)
    expect(made).toMatchObject({ kind: 'failed', message: 'Only 1 of Veg Box left in stock.' })
    expect(await ordersOf(customer.id)).toEqual([])
  })

  test('an option switched off for subscribers is left out; nothing left fails the box', async () => {
    const { customer, subscription, product } = await aSubscription({
      product: { stock_quantity: 0 },
    })
    const dozen = await createVariant(t.db, product.id, {
      name: 'Dozen',
      stock_quantity: 10,
      subscribable: false,
    })
    await t.db
      .updateTable('subscription_items')
      .set({ product_variant_id: dozen.id })
      .where('subscription_id', '=', subscription.id)
      .execute()
    const made = await makeBox(subscription.id)
    expect(made).toMatchObject({ kind: 'failed', message: BOX_NOTHING_LEFT })
    expect(await ordersOf(customer.id)).toEqual([])
  })
})

describe('a box not made', () => {
  test('sold out: the cycle fails with why, the next date moves on, the customer is emailed', async () => {
    const { customer, subscription, product } = await aSubscription({
      product: { stock_quantity: 1 },
    })
    const made = await makeBox(subscription.id)
    expect(made).toMatchObject({ kind: 'failed', message: 'Only 1 of Veg Box left in stock.' })
    expect(await ordersOf(customer.id)).toEqual([])
    expect(await cyclesOf(subscription.id)).toEqual([
      {
        date: NEXT_BOX,
        status: 'failed',
        order_id: null,
        message: 'Only 1 of Veg Box left in stock.',
        charge_status: 'none',
      },
    ])
    expect((await nextDateOf(subscription.id)).next_date).toBe('2026-12-10')
    expect(await readStock(t.db, 'products', product.id)).toBe(1)
    const emails = await emailsTo(customer.email)
    expect(emails.map((email) => [email.template, email.subject])).toEqual([
      ['box-not-made', 'We could not make your box for Thursday, December 3'],
    ])
    expect(emails[0]?.text_body).toContain('Only 1 of Veg Box left in stock.')
    expect(emails[0]?.text_body).toContain(`${TEST_BASE_URL}/account/subscriptions`)
  })

  test('the window switched off: failed, saying so', async () => {
    const { subscription, window } = await aSubscription()
    await t.db
      .updateTable('fulfilment_windows')
      .set({ is_active: false })
      .where('id', '=', window.id)
      .execute()
    expect(await makeBox(subscription.id)).toMatchObject({
      kind: 'failed',
      message: BOX_WINDOW_GONE,
    })
  })

  test('paused until on or after the date: skipped, no order; the box after the pause is made', async () => {
    const { customer, subscription } = await aSubscription({
      subscription: { status: 'paused', paused_until: NEXT_BOX },
    })
    expect(await makeBox(subscription.id)).toMatchObject({ kind: 'skipped' })
    expect(await cyclesOf(subscription.id)).toEqual([
      {
        date: NEXT_BOX,
        status: 'skipped',
        order_id: null,
        message: BOX_PAUSED,
        charge_status: 'none',
      },
    ])
    expect(await ordersOf(customer.id)).toEqual([])
    expect(await emailsTo(customer.email)).toEqual([])

    const after = await placeSubscriptionOrder(t.db, {
      subscriptionId: subscription.id,
      date: '2026-12-10',
      now: new Date('2026-12-09T22:01:00Z'),
    })
    expect(after.kind).toBe('ordered')
    expect(await nextDateOf(subscription.id)).toEqual({
      next_date: '2026-12-17',
      status: 'active',
    })
  })

  test('a box whose day passed while the shop was down: failed as missed, no order', async () => {
    const { customer, subscription } = await aSubscription()
    const made = await makeBox(subscription.id, new Date('2026-12-05T18:00:00Z'))
    expect(made).toMatchObject({ kind: 'failed', message: BOX_MISSED })
    expect(await ordersOf(customer.id)).toEqual([])
    expect((await nextDateOf(subscription.id)).next_date).toBe('2026-12-10')
  })

  test('a subscription waiting for its card, or cancelled, has no box to make', async () => {
    for (const status of ['pending', 'cancelled']) {
      const { customer, subscription } = await aSubscription({ subscription: { status } })
      expect(await makeBox(subscription.id)).toEqual({ kind: 'already' })
      expect(await ordersOf(customer.id)).toEqual([])
      expect(await cyclesOf(subscription.id)).toEqual([])
    }
  })
})
