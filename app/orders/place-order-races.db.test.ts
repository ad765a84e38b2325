import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { placeOrder } from '~/flows/place-order.server'
import { createCustomer, createProduct, createVariant } from '~/seed/factories.server'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import {
  countCartLines,
  expectPlaced,
  orderInput,
  writtenRows,
} from '../../tests/support/order-fixture'
import { fillCart, readStock, type TestCartLine } from '../../tests/support/orders'

// The same submission twice makes one order; many orders at once never oversell or deadlock.

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

const written = () => writtenRows(t.db)
const stockOf = (productId: string) => readStock(t.db, 'products', productId)
const variantStockOf = (variantId: string) => readStock(t.db, 'product_variants', variantId)

const cartLineCount = (customerId: string) => countCartLines(t.db, customerId)

describe('the same submission twice makes one order', () => {
  test('one after the other: the first order comes back; stock is taken once', async () => {
    const { id: customerId } = await createCustomer(t.db)
    const product = await createProduct(t.db, { stock_quantity: 5 })
    await fillCart(t.db, customerId, [{ productId: product.id, quantity: 2 }])
    const input = orderInput(customerId)
    const first = expectPlaced(await placeOrder(t.db, input))
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
    const first = expectPlaced(await placeOrder(t.db, input))
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
    const ids = new Set(results.map((result) => expectPlaced(result).id))
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
    const numbers = placed.map((result) => expectPlaced(result).orderNumber)
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
