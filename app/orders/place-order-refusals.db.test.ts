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
import { fillCart, readStock } from '../../tests/support/orders'

// A refused order writes nothing: stock, orders, items and emails stay as they were.

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
    expectPlaced(await placeOrder(t.db, orderInput(customerId)))
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
