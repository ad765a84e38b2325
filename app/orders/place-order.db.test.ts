import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { placeOrder } from '~/flows/place-order.server'
import type { TableName } from '~/platform/db/schema'
import { createCustomer, createProduct, createVariant } from '~/seed/factories.server'
import { createTestApp, TEST_BASE_URL } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { fillCart, readStock, type TestCartLine } from '../../tests/support/orders'
import { formatOrderNumber, type PlaceOrderFields, type PlaceOrderInput } from './place-order'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

function orderInput(
  customerId: string,
  overrides: Partial<PlaceOrderFields> = {},
): PlaceOrderInput {
  return {
    customerId,
    idempotencyKey: crypto.randomUUID(),
    contact: { email: 'Ann@Example.com', phone: '208-555-0100' },
    shippingAddress: {
      firstName: 'Ann',
      lastName: 'Lee',
      street: '12 Orchard Lane',
      apartment: 'Unit 3',
      city: 'Boise',
      state: 'ID',
      zipCode: '83702',
    },
    shippingMethod: 'standard',
    paymentMethod: 'offline',
    ...overrides,
  }
}

async function count(table: TableName): Promise<number> {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Orders, items and emails together: what a half-written order would leave behind. */
async function written() {
  return {
    orders: await count('orders'),
    items: await count('order_items'),
    emails: await count('email_outbox'),
  }
}

const stockOf = (productId: string) => readStock(t.db, 'products', productId)
const variantStockOf = (variantId: string) => readStock(t.db, 'product_variants', variantId)

async function cartLineCount(customerId: string): Promise<number> {
  const rows = await t.db
    .selectFrom('cart_lines')
    .innerJoin('carts', 'carts.id', 'cart_lines.cart_id')
    .select('cart_lines.id')
    .where('carts.customer_id', '=', customerId)
    .execute()
  return rows.length
}

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

function expectOk(result: Awaited<ReturnType<typeof placeOrder>>) {
  if (!result.ok) throw new Error(`expected an order, got ${JSON.stringify(result)}`)
  return result.order
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

    const order = expectOk(await placeOrder(t.db, orderInput(customerId)))

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
    const order = expectOk(await placeOrder(t.db, orderInput(customerId, { shippingMethod })))
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
    const order = expectOk(await placeOrder(t.db, orderInput(customerId)))
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
      numbers.push(expectOk(await placeOrder(t.db, orderInput(customerId))).orderNumber)
    }
    expect(numbers[1]).toBe((numbers[0] ?? 0) + 1)
    expect(numbers[2]).toBe((numbers[0] ?? 0) + 2)
    expect(formatOrderNumber(10042)).toBe('FS-10042')
  })
})

