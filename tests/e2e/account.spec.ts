import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { PASSWORD, signIn, signUp, uniqueEmail } from './support/users'

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
}

test('profile: names and phone saved with a status message; password changed with the current one', async ({
  page,
}) => {
  const email = uniqueEmail('profile')
  await signUp(page, { firstName: 'Lena', lastName: 'Moss', email })
  await expectNoAxeViolations(page)

  await page.getByLabel('First name').fill('Helena')
  await page.getByLabel('Phone').fill('(208) 555-0199')
  await page.getByRole('button', { name: 'Save Changes' }).click()
  await expect(page.getByRole('status')).toContainText('Profile updated successfully.')
  await page.reload()
  await expect(page.getByLabel('First name')).toHaveValue('Helena')
  await expect(page.getByLabel('Phone')).toHaveValue('(208) 555-0199')
  await expect(page.getByRole('complementary', { name: 'Account' })).toContainText('Helena Moss')

  await page.getByLabel('Current password').fill('not-my-password')
  await page.getByLabel('New password', { exact: true }).fill('a-newer-secret-1')
  await page.getByLabel('Confirm new password').fill('a-newer-secret-1')
  await page.getByRole('button', { name: 'Update Password' }).click()
  await expect(page.getByText('Current password is incorrect.')).toBeVisible()

  await page.getByLabel('Current password').fill(PASSWORD)
  await page.getByLabel('New password', { exact: true }).fill('a-newer-secret-1')
  await page.getByLabel('Confirm new password').fill('a-newer-secret-1')
  await page.getByRole('button', { name: 'Update Password' }).click()
  await expect(page.getByRole('status')).toContainText('Password updated successfully!')

  await page.context().clearCookies()
  await signIn(page, email, 'a-newer-secret-1')
  await expect(page).toHaveURL(/\/$/)
})

test('addresses: add, validate, edit, make default, delete', async ({ page }) => {
  await signUp(page, { email: uniqueEmail('addresses') })
  await page.goto('/account/addresses')
  await expect(page.getByText('You have no saved addresses yet.')).toBeVisible()

  const fill = async (street: string, zip: string) => {
    await page.getByLabel('First name').fill('Ann')
    await page.getByLabel('Last name').fill('Lee')
    await page.getByLabel('Street address').fill(street)
    await page.getByLabel('City').fill('Fairfield')
    await page.getByLabel('State').selectOption('ID')
    await page.getByLabel('ZIP code').fill(zip)
  }
  await fill('12 Camas Road', 'not-a-zip')
  await page.getByRole('button', { name: 'Save Address' }).click()
  await expect(page.getByText('Please enter a valid ZIP code')).toBeVisible()

  await page.getByLabel('ZIP code').fill('83327')
  await page.getByRole('button', { name: 'Save Address' }).click()
  await expect(page.getByRole('status')).toContainText('Address saved.')
  const saved = page.getByRole('region', { name: 'Saved Addresses' })
  await expect(saved).toContainText('12 Camas Road')

  await fill('4 Soldier Creek Lane', '83327-1234')
  await page.getByRole('button', { name: 'Save Address' }).click()
  await expect(saved).toContainText('4 Soldier Creek Lane')

  await page.getByRole('button', { name: 'Make Default' }).click()
  await expect(page.getByRole('status')).toContainText('Default address updated.')

  await page.getByRole('link', { name: /Edit address at 12 Camas Road/ }).click()
  await expect(page.getByRole('heading', { name: 'Edit Address' })).toBeVisible()
  await expect(page.getByLabel('Street address')).toHaveValue('12 Camas Road')
  await page.getByLabel('City').fill('Hill City')
  await page.getByRole('button', { name: 'Save Address' }).click()
  await expect(saved).toContainText('Hill City')
  await expectNoAxeViolations(page)

  page.on('dialog', (dialog) => dialog.accept())
  await page
    .getByRole('button', { name: /Delete/ })
    .first()
    .click()
  await expect(page.getByRole('status')).toContainText('Address deleted.')
})

test('orders and waiting list start empty; another customer cannot see an address', async ({
  page,
}) => {
  await signUp(page, { email: uniqueEmail('empty') })
  await page.goto('/account/orders')
  await expect(page.getByText('You have no orders yet.')).toBeVisible()
  await expectNoAxeViolations(page)
  await page.goto('/account/waiting-list')
  await expect(page.getByText('You are not on any waiting lists.')).toBeVisible()
  await expectNoAxeViolations(page)
  const response = await page.goto('/account/orders/not-an-order')
  expect(response?.status()).toBe(404)
})
