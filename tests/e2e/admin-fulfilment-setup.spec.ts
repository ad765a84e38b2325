import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './support/private-server'

// Admin > Fulfilment set-up (issue 16 item 1), in the browser on a private server (the places
// and zones made here would change every other spec's checkout): a pickup place with a weekly
// window, capacity and cut-off; a delivery zone with ZIP codes and a day; a closed date; a
// product marked pickup or local delivery only; bad input answered next to its field; each page
// axe clean and without sideways scrolling at 390 px; and the checkout offering what was made.

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

async function expectClean(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(WCAG).analyze()
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  await page.setViewportSize({ width: 390, height: 844 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390)
  await page.setViewportSize({ width: 1280, height: 900 })
}

test('an admin sets up a pickup place, a delivery zone and a closed date; checkout offers them', async ({
  page,
  privateServer,
}) => {
  test.setTimeout(120_000)
  await privateServer.signInAsNewAdmin(page)
  await page.goto('/admin/fulfilment')
  await page.getByRole('link', { name: 'Pickup places, delivery zones and hours' }).click()
  await expect(
    page.getByRole('heading', { name: 'Pickups and deliveries', level: 1 }),
  ).toBeVisible()
  await expectClean(page)

  // A pickup place; the window's end before its start is refused next to the field.
  await page.getByRole('link', { name: 'Add a pickup place' }).click()
  await page.getByLabel('Name').fill('Hailey Co-op')
  await page.getByLabel('Address').fill('10 Main St, Hailey, ID 83333')
  await page.getByLabel('Instructions for shoppers').fill('Back door, ring the bell')
  await page.getByRole('button', { name: 'Save place' }).click()
  await expect(page.getByRole('heading', { name: 'Hailey Co-op', level: 1 })).toBeVisible()
  await page.getByLabel('Day of the week').selectOption('Friday')
  await page.getByLabel('Starts at').fill('16:00')
  await page.getByLabel('Ends at').fill('15:00')
  await page.getByRole('button', { name: 'Add pickup window' }).click()
  await expect(page.getByLabel('Ends at')).toHaveAccessibleDescription(
    'The window must end after it starts.',
  )
  await page.getByLabel('Ends at').fill('18:30')
  await page.getByLabel('Capacity (orders, optional)').fill('12')
  await page.getByRole('radio', { name: 'On an earlier day, at a time' }).check()
  await page.getByLabel('Days before').fill('1')
  await page.getByLabel('At', { exact: true }).fill('20:00')
  await page.getByRole('button', { name: 'Add pickup window' }).click()
  await expect(page.getByRole('status')).toContainText('The pickup window was added.')
  await expect(
    page.getByText('Every Friday, 4-6:30 pm, order by 1 day before at 8 pm, 12 orders at most'),
  ).toBeVisible()
  await expectClean(page)

  // A delivery zone; a ZIP list that is not one is refused.
  await page.goto('/admin/fulfilment/zones/new')
  await page.getByLabel('Name').fill('Wood River delivery')
  await page.getByLabel('ZIP codes').fill('Hailey')
  await page.getByLabel('Delivery fee ($)').fill('6')
  await page.getByLabel('Minimum order ($)').fill('25')
  await page.getByRole('button', { name: 'Save zone' }).click()
  await expect(page.getByLabel('ZIP codes')).toHaveAccessibleDescription(
    /List 5-digit ZIP codes or ranges/,
  )
  await expect(page.getByLabel('Name')).toHaveValue('Wood River delivery')
  await page.getByLabel('ZIP codes').fill('83333, 83340-83353')
  await page.getByRole('button', { name: 'Save zone' }).click()
  await expect(page.getByRole('heading', { name: 'Wood River delivery', level: 1 })).toBeVisible()
  await page.getByLabel('Day of the week').selectOption('Tuesday')
  await page.getByLabel('Starts at').fill('17:00')
  await page.getByLabel('Ends at').fill('19:00')
  await page.getByRole('button', { name: 'Add delivery day' }).click()
  await expect(page.getByText('Every Tuesday, 5-7 pm, order by 24 hours before')).toBeVisible()
  await expectClean(page)

  // A closed date for the new place.
  await page.goto('/admin/fulfilment/setup')
  await page.getByLabel('Closed date').fill('2030-12-25')
  await page.getByLabel('What is closed').selectOption({ label: 'Hailey Co-op' })
  await page.getByLabel('Note (optional)').fill('Christmas')
  await page.getByRole('button', { name: 'Close this date' }).click()
  await expect(
    page.getByText('Wednesday, December 25, 2030: Hailey Co-op (Christmas)'),
  ).toBeVisible()
  expect(
    privateServer.queryOne<{ n: number }>(
      "select count(*) as n from audit_log where entity_type in ('pickup_place', 'delivery_zone', 'fulfilment_window', 'closed_date')",
    )?.n,
  ).toBeGreaterThanOrEqual(5)

  // A product marked pickup or local delivery only.
  const jam = privateServer.queryOne<{ id: string }>(
    "select id from products where name = 'Huckleberry Jam'",
  )
  await page.goto(`/admin/products/${jam?.id}`)
  await page.getByLabel('Pickup or local delivery only').check()
  await page.getByRole('button', { name: /^Save/ }).first().click()
  await expect
    .poll(
      () =>
        privateServer.queryOne<{ local_only: number }>(
          'select local_only from products where id = ?',
          jam?.id,
        )?.local_only,
    )
    .toBe(1)

  // The checkout offers the new place's Friday window.
  await privateServer.addToCart(page, 'Huckleberry Jam')
  await page.goto('/checkout')
  await expect(page.getByRole('radio', { name: 'Standard Shipping' })).toBeDisabled()
  const coop = page.getByRole('group', { name: 'Hailey Co-op' })
  await expect(coop.getByRole('radio', { name: /^Friday, .*4-6:30 pm$/ }).first()).toBeVisible()

  // The jam ships again: later specs on this worker's server (admin-promo) ship it.
  await page.goto(`/admin/products/${jam?.id}`)
  await page.getByLabel('Pickup or local delivery only').uncheck()
  await page.getByRole('button', { name: /^Save/ }).first().click()
  await expect
    .poll(
      () =>
        privateServer.queryOne<{ local_only: number }>(
          'select local_only from products where id = ?',
          jam?.id,
        )?.local_only,
    )
    .toBe(0)
})