describe('refusals write nothing', () => {
  test('a short line names the item and what is left; a sold-out one says so', async () => {
    const { id: customerId } = await createCustomer(t.db)
    const eggs = await createProduct(t.db, { name: 'Pasture-Raised Eggs', stock_quantity: 2 })
    const dozen = await createVariant(t.db, eggs.id, { name: 'Dozen', stock_quantity: 2 })
    const honey = await createProduct(t.db, { name: 'Raw Honey', stock_quantity: 0 })
    const jam = await createProduct(t.db, { name: 'Jam', stock_quantity: 9 })
    await fillCart(t.db, customerId, [
      { productId: eggs.id, variantId: dozen.id, quantity: 3 },
      { productId: honey.id, quantity: 1 },
      { productId: jam.id, quantity: 1 },
    ])
    const before = await written()
    const result = await placeOrder(t.db, orderInput(customerId))
    expect(result).toEqual({
      ok: false,
      reason: 'sold-out',
      lines: expect.arrayContaining([
        { name: 'Pasture-Raised Eggs', variantName: 'Dozen', available: 2 },
        { name: 'Raw Honey', variantName: null, available: 0 },
      ]),
      message: expect.stringContaining('Only 2 of Pasture-Raised Eggs (Dozen) left in stock.'),
    })
    expect(result.ok === false && result.message).toContain('Raw Honey is sold out.')
    expect(await written()).toEqual(before)
    // Jam's stock was taken inside the transaction, and given back by the rollback.
    expect(await stockOf(jam.id)).toBe(9)
    expect(await variantStockOf(dozen.id)).toBe(2)
    expect(await stockOf(eggs.id)).toBe(2)
    expect(await cartLineCount(customerId)).toBe(3)
  })

  test('an archived product is refused by name', async () => {
    const { id: customerId } = await createCustomer(t.db)
    const product = await createProduct(t.db, { name: 'Old Jerky', stock_quantity: 5 })
    await fillCart(t.db, customerId, [{ productId: product.id, quantity: 1 }])
    await t.db
      .updateTable('products')
      .set({ archived_at: new Date() })
      .where('id', '=', product.id)
      .execute()
    const before = await written()
    const result = await placeOrder(t.db, orderInput(customerId))
    expect(result).toMatchObject({ ok: false, reason: 'unavailable' })
    expect(result.ok === false && result.message).toContain('Old Jerky')
    expect(await written()).toEqual(before)
    expect(await stockOf(product.id)).toBe(5)
  })

  test('an option switched off is refused', async () => {
    const { id: customerId } = await createCustomer(t.db)
    const product = await createProduct(t.db, { name: 'Beef Share' })
    const half = await createVariant(t.db, product.id, { name: 'Half', is_available: false })
    await fillCart(t.db, customerId, [{ productId: product.id, variantId: half.id, quantity: 1 }])
    const result = await placeOrder(t.db, orderInput(customerId))
    expect(result).toMatchObject({ ok: false, reason: 'unavailable' })
    expect(result.ok === false && result.message).toContain('Beef Share (Half)')
  })

  test('an empty cart, or no cart at all', async () => {
    const { id: customerId } = await createCustomer(t.db)
    expect(await placeOrder(t.db, orderInput(customerId))).toMatchObject({
      ok: false,
      reason: 'empty-cart',
    })
    await fillCart(t.db, customerId, [])
    expect(await placeOrder(t.db, orderInput(customerId))).toMatchObject({
      ok: false,
      reason: 'empty-cart',
    })
  })

  test('a used-up promo code refuses the order rather than charging more', async () => {
    const { id: customerId } = await createCustomer(t.db)
    await t.db
      .insertInto('promo_codes')
      .values({
        id: crypto.randomUUID(),
        code: 'ONCE5',
        discount_type: 'fixed',
        discount_value: 500,
        usage_limit: 1,
        times_used: 1,
      })
      .execute()
    const product = await createProduct(t.db, { stock_quantity: 3 })
    await fillCart(t.db, customerId, [{ productId: product.id, quantity: 1 }], 'ONCE5')
    expect(await placeOrder(t.db, orderInput(customerId))).toMatchObject({
      ok: false,
      reason: 'promo-invalid',
    })
    expect(await stockOf(product.id)).toBe(3)
  })

  test('a failure after the stock was taken leaves stock, orders, items and emails as they were', async () => {
    const { id: customerId } = await createCustomer(t.db)
    const product = await createProduct(t.db, { stock_quantity: 4 })
    await fillCart(t.db, customerId, [{ productId: product.id, quantity: 2 }], 'FARM10')
    const before = await written()
    await expect(
      placeOrder(t.db, orderInput(customerId), {
        afterStock: () => {
          throw new Error('injected failure')
        },
      }),
    ).rejects.toThrow('injected failure')
    expect(await written()).toEqual(before)
    expect(await stockOf(product.id)).toBe(4)
    expect(await cartLineCount(customerId)).toBe(1)
    // The cart still works: the same checkout goes through afterwards.
    expectOk(await placeOrder(t.db, orderInput(customerId)))
    expect(await stockOf(product.id)).toBe(2)
  })

  test('bad input answers with the specification messages, per field', async () => {
    const { id: customerId } = await createCustomer(t.db)
    const result = await placeOrder(
      t.db,
      orderInput(customerId, {
        contact: { email: ' ', phone: '208-555-0100' },
        shippingAddress: {
          firstName: '',
          lastName: 'Lee',
          street: '',
          city: 'Portland',
          state: 'OR',
          zipCode: '9720',
        },
      }),
    )
    expect(result).toMatchObject({
      ok: false,
      reason: 'invalid',
      fieldErrors: {
        'contact.email': ['Email is required'],
        'shippingAddress.firstName': ['Full name is required'],
        'shippingAddress.street': ['Address is required'],
        'shippingAddress.state': ['We currently deliver only to Idaho.'],
        'shippingAddress.zipCode': ['Please enter a valid ZIP code'],
      },
    })
  })
})

