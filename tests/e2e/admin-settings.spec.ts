import type { Locator, Page } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe'
import { expect, type PrivateServer, test } from './support/private-server'
import { signUp, uniqueEmail } from './support/users'

// Settings (issue 6 item 10): the admin changes the tax rate and the states offered, and the
// cart and checkout follow; and the waiting list's hold time (ADR 29). These change the whole shop, so they run on a private server
// (support/private-server.ts) and put the defaults back at the end.

const DEFAULTS = {
  tax_rate: '6',
  standard_shipping: '5.99',
  express_shipping: '12.99',
  pickup_shipping: '0',
  free_shipping_threshold: '50',
  states: 'ID',
  hold_hours: '24',
  weight_tolerance: '15',
}

function summaryValue(page: Page, label: string): Locator {
  return page
    .getByRole('region', { name: 'Order Summary' })
    .locator('dl > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd')
}

function taxRate(server: PrivateServer): number | undefined {
  return server.queryOne<{ tax_rate_basis_points: number }>(
    'select tax_rate_basis_points from settings where id = 1',
  )?.tax_rate_basis_points
}

test('the tax rate and the states offered reach the cart and checkout; a customer can change nothing', async ({
  page,
  browser,
  privateServer,
}) => {
  await privateServer.signInAsNewAdmin(page)
  const restore = () =>
    page.request.post('/admin/settings', {
      form: DEFAULTS,
      headers: { Origin: privateServer.url },
    })
  try {
    await page.goto('/admin/settings')
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
    const tax = page.getByLabel('Sales tax rate (%)')
    await expect(tax).toHaveValue('6')
    await expect(page.getByLabel('Idaho')).toBeChecked()
    await expectNoAxeViolations(page)

    // Bad input: messages next to the fields, and what was typed stays.
    await tax.fill('8.255')
    await page.getByLabel('Idaho').uncheck()
    await page.getByLabel('Express shipping ($)').fill('lots')
    await page.getByLabel('Hold time (hours)').fill('0')
    await page.getByRole('button', { name: 'Save Settings' }).click()
    await expect(page.getByLabel('Hold time (hours)')).toHaveAccessibleDescription(
      /must be between 1 and 168/,
    )
    await expect(tax).toHaveAccessibleDescription(/at most 2 decimals/)
    await expect(page.getByLabel('Express shipping ($)')).toHaveAccessibleDescription(
      /Enter the express shipping price in dollars/,
    )
    await expect(page.getByText('Choose at least one state the farm delivers to.')).toBeVisible()
    await expect(tax).toHaveValue('8.255')
    await expect(page.getByLabel('Express shipping ($)')).toHaveValue('lots')
    await expectNoAxeViolations(page)
    expect(taxRate(privateServer)).toBe(600)

    await tax.fill('8')
    await page.getByLabel('Express shipping ($)').fill('12.99')
    await page.getByLabel('Hold time (hours)').fill('48')
    await page.getByLabel('Idaho').check()
    await page.getByLabel('Oregon').check()
    await page.getByRole('button', { name: 'Save Settings' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible()
    expect(taxRate(privateServer)).toBe(800)
    expect(
      privateServer.queryOne<{ hold_hours: number }>('select hold_hours from settings where id = 1')
        ?.hold_hours,
    ).toBe(48)
    const entry = privateServer.queryOne<{ details: string }>(
      "select details from audit_log where action = 'settings.update' order by created_at desc limit 1",
    )
    expect(JSON.parse(entry?.details ?? '{}')).toMatchObject({
      before: { tax_rate_basis_points: 600, states_offered: 'ID' },
      after: { tax_rate_basis_points: 800, states_offered: 'ID,OR' },
    })

    // A customer, in another browser: the cart and the checkout use 8 % and offer two states.
    const context = await browser.newContext({ baseURL: privateServer.url })
    const shopper = await context.newPage()
    try {
      await signUp(shopper, { email: uniqueEmail('settings-shopper') })
      // Huckleberry Jam, $11.00 each: $22.00, 8 % tax $1.76, shipping $5.99.
      await privateServer.addToCart(shopper, 'Huckleberry Jam', 2)
      await shopper.goto('/cart')
      await expect(summaryValue(shopper, 'Estimated Tax (8%)')).toHaveText('$1.76')
      await expect(summaryValue(shopper, 'Total')).toHaveText('$29.75')
      await shopper.goto('/checkout')
      const state = shopper.getByLabel('State')
      await expect(state.locator('option')).toHaveText(['Select a state', 'Idaho', 'Oregon'])
      await expect(summaryValue(shopper, 'Tax (8%)')).toHaveText('$1.76')

      // The customer is kept out of the page and a forged post changes nothing.
      await shopper.goto('/admin/settings')
      await expect(shopper).toHaveURL(`${privateServer.url}/`)
      const forged = await shopper.request.post('/admin/settings', {
        form: { ...DEFAULTS, tax_rate: '0' },
        headers: { Origin: privateServer.url },
      })
      expect(forged.status()).toBe(403)
      expect(taxRate(privateServer)).toBe(800)
    } finally {
      await context.close()
    }
  } finally {
    expect((await restore()).ok()).toBe(true)
    expect(taxRate(privateServer)).toBe(600)
  }
})
