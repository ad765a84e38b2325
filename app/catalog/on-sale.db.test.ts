import { afterAll, beforeAll, expect, test } from 'vitest'
import { getCartSummary } from '~/cart/cart-summary.server'
import { createCustomer, createProduct, createVariant } from '~/seed/factories.server'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { checkOut, fillCart } from '../../tests/support/orders'

// The cart and checkout must agree on what is on sale: a line the cart shows as available and
// checkout then refuses (or the other way round) is a shopper stuck at the last step. Each
// case puts one line in stock in a cart and asks both.

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

type Line = { productId: string; variantId: string | null }

async function withOptions(option: { is_available?: boolean } = {}) {
  const product = await createProduct(t.db, { stock_quantity: 5 })
  const variant = await createVariant(t.db, product.id, { stock_quantity: 5, ...option })
  return { product, variant }
}

const cases: Array<[string, boolean, () => Promise<Line>]> = [
  [
    'a plain product',
    true,
    async () => ({ productId: (await createProduct(t.db)).id, variantId: null }),
  ],
  [
    'a plain product marked unavailable',
    false,
    async () => ({
      productId: (await createProduct(t.db, { is_available: false })).id,
      variantId: null,
    }),
  ],
  [
    'an archived plain product',
    false,
    async () => ({
      productId: (await createProduct(t.db, { archived_at: new Date() })).id,
      variantId: null,
    }),
  ],
  [
    'an available option',
    true,
    async () => {
      const { product, variant } = await withOptions()
      return { productId: product.id, variantId: variant.id }
    },
  ],
  [
    'an option marked unavailable',
    false,
    async () => {
      const { product, variant } = await withOptions({ is_available: false })
      return { productId: product.id, variantId: variant.id }
    },
  ],
  [
    'an available option of a product marked unavailable',
    false,
    async () => {
      const { product, variant } = await withOptions()
      await t.db
        .updateTable('products')
        .set({ is_available: false })
        .where('id', '=', product.id)
        .execute()
      return { productId: product.id, variantId: variant.id }
    },
  ],
  [
    'an available option of an archived product',
    false,
    async () => {
      const { product, variant } = await withOptions()
      await t.db
        .updateTable('products')
        .set({ archived_at: new Date() })
        .where('id', '=', product.id)
        .execute()
      return { productId: product.id, variantId: variant.id }
    },
  ],
  [
    // The line went in while the product had no options; the farm has added some since.
    'a plain line of a product that has options',
    false,
    async () => ({ productId: (await withOptions()).product.id, variantId: null }),
  ],
  [
    'an option of another product',
    false,
    async () => ({
      productId: (await createProduct(t.db)).id,
      variantId: (await withOptions()).variant.id,
    }),
  ],
]

test.each(cases)('%s: on sale %s, in the cart and at checkout alike', async (_, onSale, make) => {
  const line = await make()
  const customer = await createCustomer(t.db)
  await fillCart(t.db, customer.id, [{ ...line, quantity: 1 }])
  const cart = await getCartSummary(t.db, { kind: 'customer', customerId: customer.id })
  const order = await checkOut(t.db, customer)

  expect({
    cart: cart.lines.map((l) => l.available),
    checkout: order.ok || order.reason,
  }).toEqual({ cart: [onSale], checkout: onSale || 'unavailable' })
})