describe('the same submission twice makes one order', () => {
  test('one after the other: the first order comes back; stock is taken once', async () => {
    const { id: customerId } = await createCustomer(t.db)
    const product = await createProduct(t.db, { stock_quantity: 5 })
    await fillCart(t.db, customerId, [{ productId: product.id, quantity: 2 }])
    const input = orderInput(customerId)
    const first = expectOk(await placeOrder(t.db, input))
    const second = await placeOrder(t.db, input)
    expect(second).toEqual({ ok: true, order: first, replayed: true })
    expect(await stockOf(product.id)).toBe(3)
    const orders = await t.db
      .selectFrom('orders')
      .select('id')
      .where('customer_id', '=', customerId)
      .execute()
    expect(orders).toHaveLength(1)
  })

  test("another customer's key is a conflict that reveals nothing", async () => {
    const { id: owner } = await createCustomer(t.db)
    const { id: other } = await createCustomer(t.db)
    const product = await createProduct(t.db, { stock_quantity: 5 })
    await fillCart(t.db, owner, [{ productId: product.id, quantity: 1 }])
    await fillCart(t.db, other, [{ productId: product.id, quantity: 1 }])
    const input = orderInput(owner)
    const first = expectOk(await placeOrder(t.db, input))
    const result = await placeOrder(t.db, { ...input, customerId: other })
    expect(result).toMatchObject({ ok: false, reason: 'conflict' })
    expect(JSON.stringify(result)).not.toContain(first.id)
    expect(JSON.stringify(result)).not.toContain(String(first.orderNumber))
    expect(await stockOf(product.id)).toBe(4)
    expect(await cartLineCount(other)).toBe(1)
  })

  test('at the same moment: one order, every answer names it', async () => {
    const { id: customerId } = await createCustomer(t.db)
    const product = await createProduct(t.db, { stock_quantity: 10 })
    await fillCart(t.db, customerId, [{ productId: product.id, quantity: 2 }])
    const input = orderInput(customerId)
    const before = await written()
    const results = await Promise.all(Array.from({ length: 8 }, () => placeOrder(t.db, input)))
    const ids = new Set(results.map((result) => expectOk(result).id))
    expect(ids.size).toBe(1)
    expect(results.filter((result) => result.ok && !result.replayed)).toHaveLength(1)
    expect(await stockOf(product.id)).toBe(8)
    const after = await written()
    expect(after).toEqual({
      orders: before.orders + 1,
      items: before.items + 1,
      emails: before.emails + 1,
    })
  })

  test('two customers racing with one key: one order, one conflict', async () => {
    const { id: a } = await createCustomer(t.db)
    const { id: b } = await createCustomer(t.db)
    const product = await createProduct(t.db, { stock_quantity: 10 })
    await fillCart(t.db, a, [{ productId: product.id, quantity: 1 }])
    await fillCart(t.db, b, [{ productId: product.id, quantity: 1 }])
    const key = crypto.randomUUID()
    const results = await Promise.all([
      placeOrder(t.db, { ...orderInput(a), idempotencyKey: key }),
      placeOrder(t.db, { ...orderInput(b), idempotencyKey: key }),
    ])
    expect(results.filter((result) => result.ok)).toHaveLength(1)
    expect(results.filter((result) => !result.ok && result.reason === 'conflict')).toHaveLength(1)
    expect(await stockOf(product.id)).toBe(9)
  })
})

