import { expect, type Page, test } from '@playwright/test'
import SQLite from 'better-sqlite3'
import { addDays, farmDayOf, formatDay, weekdayOf } from '../../app/platform/farm-clock'
import { expectNoAxeViolations } from './support/axe'
import { signUp, uniqueEmail } from './support/users'

// Account > Subscriptions (issue 21 item 3): a subscription written into the end-to-end
// server's database for a customer who signed up, then skipped, brought back, paused, resumed,
// swapped, changed and cancelled through the pages; and one whose box has closed refuses.

const DATABASE_FILE = `.cache/e2e-${process.env.E2E_PORT ?? 3100}/shop.db`

const unique = () => Math.random().toString(36).slice(2, 8)

type Box = {
  subscriptionId: string
  nextDate: string
  names: { eggs: string; duck: string; place: string }
}

/**
 * Writes a pickup place with two weekly windows, two subscribable products of one price and a
 * subscription of 2 × the first for the customer with this email. `boxIn` days from today is
 * the next box; its window closes `cutoffDaysBefore` days before at `cutoffTime`.
 */
function insertSubscription(
  email: string,
  options: {
    boxIn: number
    cutoffDaysBefore: number
    cutoffTime: string
    status?: 'active' | 'pending'
    payment?: 'offline' | 'stripe'
  },
): Box {
  const db = new SQLite(DATABASE_FILE, { fileMustExist: true })
  db.pragma('busy_timeout = 5000')
  try {
    const customer = db.prepare('select id from customers where email = ?').get(email) as {
      id: string
    }
    const tag = unique()
    const names = { eggs: `Hen Eggs ${tag}`, duck: `Duck Eggs ${tag}`, place: `Barn ${tag}` }
    const today = farmDayOf(new Date())
    const nextDate = addDays(today, options.boxIn)
    const placeId = crypto.randomUUID()
    db.prepare(
      `insert into pickup_places (id, name, address, instructions, is_active, display_order)
       values (?, ?, '1 Barn Road, Fairfield, ID 83327', '', 1, 0)`,
    ).run(placeId, names.place)
    const windowId = crypto.randomUUID()
    const insertWindow = db.prepare(
      `insert into fulfilment_windows (id, place_id, weekday, start_time, end_time,
         cutoff_days_before, cutoff_time, is_active) values (?, ?, ?, ?, ?, ?, ?, 1)`,
    )
    insertWindow.run(
      windowId,
      placeId,
      weekdayOf(nextDate),
      '15:00',
      '18:00',
      options.cutoffDaysBefore,
      options.cutoffTime,
    )
    insertWindow.run(
      crypto.randomUUID(),
      placeId,
      weekdayOf(addDays(nextDate, 1)),
      '09:00',
      '12:00',
      options.cutoffDaysBefore,
      options.cutoffTime,
    )
    const insertProduct = db.prepare(
      `insert into products (id, name, description, category, price_cents, unit, stock_quantity,
         is_available, subscription_frequencies)
       values (?, ?, 'Laid on the farm.', 'Eggs', 650, 'dozen', 40, 1, 'weekly,biweekly')`,
    )
    const eggsId = crypto.randomUUID()
    insertProduct.run(eggsId, names.eggs)
    insertProduct.run(crypto.randomUUID(), names.duck)
    const subscriptionId = crypto.randomUUID()
    db.prepare(
      `insert into subscriptions (id, customer_id, status, frequency, window_id, shipping_method,
         next_date, payment_method, email, phone, first_name, last_name)
       values (?, ?, ?, 'weekly', ?, 'pickup', ?, ?, ?, '208-555-0100', 'Ann', 'Lee')`,
    ).run(
      subscriptionId,
      customer.id,
      options.status ?? 'active',
      windowId,
      nextDate,
      options.payment ?? 'offline',
      email,
    )
    db.prepare(
      `insert into subscription_items (id, subscription_id, product_id, quantity)
       values (?, ?, ?, 2)`,
    ).run(crypto.randomUUID(), subscriptionId, eggsId)
    return { subscriptionId, nextDate, names }
  } finally {
    db.close()
  }
}

function subscriptionRow(id: string) {
  const db = new SQLite(DATABASE_FILE, { readonly: true, fileMustExist: true })
  try {
    return db
      .prepare('select status, next_date, paused_until from subscriptions where id = ?')
      .get(id) as { status: string; next_date: string; paused_until: string | null }
  } finally {
    db.close()
  }
}

