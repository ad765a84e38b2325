import { readFileSync } from 'node:fs'
import SQLite from 'better-sqlite3'
import { upcomingSlots, type WindowRule } from '../../app/fulfilment/windows'
import { expectNoAxeViolations } from './support/axe'
import { expect, type PrivateServer, test } from './support/private-server'

// The farmer's side of subscriptions (issue 21 item 5), on a private server with its own fresh
// demo farm (four active subscribers, one paused, one cancelled), so the counts and the money
// are exact: a product made subscribable through the form, a subscriber to it, the list with its
// filter and search, one subscription, the CSV, the dashboard's panel and This week's demand.

type WindowRow = {
  id: string
  weekday: number
  start_time: string
  end_time: string
  capacity: number | null
  cutoff_hours: number | null
  cutoff_days_before: number | null
  cutoff_time: string | null
}

/**
 * A weekly subscriber to the product at the farm's pickup, whose next box is the farm's first
 * one still open for changes (a Thursday or Saturday, so always within the coming week).
 */
function insertSubscriber(server: PrivateServer, productId: string, quantity: number) {
  const db = new SQLite(server.databaseFile)
  try {
    const customer = db
      .prepare("select id from customers where email = 'hannah.cole@example.com'")
      .get() as { id: string }
    const windows = db
      .prepare(
        `select fulfilment_windows.id, weekday, start_time, end_time, capacity, cutoff_hours,
           cutoff_days_before, cutoff_time
         from fulfilment_windows join pickup_places on pickup_places.id = fulfilment_windows.place_id
         where pickup_places.name = 'Sawtooth Meadows Farm'`,
      )
      .all() as WindowRow[]
    const rules: WindowRule[] = windows.map((row) => ({
      id: row.id,
      placeId: 'farm',
      zoneId: null,
      weekday: row.weekday,
      onDate: null,
      startTime: row.start_time,
      endTime: row.end_time,
      capacity: row.capacity,
      cutoffHours: row.cutoff_hours,
      cutoffDaysBefore: row.cutoff_days_before,
      cutoffTime: row.cutoff_time,
    }))
    // Open for another hour at least, so the shop's scheduler leaves it alone during the test.
    const inAnHour = new Date(Date.now() + 3_600_000)
    const slot = upcomingSlots({ rules, closed: [], booked: new Map(), now: inAnHour })[0]
    if (!slot) throw new Error('the demo farm has no pickup window')
    const id = crypto.randomUUID()
    db.prepare(
      `insert into subscriptions (id, customer_id, status, frequency, window_id, shipping_method,
         next_date, payment_method, email, phone, first_name, last_name)
       values (?, ?, 'active', 'weekly', ?, 'pickup', ?, 'offline', 'olive@example.com',
         '208-555-0177', 'Olive', 'Root')`,
    ).run(id, customer.id, slot.windowId, slot.date)
    db.prepare(
      `insert into subscription_items (id, subscription_id, product_id, quantity)
       values (?, ?, ?, ?)`,
    ).run(crypto.randomUUID(), id, productId, quantity)
    return { id, date: slot.date }
  } finally {
    db.close()
  }
}

const listRows = (page: import('@playwright/test').Page) =>
  page.getByRole('region', { name: 'Subscriptions, next box first' }).locator('tbody tr')

