import type { Locator, Page } from '@playwright/test'
import { LAPTOP, PHONE, settle } from '../../scripts/support/picture'
import { expect, type PrivateServer, test } from './support/private-server'
import { signUp } from './support/users'

// Visual regression (issue 22): home, shop, a product, the cart and checkout's first step,
// whole pages at a phone's width and a laptop's, against the pictures committed under
// tests/e2e/__screenshots__/. A change to how these pages look fails here until the pictures
// are made again on purpose: `npx playwright test visual --update-snapshots` (docs/testing.md).
//
// Stable across runs and days: a private server with its own fresh demo database, a customer
// and a cart made the same way each time, standard shipping at checkout (no pickup dates),
// whatever still shows the date or the year masked, and what follows the month left out. The
// small tolerance absorbs antialiasing, not a design change.

// One worker, one private server for all ten pictures, taken in order; a whole page is taken
// until two takes match, which a busy machine makes slow.
test.describe.configure({ mode: 'default', timeout: 180_000 })
// The private server belongs to the worker, which may have run other specs' changes into it
// first (a pickup place, a product in season: home once came out 1,246 px taller). An option
// value no other spec uses gives this file a worker, and so a database, of its own.
test.use({ privateServerEnv: { E2E_PRIVATE_SERVER_FOR: 'visual.spec' } })

const PICTURE = {
  fullPage: true,
  animations: 'disabled',
  caret: 'hide',
  maxDiffPixelRatio: 0.01,
  // A whole long page, taken until two takes match, on a busy machine.
  timeout: 30_000,
} as const

/** What changes with the date or the run: dates and times, the footer's year. */
function changing(page: Page): Locator[] {
  return [page.locator('time'), page.getByRole('contentinfo').getByText(/©/)]
}

/**
 * What changes with the month: home's "In season now" lists what the calendar says, so it is
 * left out (the same cards are pictured on the shop), and the page keeps one height.
 */
async function hideSeasonal(page: Page) {
  await page.getByRole('region', { name: 'In season now' }).evaluateAll((sections) => {
    for (const section of sections) if (section instanceof HTMLElement) section.hidden = true
  })
  await expect(page.getByRole('region', { name: 'In season now' })).toBeHidden()
}

async function picture(page: Page, name: string) {
  await settle(page)
  await hideSeasonal(page)
  await expect(page).toHaveScreenshot(`${name}.png`, { ...PICTURE, mask: changing(page) })
}

function productPath(server: PrivateServer, name: string): string {
  const row = server.queryOne<{ id: string }>('select id from products where name = ?', name)
  if (!row) throw new Error(`No demo product named ${name}`)
  return `/product/${row.id}`
}

/** Things that can be shipped, so checkout can show standard shipping's address form. */
async function fillCart(page: Page, server: PrivateServer) {
  await server.addToCart(page, 'Huckleberry Jam', 2)
  await server.addToCart(page, 'Wildflower Honey')
}

for (const viewport of [PHONE, LAPTOP]) {
  const width = viewport.width
  test.describe(`at ${width} px`, () => {
    test.use({
      viewport: { width, height: viewport.height },
      deviceScaleFactor: 1,
      isMobile: viewport.isMobile,
      hasTouch: viewport.hasTouch,
    })

    test('home', async ({ page }) => {
      await page.goto('/')
      await picture(page, `home-${width}`)
    })

    test('shop', async ({ page }) => {
      await page.goto('/shop')
      await picture(page, `shop-${width}`)
    })

    test('product', async ({ page, privateServer }) => {
      await page.goto(productPath(privateServer, 'Grass-Fed Ground Beef'))
      await picture(page, `product-${width}`)
    })

    test('cart', async ({ page, privateServer }) => {
      await fillCart(page, privateServer)
      await page.goto('/cart')
      await picture(page, `cart-${width}`)
    })

    test('checkout', async ({ page, privateServer }) => {
      // The same customer each time: the email is in the picture.
      await signUp(page, { email: `visual-${width}@example.com` })
      await fillCart(page, privateServer)
      await page.goto('/checkout')
      await page.getByRole('radio', { name: /^Standard Shipping/ }).check()
      await picture(page, `checkout-${width}`)
    })
  })
}
