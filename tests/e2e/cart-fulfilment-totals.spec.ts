import { expect, type Locator, type Page, test } from '@playwright/test'
import { addToCart } from './support/cart'
import { orderSummary, summaryValue } from './support/summary'
import { signUp, uniqueEmail } from './support/users'

// Issue 32 items 1 and 3 (D21, D22) on the fresh demo database: eggs are pickup or local
// delivery only, pickup is free, the Boise zone delivers for $7.00 (free from $75, at least
// $30), standard shipping is $5.99 (free from $50), tax 6 %.

const summary = orderSummary

function methods(page: Page): Locator {
  return page.getByRole('group', { name: 'How would you like to get your order?' })
}

test('a cart of eggs is priced for pickup, and checkout charges the same total', async ({
  page,
}) => {
  await signUp(page, { email: uniqueEmail('cart-pickup') })
  await addToCart(page, { product: 'Pasture-Raised Eggs', variant: 'Half Dozen' })
  await page.goto('/cart')
  await expect(summaryValue(page, 'Subtotal')).toHaveText('$4.00')
  await expect(summaryValue(page, 'Pickup')).toHaveText('Free')
  await expect(summaryValue(page, 'Shipping')).toHaveCount(0)
  await expect(summary(page)).not.toContainText('qualify for free shipping')
  await expect(summary(page)).toContainText('Pickup or local delivery, chosen at checkout.')
  const cartTotal = await summaryValue(page, 'Total').textContent()
  expect(cartTotal).toBe('$4.24')

  await page.getByRole('link', { name: 'Proceed to Checkout' }).click()
  await expect(page).toHaveURL(/\/checkout$/)
  await expect(methods(page).getByRole('radio', { name: 'Pickup', exact: true })).toBeChecked()
  await expect(summaryValue(page, 'Pickup')).toHaveText('Free')
  await expect(summaryValue(page, 'Total')).toHaveText(cartTotal ?? '')
})

test('a cart that can ship keeps the Shipping line and hint; with eggs in it, it cannot', async ({
  page,
}) => {
  await addToCart(page, { product: 'Huckleberry Jam', quantity: 2 })
  await addToCart(page, { product: 'Pasture-Raised Eggs', variant: 'Half Dozen' })
  await page.goto('/cart')
  await expect(summaryValue(page, 'Pickup')).toHaveText('Free')
  await expect(summaryValue(page, 'Shipping')).toHaveCount(0)
  // $26.00, tax $1.56
  await expect(summaryValue(page, 'Total')).toHaveText('$27.56')

  // Without the eggs the cart ships again, priced as the specification's cart was.
  await page.getByRole('button', { name: 'Remove Pasture-Raised Eggs, Half Dozen' }).click()
  await page
    .getByRole('alertdialog', { name: 'Remove item' })
    .getByRole('button', { name: 'Remove' })
    .click()
  await expect(summaryValue(page, 'Shipping')).toHaveText('$5.99')
  await expect(summary(page)).toContainText('Add $28.00 more to qualify for free shipping!')
  await expect(summaryValue(page, 'Pickup')).toHaveCount(0)
  await expect(summary(page)).not.toContainText('chosen at checkout')
  // $22.00 + $5.99 + $1.32
  await expect(summaryValue(page, 'Total')).toHaveText('$29.31')
  await page.reload()
  await expect(summaryValue(page, 'Total')).toHaveText('$29.31')
})

test('each way to get the order shows what it costs this cart: Free over the thresholds', async ({
  page,
}) => {
  await signUp(page, { email: uniqueEmail('cart-fees') })
  // 5 dozen: $35.00, above the zone's $30 minimum, below its free delivery from $75.
  await addToCart(page, { product: 'Pasture-Raised Eggs', variant: 'Dozen', quantity: 5 })
  await page.goto('/checkout')
  const delivery = methods(page).getByRole('radio', { name: 'Local delivery', exact: true })
  // No address yet: the cheapest zone's fee, "from".
  await expect(delivery).toHaveAccessibleDescription(/^from \$7\.00 /)
  await expect(
    methods(page).getByRole('radio', { name: 'Pickup', exact: true }),
  ).toHaveAccessibleDescription(/^Free /)

  // 11 dozen: $77.00, free delivery in the Boise zone. The choice says so, and so does the summary.
  await addToCart(page, { product: 'Pasture-Raised Eggs', variant: 'Dozen', quantity: 6 })
  await page.goto('/checkout')
  await expect(delivery).toHaveAccessibleDescription(/^Free /)
  await delivery.check()
  await expect(summaryValue(page, 'Delivery')).toHaveText('Free')
  await page.getByLabel('ZIP code').fill('83702')
  await expect(delivery).toHaveAccessibleDescription(/^Free /)
  await expect(summaryValue(page, 'Delivery')).toHaveText('Free')
  // $77.00 + tax $4.62
  await expect(summaryValue(page, 'Total')).toHaveText('$81.62')
})

test('standard shipping says Free from $50, as the summary does', async ({ page }) => {
  await signUp(page, { email: uniqueEmail('cart-ship-free') })
  await addToCart(page, { product: 'Huckleberry Jam', quantity: 5 })
  await page.goto('/checkout')
  const standard = methods(page).getByRole('radio', { name: /^Standard Shipping/ })
  await expect(standard).toBeChecked()
  await expect(standard).toHaveAccessibleDescription(/^Free Free on orders of \$50\.00 or more/)
  await expect(summaryValue(page, 'Shipping')).toHaveText('Free')
  await expect(
    methods(page).getByRole('radio', { name: /^Express Shipping/ }),
  ).toHaveAccessibleDescription(/^\$12\.99 /)
})