test('a farmer offers a product by subscription, then finds, reads and exports the subscribers', async ({
  page,
  privateServer,
}) => {
  // One journey through six pages, each checked with axe.
  test.setTimeout(180_000)
  const rootCellar = privateServer.queryOne<{ id: string }>(
    "select id from products where name = 'Root Cellar Box'",
  )
  if (!rootCellar) throw new Error('the demo farm has no Root Cellar Box')
  await privateServer.signInAsNewAdmin(page)

  // 1. The product form: Subscriptions, with a discount the shop refuses, then one it keeps.
  await page.goto(`/admin/products/${rootCellar.id}`)
  const subscriptions = page.getByRole('group', { name: 'Subscriptions' })
  await subscriptions.getByLabel('Weekly').check()
  await subscriptions.getByLabel('Monthly').check()
  await subscriptions.getByLabel('Subscriber discount (%)').fill('60')
  await page.getByRole('button', { name: 'Save Product' }).click()
  await expect(page.getByText('The subscriber discount must be between 0 and 50.')).toBeVisible()
  await subscriptions.getByLabel('Subscriber discount (%)').fill('10')
  await page.getByRole('button', { name: 'Save Product' }).click()
  await expect(page.getByText('Product saved.')).toBeVisible()
  await expect(subscriptions.getByLabel('Weekly')).toBeChecked()
  await expect(subscriptions.getByLabel('Every 2 weeks')).not.toBeChecked()
  await expect(subscriptions.getByLabel('Monthly')).toBeChecked()
  await expect(subscriptions.getByLabel('Subscriber discount (%)')).toHaveValue('10')
  expect(
    privateServer.queryOne(
      'select subscription_frequencies, subscriber_discount_percent from products where id = ?',
      rootCellar.id,
    ),
  ).toEqual({ subscription_frequencies: 'weekly,monthly', subscriber_discount_percent: 10 })
  await expectNoAxeViolations(page)

  // A subscriber to it: 2 boxes a week at $28.80 (10% off $32).
  const olive = insertSubscriber(privateServer, rootCellar.id, 2)

  // 2. The dashboard: 5 active subscribers; a month of boxes at subscriber prices:
  // weekly (Maria 31.85 + Priya 13.30 + Olive 57.60) x 52/12, Dan's 31.85 x 26/12, Sam's 29.00.
  await page.goto('/admin')
  const panel = page.locator('section', {
    has: page.getByRole('heading', { level: 2, name: 'Subscriptions', exact: true }),
  })
  await expect(panel.getByText('Active subscribers')).toBeVisible()
  await expect(panel.locator('dd').first()).toHaveText('5')
  await expect(panel.getByText('Boxes this week')).toBeVisible()
  await expect(panel.getByText('Monthly subscription revenue')).toBeVisible()
  await expect(panel.getByText('$543.26')).toBeVisible()
  await expectNoAxeViolations(page)

  // 3. The list, from the admin navigation.
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Subscriptions' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible()
  await expect(listRows(page)).toHaveCount(7)
  await expectNoAxeViolations(page)

  await page.getByLabel('Status', { exact: true }).selectOption('paused')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/status=paused/)
  await expect(listRows(page)).toHaveCount(1)
  await expect(listRows(page)).toContainText('Jake Nielsen')
  await expect(listRows(page)).toContainText('Paused')

  await page.getByLabel('Status', { exact: true }).selectOption('all')
  await page.getByLabel('Search', { exact: true }).fill('OLIVE@example')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(listRows(page)).toHaveCount(1)
  const row = listRows(page).first()
  await expect(row).toContainText('2 × Root Cellar Box')
  await expect(row).toContainText('Weekly')
  await expect(row).toContainText('Pickup at Sawtooth Meadows Farm')
  await expect(row).toContainText('Active')

  // 4. The CSV of what the list shows.
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export CSV' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^subscriptions-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = readFileSync((await download.path()) ?? '', 'utf8')
    .trimEnd()
    .split('\r\n')
  expect(csv).toHaveLength(2)
  expect(csv[0]).toMatch(/^Customer,Email,Phone,Status,Frequency,Items,/)
  expect(csv[1]).toContain(
    `Olive Root,olive@example.com,208-555-0177,Active,Weekly,2 × Root Cellar Box,57.60,`,
  )
  expect(csv[1]).toContain(`,${olive.date},`)

  // 5. One subscription: what is in each box, the next box and when changes close.
  await row.getByRole('link', { name: 'Olive Root' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/subscriptions/${olive.id}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Olive Root: Weekly' })).toBeVisible()
  await expect(page.getByText('2 × Root Cellar Box')).toBeVisible()
  await expect(page.getByText("Box at today's prices: $57.60")).toBeVisible()
  await expect(page.getByText('The customer can change or skip it until')).toBeVisible()
  await expect(page.getByText('No box has been made or skipped yet.')).toBeVisible()
  await expectNoAxeViolations(page)

  // 6. This week: the coming boxes' demand, beside the pick list.
  await page.goto('/admin/fulfilment')
  const boxes = page.locator('#subscription-boxes')
  await expect(boxes.getByRole('heading', { name: 'Subscription boxes' })).toBeVisible()
  await expect(boxes.getByRole('row', { name: /Root Cellar Box 1 2 box/ })).toBeVisible()
  await expectNoAxeViolations(page)

  // 7. On a phone: nothing scrolls the page sideways.
  await page.setViewportSize({ width: 390, height: 844 })
  for (const path of [
    '/admin/subscriptions',
    `/admin/subscriptions/${olive.id}`,
    '/admin',
    '/admin/fulfilment',
    `/admin/products/${rootCellar.id}`,
  ]) {
    await page.goto(path)
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow, path).toBeLessThanOrEqual(0)
  }
})

test('an unknown subscription is not found, and the list says when nothing matches', async ({
  page,
  privateServer,
}) => {
  await privateServer.signInAsNewAdmin(page)
  const response = await page.goto('/admin/subscriptions/00000000-0000-4000-8000-000000000000')
  expect(response?.status()).toBe(404)
  await page.goto('/admin/subscriptions?q=nobody-at-all&status=cancelled')
  await expect(page.getByText('No subscriptions match this search.')).toBeVisible()
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('cancelled')
  await expect(page.getByLabel('Search', { exact: true })).toHaveValue('nobody-at-all')
})
