import type { Page } from '@playwright/test'
import SQLite from 'better-sqlite3'

// Cart helpers for the end-to-end tests. Product ids are random per database, so they are
// read from the end-to-end server's own SQLite file (read-only) by the demo farm's names.

const PORT = process.env.E2E_PORT ?? 3100
const DATABASE_FILE = `.cache/e2e-${PORT}/shop.db`
/** What playwright.config.ts serves on; a browser's form posts carry it as Origin. */
const ORIGIN = `http://localhost:${PORT}`

export type DemoItem = { product: string; variant?: string }

export function demoIds(item: DemoItem): { productId: string; variantId?: string } {
  const db = new SQLite(DATABASE_FILE, { readonly: true, fileMustExist: true })
  try {
    const product = db.prepare('select id from products where name = ?').get(item.product) as
      | { id: string }
      | undefined
    if (!product) throw new Error(`No demo product named ${item.product}`)
    if (!item.variant) return { productId: product.id }
    const variant = db
      .prepare('select id from product_variants where product_id = ? and name = ?')
      .get(product.id, item.variant) as { id: string } | undefined
    if (!variant) throw new Error(`No option ${item.variant} of ${item.product}`)
    return { productId: product.id, variantId: variant.id }
  } finally {
    db.close()
  }
}

/**
 * Adds to the browser's cart the way a shop page's Add to Cart form does (POST /cart,
 * intent=add), through the page's own cookie jar, so the cart cookie lands in the browser.
 */
export async function addToCart(page: Page, item: DemoItem & { quantity?: number }) {
  const { productId, variantId } = demoIds(item)
  const response = await page.request.post('/cart', {
    form: {
      intent: 'add',
      productId,
      ...(variantId && { variantId }),
      quantity: String(item.quantity ?? 1),
    },
    headers: { Origin: ORIGIN },
  })
  if (!response.ok()) throw new Error(`Adding ${item.product} failed: ${response.status()}`)
}

/** A demo product's stock right now, read from the end-to-end server's database (read-only). */
export function demoStock(product: string): number {
  const db = new SQLite(DATABASE_FILE, { readonly: true, fileMustExist: true })
  try {
    const row = db.prepare('select stock_quantity from products where name = ?').get(product) as
      | { stock_quantity: number }
      | undefined
    if (!row) throw new Error(`No demo product named ${product}`)
    return row.stock_quantity
  } finally {
    db.close()
  }
}
