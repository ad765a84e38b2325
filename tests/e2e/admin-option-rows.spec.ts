import { expect, test } from './support/private-server'

// Issue 19 (ADR 27): a list field's rows are added and removed in the browser with no request
// while JavaScript runs, and through the server, keeping what was typed, when it does not.

test('option rows: add and remove in the browser, Enter saves', async ({ page, privateServer }) => {
  await privateServer.signInAsNewAdmin(page)
  await page.goto('/admin/products/new')
  await expect
    .poll(() =>
      page
        .getByLabel('Name', { exact: true })
        .evaluate((f) => Object.keys(f).some((k) => k.startsWith('__react'))),
    )
    .toBe(true)
  const posts: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST') posts.push(r.url())
  })
  await page.getByLabel('Option name').nth(0).fill('Pint')
  await page.getByRole('button', { name: 'Add Another Option' }).click()
  await page.getByRole('button', { name: 'Add Another Option' }).click()
  await expect(page.getByLabel('Option name')).toHaveCount(3)
  await page.getByLabel('Option name').nth(1).fill('Quart')
  await page.getByLabel('Option name').nth(2).fill('Gallon')
  await page.getByRole('button', { name: 'Remove new option 2' }).click()
  await expect(page.getByLabel('Option name')).toHaveCount(2)
  await expect(page.getByLabel('Option name').nth(0)).toHaveValue('Pint')
  await expect(page.getByLabel('Option name').nth(1)).toHaveValue('Gallon')
  expect(posts).toEqual([])
  // Enter in a field is Save (client check first: the name is missing).
  await page.getByLabel('Unit').press('Enter')
  await expect(page.getByLabel('Name', { exact: true })).toHaveAccessibleDescription(
    'Enter the product name.',
  )
  await expect(page.getByLabel('Option name')).toHaveCount(2)
  expect(posts).toEqual([])
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })
  test('a new row is removed through the server', async ({ page, privateServer }) => {
    await privateServer.signInAsNewAdmin(page)
    await page.goto('/admin/products/new')
    await page.getByLabel('Option name').nth(0).fill('Pint')
    await page.getByRole('button', { name: 'Add Another Option' }).click()
    await page.getByLabel('Option name').nth(1).fill('Quart')
    await page.getByRole('button', { name: 'Add Another Option' }).click()
    await page.getByLabel('Option name').nth(2).fill('Gallon')
    await page.getByRole('button', { name: 'Remove new option 2' }).click()
    await expect(page.getByLabel('Option name')).toHaveCount(2)
    await expect(page.getByLabel('Option name').nth(1)).toHaveValue('Gallon')
    await expect(page.getByRole('alert')).toHaveCount(0)
    // Enter is Save.
    await page.getByLabel('Name', { exact: true }).fill('Cider')
    await page.getByLabel('Category', { exact: true }).selectOption('Pantry')
    await page.getByLabel('Price (dollars)', { exact: true }).fill('4')
    await page.getByLabel('Option price (dollars)').nth(0).fill('4')
    await page.getByLabel('Option stock').nth(0).fill('1')
    await page.getByLabel('Option price (dollars)').nth(1).fill('9')
    await page.getByLabel('Option stock').nth(1).fill('1')
    await page.getByLabel('Unit').press('Enter')
    await expect(page.getByRole('status').filter({ hasText: 'Product created.' })).toBeVisible()
    await expect(page.getByLabel('Option name')).toHaveCount(3)
  })
})
