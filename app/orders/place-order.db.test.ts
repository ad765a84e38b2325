import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { placeOrder } from '~/flows/place-order.server'
import { createCustomer, createProduct, createVariant } from '~/seed/factories.server'
import { createTestApp, TEST_BASE_URL } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { countCartLines, expectPlaced, orderInput } from '../../tests/support/order-fixture'
import { fillCart, readStock } from '../../tests/support/orders'
import { formatOrderNumber } from './place-order'

// Placing an order (flows/place-order.server.ts): what a placed order writes. Refusals:
// place-order-refusals.db.test.ts; double submits and races: place-order-races.db.test.ts.

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

const stockOf = (productId: string) => readStock(t.db, 'products', productId)
const variantStockOf = (variantId: string) => readStock(t.db, 'product_variants', variantId)

const cartLineCount = (customerId: string) => countCartLines(t.db, customerId)

async function orderRow(id: string) {
  return t.db
    .selectFrom('orders')
    .select([
      'order_number',
      'customer_id',
      'status',
      'payment_status',
      'payment_method',
      'shipping_method',
      'email',
      'subtotal_cents',
      'discount_cents',
      'shipping_cents',
      'tax_cents',
      'total_cents',
      'tax_rate_basis_points',
      'promo_code',
      'ship_apartment',
      'ship_state',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
}

describe('placing an order', () => {
  test('prices from the catalog, takes stock, writes order, items and email, empties the cart', async () => {
    const { id: customerId } = await createCustomer(t.db)
    const beef = await createProduct(t.db, {
      name: 'Ground Beef',
      price_cents: 1000,
      stock_quantity: 8,
    })
    const eggs = await createProduct(t.db, { name: 'Eggs', price_cents: 700, stock_quantity: 20 })
    await fillCart(
      t.db,
      customerId,
      [
        { productId: beef.id, quantity: 3 },
        { productId: eggs.id, quantity: 4 },
      ],
      'FARM10',
    )
    // The catalog price changed after the cart was filled: the catalog's is charged.
    await t.db
      .updateTable('products')
      .set({ price_cents: 1200 })
      .where('id', '=', beef.id)
      .execute()
    const { times_used: usedBefore } = await t.db
      .selectFrom('promo_codes')
      .select('times_used')
      .where('code', '=', 'FARM10')
      .executeTakeFirstOrThrow()

    const order = expectPlaced(await placeOrder(t.db, orderInput(customerId)))

    // 3 x 12.00 + 4 x 7.00 = 64.00; FARM10 6.40; free standard shipping (64 >= 50);
    // tax 6 % of 57.60 = 3.456 -> 3.46; total 57.60 + 3.46 = 61.06.
    expect(await orderRow(order.id)).toEqual({
      order_number: order.orderNumber,
      customer_id: customerId,
      status: 'pending_payment',
      payment_status: 'pending',
      payment_method: 'offline',
      shipping_method: 'standard',
      email: 'ann@example.com',
      subtotal_cents: 6400,
      discount_cents: 640,
      shipping_cents: 0,
      tax_cents: 346,
      total_cents: 6106,
      tax_rate_basis_points: 600,
      promo_code: 'FARM10',
      ship_apartment: 'Unit 3',
      ship_state: 'ID',
    })
    expect(order.orderNumber).toBeGreaterThanOrEqual(10001)
    const items = await t.db
      .selectFrom('order_items')
      .select([
        'product_id',
        'product_name',
        'variant_name',
        'unit_price_cents',
        'quantity',
        'line_total_cents',
      ])
      .where('order_id', '=', order.id)
      .orderBy('product_name')
      .execute()
    expect(items).toEqual([
      {
        product_id: eggs.id,
        product_name: 'Eggs',
        variant_name: null,
        unit_price_cents: 700,
        quantity: 4,
        line_total_cents: 2800,
      },
      {
        product_id: beef.id,
        product_name: 'Ground Beef',
        variant_name: null,
        unit_price_cents: 1200,
        quantity: 3,
        line_total_cents: 3600,
      },
    ])
    expect(await stockOf(beef.id)).toBe(5)
    expect(await stockOf(eggs.id)).toBe(16)
    expect(await cartLineCount(customerId)).toBe(0)
    const cart = await t.db
      .selectFrom('carts')
      .select('promo_code')
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow()
    expect(cart.promo_code).toBeNull()
    const { times_used } = await t.db
      .selectFrom('promo_codes')
      .select('times_used')
      .where('code', '=', 'FARM10')
      .executeTakeFirstOrThrow()
    expect(times_used).toBe(usedBefore + 1)

    const emails = await t.db
      .selectFrom('email_outbox')
      .select(['to_address', 'subject', 'text_body', 'html_body', 'status'])
      .where('template', '=', 'order-confirmation')
      .where('to_address', '=', 'ann@example.com')
      .execute()
    expect(emails).toHaveLength(1)
    const email = emails[0]
    const number = formatOrderNumber(order.orderNumber)
    expect(email?.status).toBe('pending')
    expect(email?.subject).toBe(`Order ${number} confirmed`)
    for (const part of [
      'Ground Beef: 3 × $12.00',
      'Eggs: 4 × $7.00',
      'Subtotal: $64.00',
      'Discount (FARM10): -$6.40',
      'Shipping: Free',
      'Tax: $3.46',
      'Total: $61.06',
      '12 Orchard Lane, Unit 3',
      'Boise, ID 83702',
      'How you get it: Standard Shipping (5-7 business days)',
      'Payment: Pay at pickup or on delivery',
      `${TEST_BASE_URL}/order-confirmation/${order.id}`,
    ]) {
      expect(email?.text_body).toContain(part)
    }
    expect(email?.html_body).toContain(`href="${TEST_BASE_URL}/order-confirmation/${order.id}"`)
  })

  test.each([
    // 2 x 9.99 = 19.98: standard 5.99 below the threshold; tax 6 % of 19.98 = 1.1988 -> 1.20
    ['standard', 599, 1998 + 599 + 120],
    ['express', 1299, 1998 + 1299 + 120],
    ['pickup', 0, 1998 + 120],
  ] as const)('%s shipping costs %i cents', async (shippingMethod, shippingCents, totalCents) => {
    const { id: customerId } = await createCustomer(t.db)
    const product = await createProduct(t.db, { price_cents: 999, stock_quantity: 5 })
    await fillCart(t.db, customerId, [{ productId: product.id, quantity: 2 }])
    const order = expectPlaced(await placeOrder(t.db, orderInput(customerId, { shippingMethod })))
    const row = await orderRow(order.id)
    expect(row).toMatchObject({
      subtotal_cents: 1998,
      discount_cents: 0,
      shipping_cents: shippingCents,
      tax_cents: 120,
      total_cents: totalCents,
      promo_code: null,
      shipping_method: shippingMethod,
    })
  })

  test('an option takes its own stock; the product aggregate follows', async () => {
    const { id: customerId } = await createCustomer(t.db)
    const eggs = await createProduct(t.db, { name: 'Pasture-Raised Eggs', stock_quantity: 30 })
    const dozen = await createVariant(t.db, eggs.id, {
      name: 'Dozen',
      price_cents: 700,
      stock_quantity: 20,
    })
    const half = await createVariant(t.db, eggs.id, {
      name: 'Half Dozen',
      price_cents: 400,
      stock_quantity: 10,
    })
    await fillCart(t.db, customerId, [
      { productId: eggs.id, variantId: dozen.id, quantity: 2 },
      { productId: eggs.id, variantId: half.id, quantity: 3 },
    ])
    const order = expectPlaced(await placeOrder(t.db, orderInput(customerId)))
    expect(await variantStockOf(dozen.id)).toBe(18)
    expect(await variantStockOf(half.id)).toBe(7)
    expect(await stockOf(eggs.id)).toBe(25)
    const items = await t.db
      .selectFrom('order_items')
      .select(['product_variant_id', 'variant_name', 'unit_price_cents', 'quantity'])
      .where('order_id', '=', order.id)
      .orderBy('unit_price_cents')
      .execute()
    expect(items).toEqual([
      {
        product_variant_id: half.id,
        variant_name: 'Half Dozen',
        unit_price_cents: 400,
        quantity: 3,
      },
      { product_variant_id: dozen.id, variant_name: 'Dozen', unit_price_cents: 700, quantity: 2 },
    ])
  })

  test('order numbers count up from the counter, one per order', async () => {
    const numbers: number[] = []
    for (let i = 0; i < 3; i++) {
      const { id: customerId } = await createCustomer(t.db)
      const product = await createProduct(t.db, { stock_quantity: 1 })
      await fillCart(t.db, customerId, [{ productId: product.id, quantity: 1 }])
      numbers.push(expectPlaced(await placeOrder(t.db, orderInput(customerId))).orderNumber)
    }
    expect(numbers[1]).toBe((numbers[0] ?? 0) + 1)
    expect(numbers[2]).toBe((numbers[0] ?? 0) + 2)
    expect(formatOrderNumber(10042)).toBe('FS-10042')
  })
})
