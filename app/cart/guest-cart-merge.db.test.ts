import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createProduct, createVariant } from '~/seed/factories.server'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { guestWith, newCustomer, unordered } from '../../tests/support/carts'
import { addToCart } from './cart-changes.server'
import { applyPromo } from './cart-promo.server'
import { countCartItems, getCartSummary } from './cart-summary.server'
import { mergeGuestCart } from './guest-cart-merge.server'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

describe('signing in', () => {
  test('guest lines join the customer’s cart within stock; the guest cart is deleted', async () => {
    const beef = await createProduct(t.db, { stock_quantity: 5 })
    const jam = await createProduct(t.db, { stock_quantity: 30 })
    const eggs = await createProduct(t.db)
    const dozen = await createVariant(t.db, eggs.id, { name: 'Dozen' })
    const gone = await createProduct(t.db)
    const customer = await newCustomer(t.db)
    await addToCart(t.db, customer, { productId: beef.id, quantity: 3 })
    const guest = await guestWith(t.db, beef.id, 4)
    await addToCart(t.db, guest, { productId: jam.id, quantity: 2 })
    await addToCart(t.db, guest, { productId: eggs.id, variantId: dozen.id, quantity: 1 })
    await addToCart(t.db, guest, { productId: gone.id, quantity: 1 })
    await t.db
      .updateTable('products')
      .set({ is_available: false })
      .where('id', '=', gone.id)
      .execute()
    await applyPromo(t.db, guest, 'farm10')

    await mergeGuestCart(t.db, guest.cartId, customer.customerId)

    const { lines, promo } = await getCartSummary(t.db, customer)
    expect(unordered(lines.map((l) => [l.productId, l.variantId, l.quantity]))).toEqual(
      unordered([
        [beef.id, null, 5],
        [jam.id, null, 2],
        [eggs.id, dozen.id, 1],
      ]),
    )
    expect(promo?.code).toBe('FARM10')
    const left = await t.db
      .selectFrom('carts')
      .select('id')
      .where('id', '=', guest.cartId)
      .execute()
    expect(left).toEqual([])
    // Merging again (a second sign-in with the old cookie) changes nothing.
    await mergeGuestCart(t.db, guest.cartId, customer.customerId)
    expect(await countCartItems(t.db, customer)).toBe(8)
  })
})
