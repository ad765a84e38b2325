import type { Page } from '@playwright/test'
import { expect, type PrivateServer } from './private-server'

// Beef shares of the demo's Steer #14 (ADR 31) put in a cart the way the product page does.

export const DEMO_SHARE_PRODUCT = 'Reserve a Beef Share'

/** Adds one share of `option` ("Quarter Share", "Half Share") to the page's cart. */
export async function addShareToCart(page: Page, server: PrivateServer, option: string) {
  const product = server.queryOne<{ id: string }>(
    'select id from products where name = ?',
    DEMO_SHARE_PRODUCT,
  )
  const variant = server.queryOne<{ id: string }>(
    'select id from product_variants where product_id = ? and name = ?',
    product?.id,
    option,
  )
  const added = await page.request.post('/cart', {
    form: {
      intent: 'add',
      productId: product?.id ?? '',
      variantId: variant?.id ?? '',
      quantity: '1',
    },
    headers: { Origin: server.url },
  })
  expect(added.ok()).toBe(true)
  return { productId: product?.id ?? '' }
}
