import { expect, type Locator, type Page, test } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe'
import { addToCart } from './support/cart'
import { signUp, uniqueEmail } from './support/users'

// The checkout dressed like the shops people trust with a card (issue 22 item 6): a header
// with only the logo and Back to Cart, a summary listing each item with its picture (folded
// under its total on a phone), and the steps already done checked off. Then the same
// checkout at phone width without JavaScript, through to the order.

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1366, height: 900 }

/** A new customer with two jars of jam and a dozen eggs in the cart, on the checkout. */
async function toCheckout(page: Page, label: string) {
  await signUp(page, { email: uniqueEmail(label), firstName: 'Ann', lastName: 'Lee' })
  await addToCart(page, { product: 'Huckleberry Jam', quantity: 2 })
  await addToCart(page, { product: 'Pasture-Raised Eggs', variant: 'Dozen' })
  await page.goto('/checkout')
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
}

const summary = (page: Page) => page.getByRole('region', { name: 'Order Summary' })
const toggle = (page: Page) => page.locator('summary', { hasText: /order summary/ })
const steps = (page: Page) =>
  page.getByRole('navigation', { name: 'Checkout progress' }).getByRole('listitem')

function summaryValue(page: Page, label: string): Locator {
  return summary(page)
    .locator('dl > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd')
}

async function expectNoSidewaysScroll(page: Page) {
  const excess = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(excess).toBe(0)
}

/** Pickup (no address asked; the earliest time comes chosen), then on to Payment. */
async function pickupToPayment(page: Page) {
  const form = page.locator('form', {
    has: page.getByRole('button', { name: 'Continue to Payment' }),
  })
  await form.getByLabel('Phone').fill('208-555-0142')
  await form.getByRole('radio', { name: 'Pickup', exact: true }).check()
  await page.getByRole('button', { name: 'Continue to Payment' }).click()
  await expect(page.getByRole('button', { name: 'Review Order' })).toBeVisible()
}

test.describe('at 1366 px', () => {
  test.use({ viewport: DESKTOP })

  test('the header is the logo and Back to Cart; the footer keeps the policies', async ({
    page,
  }) => {
    await toCheckout(page, 'design-header')
    const header = page.getByRole('banner')
    await expect(header.getByRole('link')).toHaveCount(2)
    await expect(header.getByRole('link').first()).toHaveAttribute('href', '/')
    await expect(header.getByRole('link', { name: 'Back to Cart' })).toHaveAttribute(
      'href',
      '/cart',
    )
    // No navigation, search, cart icon or account menu to wander off to.
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
    await expect(page.getByRole('searchbox')).toHaveCount(0)
    await expect(page.getByRole('link', { name: /^Cart, \d+ items?$/ })).toHaveCount(0)
    await expect(page.getByText('Account menu for')).toHaveCount(0)
    const footer = page.getByRole('contentinfo')
    await expect(footer.getByRole('navigation', { name: 'Quick links' })).toHaveCount(0)
    for (const name of ['Terms of Service', 'Privacy Policy', 'Shipping & Pickup']) {
      await expect(footer.getByRole('link', { name })).toBeVisible()
    }
    await expect(footer.getByRole('link', { name: /Refund/ })).toBeVisible()
    await expectNoAxeViolations(page)

    await header.getByRole('link', { name: 'Back to Cart' }).click()
    await expect(page).toHaveURL(/\/cart$/)
    // The cart is a page of the shop again, with the whole header.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible()
  })

  test('the summary lists each item with its picture, option, quantity and price, open beside the form', async ({
    page,
  }) => {
    await toCheckout(page, 'design-summary')
    await expect(toggle(page)).toBeHidden()
    await expect(summary(page)).toBeVisible()
    const items = summary(page).getByRole('listitem')
    await expect(items).toHaveCount(2)
    const jam = items.filter({ hasText: 'Huckleberry Jam' })
    await expect(jam).toContainText('Quantity: 2')
    await expect(jam).toContainText('$22.00')
    const eggs = items.filter({ hasText: 'Pasture-Raised Eggs' })
    await expect(eggs).toContainText('Dozen')
    await expect(eggs).toContainText('Quantity: 1')
    await expect(eggs).toContainText('$7.00')
    for (const item of [jam, eggs]) {
      const picture = item.locator('img')
      await expect(picture).toBeVisible()
      await expect
        .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0)
    }
    await expect(summaryValue(page, 'Subtotal')).toHaveText('$29.00')
    await expect(summaryValue(page, 'Total')).toBeVisible()
    await expectNoAxeViolations(page)
  })

  test('each step done is checked off, the one shown is the current step', async ({ page }) => {
    await toCheckout(page, 'design-steps')
    await expect(steps(page)).toContainText([
      'Step 1: Shipping',
      'Step 2: Payment',
      'Step 3: Review',
    ])
    await expect(steps(page).filter({ hasText: 'completed' })).toHaveCount(0)
    await expect(steps(page).nth(0)).toHaveAttribute('aria-current', 'step')
    await expect(steps(page).locator('svg')).toHaveCount(0)

    await pickupToPayment(page)
    await expect(steps(page)).toContainText([
      'Step 1: Shipping (completed)',
      'Step 2: Payment',
      'Step 3: Review',
    ])
    await expect(steps(page).filter({ hasText: 'completed' })).toHaveCount(1)
    await expect(steps(page).nth(1)).toHaveAttribute('aria-current', 'step')
    await expect(steps(page).nth(0).locator('svg[aria-hidden="true"]')).toHaveCount(1)

    await page.getByRole('button', { name: 'Review Order' }).click()
    await expect(steps(page)).toContainText([
      'Step 1: Shipping (completed)',
      'Step 2: Payment (completed)',
      'Step 3: Review',
    ])
    await expect(steps(page).filter({ hasText: 'completed' })).toHaveCount(2)
    await expect(steps(page).nth(2)).toHaveAttribute('aria-current', 'step')
    await expect(page.locator('[aria-current="step"]')).toHaveCount(1)
    await expect(steps(page).locator('svg')).toHaveCount(2)
    await expectNoAxeViolations(page)
  })
})

