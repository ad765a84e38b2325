import type { Browser, Page } from '@playwright/test'
import { expectNoAxeViolations } from './support/axe'
import { expect, type PrivateServer, test } from './support/private-server'
import { signUp, uniqueEmail } from './support/users'

// Promo codes (issue 6 item 9): the admin makes a code and the cart and checkout honour its
// rules. Orders use up stock and codes, so this runs on a private server
// (support/private-server.ts) rather than beside the other specs' stock counts.

/** A code no other run or test uses: letters only after the prefix. */
function uniqueCode(prefix: string): string {
  const letters = Array.from({ length: 5 }, () =>
    String.fromCharCode(65 + Math.floor(Math.random() * 26)),
  ).join('')
  return `${prefix}${letters}`
}

async function newShopper(browser: Browser, server: PrivateServer) {
  const context = await browser.newContext({ baseURL: server.url })
  const page = await context.newPage()
  await signUp(page, { email: uniqueEmail('promo-shopper') })
  return { page, close: () => context.close() }
}

async function applyCode(page: Page, code: string) {
  await page.goto('/cart')
  await page.getByLabel('Promo code').fill(code.toLowerCase())
  await page.getByRole('button', { name: 'Apply' }).click()
}

async function placeOrder(page: Page) {
  await page.goto('/checkout')
  // Said outright: pickup places made by other specs on this worker's server may exist.
  await page.getByRole('radio', { name: /^Standard Shipping/ }).check()
  await page.getByLabel('Phone').fill('208-555-0142')
  await page.getByLabel('Street address').fill('12 Meadow Lane')
  await page.getByLabel('City').fill('Boise')
  await page.getByLabel('ZIP code').fill('83702')
  await page.getByRole('button', { name: 'Continue to Payment' }).click()
  await page.getByRole('button', { name: 'Review Order' }).click()
  await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check()
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible()
}

async function createCode(page: Page, fields: Record<string, string>, fixed = true) {
  await page.goto('/admin/promo-codes/new')
  await page.getByLabel('Code', { exact: true }).fill(fields.code ?? '')
  await page
    .getByRole('radio', {
      name: fixed ? 'Fixed amount off (dollars)' : 'Percentage off the subtotal',
    })
    .check()
  await page.getByLabel('How much off').fill(fields.amount ?? '')
  if (fields.minimum) await page.getByLabel('Minimum subtotal ($)').fill(fields.minimum)
  if (fields.uses) await page.getByLabel('Number of uses').fill(fields.uses)
  await page.getByRole('button', { name: 'Save Promo Code' }).click()
}

