import { afterAll, beforeAll, expect, test } from 'vitest'
import { orderStatusLabel } from '~/orders/words'
import { createCustomer, createOrder } from '~/seed/factories.server'
import { createTestDatabase, type TestDatabase } from '../../tests/setup/database'
import { getCustomerOrder, listCustomerOrders } from './customer-orders.server'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(async () => {
  await t?.cleanup()
})

/** A standard-shipping order ($5.99) at the given time, with its items and totals. */
async function placedOrder(
  customerId: string,
  options: {
    createdAt: Date
    items?: { name: string; variant?: string; quantity: number; unitCents: number }[]
    discountCents?: number
  },
) {
  const lines = (options.items ?? []).map((item) => ({
    product_name: item.name,
    variant_name: item.variant ?? null,
    quantity: item.quantity,
    unit_price_cents: item.unitCents,
  }))
  const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.unit_price_cents, 0)
  const discount = options.discountCents ?? 0
  const tax = Math.round((subtotal - discount) * 0.06)
  const total = subtotal - discount + 599 + tax
  const order = await createOrder(t.db, customerId, lines, {
    status: 'processing',
    discount_cents: discount,
    shipping_cents: 599,
    tax_cents: tax,
    total_cents: total,
    promo_code: discount > 0 ? 'FARM10' : null,
    shipping_method: 'standard',
    ship_street: '12 Main St',
    ship_city: 'Boise',
    ship_state: 'ID',
    ship_zip_code: '83702',
    created_at: options.createdAt,
    updated_at: options.createdAt,
  })
  return { ...order, total }
}

test("lists the customer's own orders, newest first, with item counts", async () => {
  const { id: ann } = await createCustomer(t.db)
  const { id: bob } = await createCustomer(t.db)
  const older = await placedOrder(ann, {
    createdAt: new Date('2026-03-01T10:00:00.000Z'),
    items: [
      { name: 'Eggs', variant: 'Dozen', quantity: 2, unitCents: 600 },
      { name: 'Ground Beef', quantity: 3, unitCents: 899 },
    ],
  })
  const newer = await placedOrder(ann, {
    createdAt: new Date('2026-04-01T10:00:00.000Z'),
    items: [{ name: 'Veggie Box', quantity: 1, unitCents: 3500 }],
  })
  const empty = await placedOrder(ann, { createdAt: new Date('2026-02-01T10:00:00.000Z') })
  await placedOrder(bob, {
    createdAt: new Date('2026-05-01T10:00:00.000Z'),
    items: [{ name: 'Eggs', quantity: 1, unitCents: 600 }],
  })

  const orders = await listCustomerOrders(t.db, ann)
  expect(orders).toEqual([
    {
      id: newer.id,
      order_number: newer.orderNumber,
      status: 'processing',
      created_at: new Date('2026-04-01T10:00:00.000Z'),
      total_cents: newer.total,
      item_count: 1,
    },
    {
      id: older.id,
      order_number: older.orderNumber,
      status: 'processing',
      created_at: new Date('2026-03-01T10:00:00.000Z'),
      total_cents: older.total,
      item_count: 5,
    },
    expect.objectContaining({ id: empty.id, item_count: 0 }),
  ])
  expect(await listCustomerOrders(t.db, (await createCustomer(t.db)).id)).toEqual([])
})

test("one order with its items; another customer's order is not found", async () => {
  const { id: ann } = await createCustomer(t.db)
  const { id: bob } = await createCustomer(t.db)
  const order = await placedOrder(ann, {
    createdAt: new Date('2026-03-01T10:00:00.000Z'),
    discountCents: 120,
    items: [
      { name: 'Eggs', variant: 'Dozen', quantity: 2, unitCents: 600 },
      { name: 'Beef Brisket', quantity: 1, unitCents: 2499 },
    ],
  })

  const found = await getCustomerOrder(t.db, ann, order.id)
  expect(found).toMatchObject({
    id: order.id,
    order_number: order.orderNumber,
    subtotal_cents: 3699,
    discount_cents: 120,
    shipping_cents: 599,
    total_cents: order.total,
    shipping_method: 'standard',
    ship_street: '12 Main St',
    ship_apartment: null,
  })
  const fixed = { unit: null, averageWeightCentiLb: null, weightsCentiLb: null }
  expect(found?.items).toEqual([
    {
      id: expect.any(String),
      product_name: 'Beef Brisket',
      variant_name: null,
      quantity: 1,
      terms: { ...fixed, quantity: 1, priceCents: 2499, totalCents: 2499 },
      weights: null,
    },
    {
      id: expect.any(String),
      product_name: 'Eggs',
      variant_name: 'Dozen',
      quantity: 2,
      terms: { ...fixed, quantity: 2, priceCents: 600, totalCents: 1200 },
      weights: null,
    },
  ])

  expect(await getCustomerOrder(t.db, bob, order.id)).toBeNull()
  expect(await getCustomerOrder(t.db, ann, 'no-such-order')).toBeNull()
})

test('status labels', () => {
  expect(orderStatusLabel('ready_for_pickup')).toBe('Ready for Pickup')
  expect(orderStatusLabel('pending_payment')).toBe('Pending Payment')
  expect(orderStatusLabel('on_hold')).toBe('On Hold')
})