const status = (page: Page) => page.getByRole('status')

/** The Next Box panel's primary-styled (filled) buttons; the others are outlined. */
function mainNextBoxActions(page: Page): Promise<string[]> {
  return page
    .getByRole('region', { name: 'Next Box' })
    .getByRole('button')
    .evaluateAll((buttons) =>
      buttons
        .filter((button) => getComputedStyle(button).backgroundColor !== 'rgba(0, 0, 0, 0)')
        .map((button) => button.textContent?.trim() ?? ''),
    )
}

test('a subscriber skips, undoes, pauses, resumes, swaps, changes quantity and cancels', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  const email = uniqueEmail('subscriber')
  await signUp(page, { email })
  // Next box in 5 days, closing 2 days before at 8 pm: always days ahead.
  const box = insertSubscription(email, { boxIn: 5, cutoffDaysBefore: 2, cutoffTime: '20:00' })
  const following = addDays(box.nextDate, 7)

  await page
    .getByRole('navigation', { name: 'Account sections' })
    .getByRole('link', { name: 'Subscriptions' })
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Subscriptions')
  await expect(page.getByText(`2 × ${box.names.eggs}`)).toBeVisible()
  await expect(page.getByText(/Pickup at Barn \w+, \w+s 3-6 pm/)).toBeVisible()
  await expect(page.getByText(formatDay(box.nextDate), { exact: true })).toBeVisible()
  const cutoffDay = formatDay(addDays(box.nextDate, -2))
  await expect(page.getByText(`Change or skip by ${cutoffDay} at 8 pm`)).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: `Manage Weekly: ${box.names.eggs}` }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Weekly: ${box.names.eggs}`)
  await expectNoAxeViolations(page)

  // Skip, then bring it back: after a skip "Undo Skip" is the main action (issue 32).
  await expect.poll(() => mainNextBoxActions(page)).toEqual(['Skip Next Box'])
  await expect(page.getByRole('button', { name: 'Undo Skip' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Skip Next Box' }).click()
  await expect(status(page)).toHaveText(`Box skipped. Your next box is ${formatDay(following)}.`)
  expect(subscriptionRow(box.subscriptionId).next_date).toBe(following)
  await expect.poll(() => mainNextBoxActions(page)).toEqual(['Undo Skip'])
  await expect(page.getByRole('button', { name: 'Skip Next Box' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Undo Skip' }).click()
  await expect(status(page)).toHaveText(`Skip undone. Your next box is ${formatDay(box.nextDate)}.`)
  expect(subscriptionRow(box.subscriptionId).next_date).toBe(box.nextDate)
  await expect.poll(() => mainNextBoxActions(page)).toEqual(['Skip Next Box'])

  // A pause must end after the next box.
  await page.getByLabel('Pause until').fill(box.nextDate)
  await page.getByRole('button', { name: 'Pause', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText(
    `Please choose a date after your next box (${formatDay(box.nextDate)}).`,
  )
  expect(subscriptionRow(box.subscriptionId).status).toBe('active')

  // Pause, then resume.
  const until = addDays(box.nextDate, 10)
  await page.getByLabel('Pause until').fill(until)
  await page.getByRole('button', { name: 'Pause', exact: true }).click()
  await expect(status(page)).toHaveText(`Paused until ${formatDay(until)}.`)
  expect(subscriptionRow(box.subscriptionId)).toMatchObject({
    status: 'paused',
    paused_until: until,
  })
  await page.getByRole('button', { name: 'Resume' }).click()
  await expect(status(page)).toHaveText(`Resumed. Your next box is ${formatDay(box.nextDate)}.`)
  expect(subscriptionRow(box.subscriptionId)).toMatchObject({
    status: 'active',
    paused_until: null,
  })

  // Quantity, then swap for the other eggs of the same price.
  const item = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: box.names.eggs }) })
  await item.getByLabel('Quantity').fill('100')
  await item.getByRole('button', { name: 'Change Quantity' }).click()
  await expect(item.getByText('Please enter a quantity from 1 to 99.')).toBeVisible()
  await item.getByLabel('Quantity').fill('3')
  await item.getByRole('button', { name: 'Change Quantity' }).click()
  await expect(status(page)).toHaveText('Quantity changed.')
  await expect(page.getByText(`3 × ${box.names.eggs}`)).toBeVisible()
  // Said before the swap is made, and read with its button: a swap is for every box after.
  await expect(item.getByText('This changes your box from now on.')).toBeVisible()
  await expect(item.getByRole('button', { name: 'Swap Item' })).toHaveAccessibleDescription(
    'This changes your box from now on.',
  )
  await item.getByLabel('Swap for').selectOption({ label: box.names.duck })
  await item.getByRole('button', { name: 'Swap Item' }).click()
  await expect(status(page)).toHaveText('Item swapped. This changes your box from now on.')
  await expect(page.getByText(`3 × ${box.names.duck}`)).toBeVisible()

  // The other weekly window of the place: the box moves to the day after.
  const dayAfter = addDays(box.nextDate, 1)
  const morningWindow = `Pickup at ${box.names.place}, ${formatDay(dayAfter).split(',')[0]}s 9 am-12 pm`
  await page
    .getByRole('combobox', { name: 'Pickup or delivery' })
    .selectOption({ label: morningWindow })
  await page.getByRole('button', { name: 'Change Pickup or Delivery' }).click()
  await expect(status(page)).toHaveText(
    `Pickup or delivery changed. Your next box is ${formatDay(dayAfter)}.`,
  )
  await expect(page.getByText(morningWindow).first()).toBeVisible()

  // Another customer is told it does not exist.
  const other = await browser.newContext()
  const stranger = await other.newPage()
  await signUp(stranger, { email: uniqueEmail('stranger') })
  const response = await stranger.goto(`/account/subscriptions/${box.subscriptionId}`)
  expect(response?.status()).toBe(404)
  await expect(stranger.getByRole('alert')).toHaveText('That subscription was not found.')
  await other.close()

  // Cancel asks first.
  await page.getByRole('button', { name: 'Cancel Subscription' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Cancel this subscription?' })
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click()
  expect(subscriptionRow(box.subscriptionId).status).toBe('active')
  await page.getByRole('button', { name: 'Cancel Subscription' }).click()
  await dialog.getByRole('button', { name: 'Yes, Cancel Subscription' }).click()
  await expect(status(page)).toHaveText(
    'Your subscription is cancelled. No more boxes will be made.',
  )
  expect(subscriptionRow(box.subscriptionId).status).toBe('cancelled')
  await expect(page.getByRole('button', { name: 'Skip Next Box' })).toHaveCount(0)
})

test('without JavaScript, Cancel Subscription asks on the page first', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  const email = uniqueEmail('nojs')
  await signUp(page, { email })
  const box = insertSubscription(email, { boxIn: 5, cutoffDaysBefore: 2, cutoffTime: '20:00' })
  await page.goto(`/account/subscriptions/${box.subscriptionId}`)
  await page.getByRole('button', { name: 'Cancel Subscription' }).click()
  await expect(page.getByRole('heading', { name: 'Cancel this subscription?' })).toBeVisible()
  expect(subscriptionRow(box.subscriptionId).status).toBe('active')
  await page.getByRole('button', { name: 'Yes, Cancel Subscription' }).click()
  await expect(page.getByRole('status')).toHaveText(
    'Your subscription is cancelled. No more boxes will be made.',
  )
  expect(subscriptionRow(box.subscriptionId).status).toBe('cancelled')
  await context.close()
})

test('a box whose cut-off has passed refuses a change, naming the box and the cut-off', async ({
  page,
}) => {
  const email = uniqueEmail('closed')
  await signUp(page, { email })
  // Tomorrow's box closed three days before it, at 8 am. Waiting for a card (pending), so the
  // scheduler leaves it for this test.
  const box = insertSubscription(email, {
    boxIn: 1,
    cutoffDaysBefore: 3,
    cutoffTime: '08:00',
    status: 'pending',
    payment: 'stripe',
  })
  const weekday = formatDay(addDays(box.nextDate, -3)).split(',')[0]
  const closed = `Changes to your box for ${formatDay(box.nextDate)} closed ${weekday} at 8 am.`
  await page.goto(`/account/subscriptions/${box.subscriptionId}`)
  await expect(page.getByText(closed)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Update Card' })).toBeVisible()
  await page.getByRole('button', { name: 'Skip Next Box' }).click()
  await expect(page.getByRole('alert')).toHaveText(closed)
  expect(subscriptionRow(box.subscriptionId).next_date).toBe(box.nextDate)
})
