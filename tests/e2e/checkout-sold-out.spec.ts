import { placePickupOrder } from './support/checkout'
import { expect, test } from './support/private-server'
import { signUp, uniqueEmail } from './support/users'

// The last unit goes to someone else while a shopper is on the review step. Place Order
// refuses, and the cart has nothing left it could buy; the shopper must still be told why.
// A private server of its own (private-server.ts): the test sells a demo product out, which
// no other spec sharing the worker's server should find.
test.use({ privateServerEnv: { E2E_PRIVATE_SERVER_FOR: 'checkout-sold-out.spec' } })

// Each run sells out its own product: the two share the worker's server.
for (const [javaScriptEnabled, product] of [
  [false, 'Wildflower Honey'],
  [true, 'Huckleberry Jam'],
] as const) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled })

    test('Place Order after the item sold out says so', async ({
      page,
      browser,
      privateServer,
    }) => {
      await signUp(page, { email: uniqueEmail('sold-out') })
      await privateServer.addToCart(page, product)
      await page.goto('/checkout')
      await page.getByLabel('Phone').fill('208-555-0142')
      await page.getByRole('radio', { name: 'Pickup', exact: true }).check()
      await page.getByRole('button', { name: 'Continue to Payment' }).click()
      await page.getByRole('button', { name: 'Review Order' }).click()
      await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check()

      // Meanwhile another shopper buys every one there is.
      const other = await browser.newContext({
        baseURL: privateServer.url,
        javaScriptEnabled: true,
      })
      try {
        const otherPage = await other.newPage()
        await signUp(otherPage, { email: uniqueEmail('sold-out-rival') })
        const stock = privateServer.queryOne<{ stock_quantity: number }>(
          'select stock_quantity from products where name = ?',
          product,
        )
        await privateServer.addToCart(otherPage, product, stock?.stock_quantity)
        await placePickupOrder(otherPage)
      } finally {
        await other.close()
      }

      await page.getByRole('button', { name: 'Place Order' }).click()
      await expect(page.getByRole('alert')).toContainText(`${product} is sold out.`)
      expect(page.url()).not.toMatch(/order-confirmation/)
      if (!javaScriptEnabled) {
        // The page comes back whole: the cart now holds nothing it can buy.
        await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible()
        await expect(page.getByRole('link', { name: 'Browse Products' })).toBeVisible()
      }
    })
  })
}