describe('concurrency', () => {
  test('100 customers at once for the last 10 units: exactly 10 orders, stock 0, 90 clear refusals', async () => {
    const product = await createProduct(t.db, {
      name: 'Heritage Turkey',
      price_cents: 6500,
      stock_quantity: 10,
    })
    const customers: string[] = []
    for (let i = 0; i < 100; i++) {
      const { id: customerId } = await createCustomer(t.db)
      await fillCart(t.db, customerId, [{ productId: product.id, quantity: 1 }])
      customers.push(customerId)
    }
    const before = await written()
    const results = await Promise.all(
      customers.map((customerId) => placeOrder(t.db, orderInput(customerId))),
    )
    const placed = results.filter((result) => result.ok)
    const refused = results.filter((result) => !result.ok)
    expect(placed).toHaveLength(10)
    expect(refused).toHaveLength(90)
    for (const result of refused) {
      expect(result).toEqual({
        ok: false,
        reason: 'sold-out',
        lines: [{ name: 'Heritage Turkey', variantName: null, available: 0 }],
        message: 'Heritage Turkey is sold out.',
      })
    }
    expect(await stockOf(product.id)).toBe(0)
    expect(await written()).toEqual({
      orders: before.orders + 10,
      items: before.items + 10,
      emails: before.emails + 10,
    })
    const numbers = placed.map((result) => expectOk(result).orderNumber)
    expect(new Set(numbers).size).toBe(10)
    // Refused customers keep their carts; the ten who bought have empty ones.
    const kept = await Promise.all(customers.map(cartLineCount))
    expect(kept.filter((n) => n === 1)).toHaveLength(90)
  }, 60_000)

  test('overlapping carts in every order of lines: no deadlock, stock matches the orders exactly', async () => {
    const beef = await createProduct(t.db, { name: 'Beef', stock_quantity: 25 })
    const eggs = await createProduct(t.db, { name: 'Eggs', stock_quantity: 40 })
    const dozen = await createVariant(t.db, eggs.id, { name: 'Dozen', stock_quantity: 20 })
    const half = await createVariant(t.db, eggs.id, { name: 'Half Dozen', stock_quantity: 20 })
    const honey = await createProduct(t.db, { name: 'Honey', stock_quantity: 30 })
    const pool: TestCartLine[] = [
      { productId: beef.id, quantity: 2 },
      { productId: eggs.id, variantId: dozen.id, quantity: 1 },
      { productId: eggs.id, variantId: half.id, quantity: 2 },
      { productId: honey.id, quantity: 1 },
    ]
    const customers: Array<{ id: string; lines: TestCartLine[] }> = []
    for (let i = 0; i < 40; i++) {
      const { id } = await createCustomer(t.db)
      // Lines in a different order per cart (rotated, some reversed), so only placeOrder's
      // own ordering keeps the locks in step.
      const rotated = [...pool.slice(i % 4), ...pool.slice(0, i % 4)].slice(0, 2 + (i % 3))
      const lines = i % 2 === 0 ? rotated : rotated.reverse()
      await fillCart(t.db, id, lines, i % 5 === 0 ? 'FARM10' : null)
      customers.push({ id, lines })
    }
    const results = await Promise.all(customers.map(({ id }) => placeOrder(t.db, orderInput(id))))
    const taken = new Map<string, number>()
    results.forEach((result, index) => {
      if (!result.ok) {
        expect(result.reason).toBe('sold-out')
        return
      }
      for (const line of customers[index]?.lines ?? []) {
        const key = line.variantId ?? line.productId
        taken.set(key, (taken.get(key) ?? 0) + line.quantity)
      }
    })
    expect(results.filter((result) => result.ok).length).toBeGreaterThan(0)
    expect(await stockOf(beef.id)).toBe(25 - (taken.get(beef.id) ?? 0))
    expect(await stockOf(honey.id)).toBe(30 - (taken.get(honey.id) ?? 0))
    expect(await variantStockOf(dozen.id)).toBe(20 - (taken.get(dozen.id) ?? 0))
    expect(await variantStockOf(half.id)).toBe(20 - (taken.get(half.id) ?? 0))
    expect(await stockOf(eggs.id)).toBe(40 - (taken.get(dozen.id) ?? 0) - (taken.get(half.id) ?? 0))
  }, 60_000)
})
