import AxeBuilder from '@axe-core/playwright'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { PASSWORD, signUp, uniqueEmail } from './support/users'

// A shopper's whole way through the storefront, on the pages themselves.

async function existingCustomer(browser: Browser): Promise<string> {
  const context = await browser.newContext()
  const page = await context.newPage()
  const email = uniqueEmail('journey')
  await signUp(page, { firstName: 'Rosa', email })
  await context.close()
  return email
}

async function toEggsProduct(page: Page) {
  await page.goto('/shop')
  await page.getByRole('link', { name: 'Eggs', exact: true }).click()
  await expect(page).toHaveURL(/\/shop\?category=Eggs$/)
  await page.getByRole('link', { name: 'View Details: Pasture-Raised Eggs' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Pasture-Raised Eggs' })).toBeVisible()
}

async function expectCartSummary(page: Page) {
  const summary = page.getByRole('region', { name: 'Order Summary' })
  await expect(summary).toContainText('$14.00')
  // Eggs are pickup or local delivery only (D21): priced for pickup, which is free.
  await expect(summary).toContainText('Pickup or local delivery, chosen at checkout.')
  await expect(summary).not.toContainText('qualify for free shipping')
  await page.getByLabel('Promo code').fill('farm10')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText('Promo code applied! You saved $1.40.')).toBeVisible()
  // Tax: 6 % of ($14.00 - $1.40) = $0.756, so $0.76; pickup free.
  await expect(summary).toContainText('$0.76')
  await expect(summary).toContainText('Free')
  await expect(summary).toContainText('$13.36')
}

test('browse, pick an option, add to the cart, FARM10, then checkout asks a guest to sign in', async ({
  page,
  browser,
}) => {
  const email = await existingCustomer(browser)
  await toEggsProduct(page)
  await page.getByRole('button', { name: /^Dozen/ }).click()
  await expect(page.getByTestId('price')).toContainText('$7.00')
  await page.getByRole('button', { name: 'Increase', exact: true }).click()
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Added to cart' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible()

  await page.getByRole('link', { name: 'Cart, 2 items' }).click()
  await expectCartSummary(page)
  const results = await new AxeBuilder({ page }).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])

  await page.getByRole('link', { name: 'Proceed to Checkout' }).click()
  await expect(page).toHaveURL(/\/signin\?redirect=%2Fcheckout$/)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page).toHaveURL(/\/checkout$/)
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible()
  // The checkout's header has no cart icon (issue 22): its summary shows the two dozen came along.
  await expect(page.getByRole('region', { name: 'Order Summary' })).toContainText('Quantity: 2')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the same journey with plain forms and links', async ({ page }) => {
    await toEggsProduct(page)
    await page.getByRole('button', { name: /^Dozen/ }).click()
    await expect(page).toHaveURL(/variant=/)
    await expect(page.getByTestId('price')).toContainText('$7.00')
    await page.getByLabel('Quantity').fill('2')
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible()
    await page.goto('/cart')
    await expectCartSummary(page)
  })
})