test('a $5 code with a $20 minimum and one use: the cart and checkout keep its rules', async ({
  page,
  browser,
  privateServer,
}) => {
  // A long journey (two shoppers, the cart, checkout, edits and a delete): a minute is not
  // enough when the machine is busy.
  test.setTimeout(120_000)
  await privateServer.signInAsNewAdmin(page)
  await page.goto('/admin/promo-codes')
  await expect(page.getByRole('heading', { name: 'Promo Codes', level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'FARM10' })).toBeVisible()
  await expectNoAxeViolations(page)

  // Bad input: each message next to its field, and what was typed is kept.
  await page.getByRole('link', { name: 'New Promo Code' }).click()
  await expect(page.getByRole('heading', { name: 'New Promo Code', level: 1 })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByLabel('Code', { exact: true }).fill('SPRING 5!')
  await page.getByRole('radio', { name: 'Percentage off the subtotal' }).check()
  await page.getByLabel('How much off').fill('150')
  await page.getByLabel('First day').fill('2026-06-10')
  await page.getByLabel('Last day').fill('2026-06-01')
  await page.getByRole('button', { name: 'Save Promo Code' }).click()
  await expect(page.getByLabel('Code', { exact: true })).toHaveAccessibleDescription(
    /Use only letters and digits/,
  )
  await expect(page.getByLabel('How much off')).toHaveAccessibleDescription(
    /A percentage must be a whole number from 1 to 100/,
  )
  await expect(page.getByLabel('Code', { exact: true })).toHaveValue('SPRING 5!')
  await expect(page.getByLabel('How much off')).toHaveValue('150')
  await expectNoAxeViolations(page)

  const code = uniqueCode('SPRING5')
  await createCode(page, { code: code.toLowerCase(), amount: '5', minimum: '20', uses: '1' })
  await expect(page.getByRole('heading', { name: `Promo Code ${code}`, level: 1 })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Promo code saved.' })).toBeVisible()
  await expect(page.getByLabel('Minimum subtotal ($)')).toHaveValue('20.00')
  await expectNoAxeViolations(page)

  // The same name in another case is refused with a clear message.
  await createCode(page, { code: code.toLowerCase(), amount: '1' })
  await expect(page.getByLabel('Code', { exact: true })).toHaveAccessibleDescription(
    /There is already a promo code with that name\./,
  )

  const first = await newShopper(browser, privateServer)
  const second = await newShopper(browser, privateServer)
  try {
    // $11 is below the minimum; $22 is not.
    await privateServer.addToCart(first.page, 'Huckleberry Jam', 1)
    await applyCode(first.page, code)
    await expect(
      first.page.getByText(`Promo code ${code} needs a subtotal of $20.00 or more.`),
    ).toBeVisible()
    await privateServer.addToCart(first.page, 'Huckleberry Jam', 1)
    await applyCode(first.page, code)
    await expect(first.page.getByText('Promo code applied! You saved $5.00.')).toBeVisible()
    await placeOrder(first.page)
    await expect(first.page.getByText('-$5.00').first()).toBeVisible()

    // Its one use is gone.
    await privateServer.addToCart(second.page, 'Huckleberry Jam', 2)
    await applyCode(second.page, code)
    await expect(second.page.getByText('Invalid promo code. Please try again.')).toBeVisible()

    await page.goto('/admin/promo-codes')
    const row = page.getByRole('row').filter({ hasText: code })
    await expect(row).toContainText('$5.00 off')
    await expect(row).toContainText('1 of 1')

    // Used, so it can only be switched off; the admin is asked first.
    await row.getByRole('link', { name: code }).click()
    await page.getByRole('button', { name: 'Switch Off Promo Code' }).click()
    const dialog = page.getByRole('alertdialog')
    await expect(dialog).toContainText(`Shoppers will no longer be able to use ${code}.`)
    await dialog.getByRole('button', { name: 'Switch Off' }).click()
    await expect(page.getByRole('status')).toContainText('switched off instead of deleted')
    await expect(page.getByLabel('Active (shoppers can use this code)')).not.toBeChecked()

    // A code with no limit works until the admin switches it off.
    const fall = uniqueCode('FALL')
    await createCode(page, { code: fall, amount: '3' }, false)
    await expect(page.getByRole('status').filter({ hasText: 'Promo code saved.' })).toBeVisible()
    await applyCode(second.page, fall)
    await expect(second.page.getByText('Promo code applied! You saved $0.66.')).toBeVisible()
    await page.getByLabel('Active (shoppers can use this code)').uncheck()
    await page.getByRole('button', { name: 'Save Promo Code' }).click()
    await expect(page.getByRole('status')).toContainText(`Promo code ${fall} saved.`)
    await second.page.goto('/cart')
    await expect(second.page.getByText('This promo code is no longer valid.')).toBeVisible()
    await second.page.getByRole('button', { name: `Remove promo code ${fall}` }).click()
    await applyCode(second.page, fall)
    await expect(second.page.getByText('Invalid promo code. Please try again.')).toBeVisible()

    // Never used: it can be deleted.
    await page.getByRole('button', { name: 'Delete Promo Code' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await expect(page).toHaveURL(/\/admin\/promo-codes\?deleted=/)
    await expect(page.getByRole('status')).toHaveText(`Promo code ${fall} deleted.`)

    // A customer is sent home and a forged post makes no code.
    await second.page.goto('/admin/promo-codes')
    await expect(second.page).toHaveURL(`${privateServer.url}/`)
    await second.page.goto('/admin/promo-codes/new')
    await expect(second.page).toHaveURL(`${privateServer.url}/`)
    const forged = await second.page.request.post('/admin/promo-codes/new', {
      form: { intent: 'save', code: 'FORGED1', discount_type: 'percent', discount_value: '90' },
      headers: { Origin: privateServer.url },
    })
    expect(forged.status()).toBe(403)
    expect(
      privateServer.queryOne("select id from promo_codes where code = 'FORGED1'"),
    ).toBeUndefined()
  } finally {
    await first.close()
    await second.close()
  }
})