test.describe('at 390 px', () => {
  test.use({ viewport: PHONE })

  test('the summary is folded under its total and opens; axe clean, nothing sideways', async ({
    page,
  }) => {
    await toCheckout(page, 'design-phone')
    await expect(toggle(page)).toBeVisible()
    await expect(toggle(page)).toContainText('Show order summary')
    await expect(summary(page)).toHaveCount(0)
    await expectNoSidewaysScroll(page)
    await expectNoAxeViolations(page)

    await toggle(page).click()
    await expect(summary(page)).toBeVisible()
    await expect(toggle(page)).toContainText('Hide order summary')
    const total = await summaryValue(page, 'Total').textContent()
    expect(total).toMatch(/^\$\d+\.\d\d$/)
    // The toggle carries the total, so a shopper sees it folded.
    await expect(toggle(page)).toHaveText(new RegExp(`\\(?\\${total}\\)?$`))
    await expect(summary(page).getByRole('listitem')).toHaveCount(2)
    await expectNoSidewaysScroll(page)
    await expectNoAxeViolations(page)

    await toggle(page).click()
    await expect(summary(page)).toHaveCount(0)
    await pickupToPayment(page)
    await page.getByRole('button', { name: 'Review Order' }).click()
    await expect(page.locator('[aria-current="step"]')).toContainText('Review')
    await expectNoSidewaysScroll(page)
    await expectNoAxeViolations(page)
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('the summary opens and the checkout completes with plain forms', async ({ page }) => {
      await toCheckout(page, 'design-nojs')
      await expect(summary(page)).toHaveCount(0)
      await toggle(page).click()
      await expect(summary(page)).toBeVisible()
      await expect(summaryValue(page, 'Subtotal')).toHaveText('$29.00')

      await pickupToPayment(page)
      await expect(steps(page).nth(0)).toContainText('(completed)')
      await page.getByRole('button', { name: 'Review Order' }).click()
      await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check()
      await page.getByRole('button', { name: 'Place Order' }).click()
      await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/)
      await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible()
      // The confirmation is a page of the shop again: the whole header, the cart empty.
      await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible()
      await expect(
        page.getByRole('banner').getByRole('link', { name: 'Back to Cart' }),
      ).toHaveCount(0)
    })
  })
})
