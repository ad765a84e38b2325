import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import SQLite from 'better-sqlite3'
import {
  addDays,
  farmDayOf,
  formatDay,
  WEEKDAY_NAMES,
  weekdayOf,
} from '../../app/platform/farm-clock'
import { expect, type PrivateServer, test } from './support/private-server'
import { signUp, uniqueEmail } from './support/users'

// Issue 16 at the checkout, in the browser: "How would you like to get your order?", pickup
// in a window (no address asked), local delivery by ZIP and day, a ZIP outside every zone,
// pickup-or-local-only products refusing parcel shipping, a window that is full or past its
// cut-off (a forged post too), and the same without JavaScript. On a private server with its
// own database, so the windows made here change nothing for the other specs.

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']
const QUESTION = 'How would you like to get your order?'

function write(server: PrivateServer, sql: string, ...params: unknown[]) {
  const db = new SQLite(server.databaseFile)
  try {
    db.prepare(sql).run(...params)
  } finally {
    db.close()
  }
}

/** A place with a weekly window `inDays` days from today (farm clock), 3-6 pm. */
function makePickup(
  server: PrivateServer,
  name: string,
  inDays: number,
  options: { capacity?: number; cutoffHours?: number } = {},
) {
  const placeId = crypto.randomUUID()
  const windowId = crypto.randomUUID()
  const date = addDays(farmDayOf(new Date()), inDays)
  write(
    server,
    `insert into pickup_places (id, name, address, instructions, display_order)
     values (?, ?, '7 Orchard Road, Fairfield, ID 83327', 'Blue cooler by the gate', 10)`,
    placeId,
    name,
  )
  write(
    server,
    `insert into fulfilment_windows (id, place_id, weekday, start_time, end_time, capacity, cutoff_hours)
     values (?, ?, ?, '15:00', '18:00', ?, ?)`,
    windowId,
    placeId,
    weekdayOf(date),
    options.capacity ?? null,
    options.cutoffHours ?? 1,
  )
  return { placeId, windowId, date, label: `${formatDay(date)}, 3-6 pm` }
}

async function startCheckout(page: Page, server: PrivateServer, products: string[]) {
  await signUp(page, { email: uniqueEmail('fulfil'), firstName: 'Ann', lastName: 'Lee' })
  for (const product of products) await server.addToCart(page, product)
  await page.goto('/checkout')
  const form = page.locator('form', {
    has: page.getByRole('button', { name: 'Continue to Payment' }),
  })
  await form.getByLabel('Phone').fill('208-555-0142')
  return form
}

/** Step 1 posted by hand, as a forged or stale form would be. */
function postStep1(page: Page, server: PrivateServer, fields: Record<string, string>) {
  return page.request.post('/checkout', {
    form: {
      intent: 'to-payment',
      email: 'ann@example.com',
      phone: '208-555-0142',
      firstName: 'Ann',
      lastName: 'Lee',
      ...fields,
    },
    headers: { Origin: server.url },
  })
}

async function placeFromPayment(page: Page) {
  await page.getByRole('button', { name: 'Review Order' }).click()
  await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check()
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/)
  return new URL(page.url()).pathname.split('/').at(-1) as string
}

test('pickup: a place and a window with room, no address asked; the order keeps where and when', async ({
  page,
  privateServer,
}) => {
  const pickup = makePickup(privateServer, 'Orchard Road Pickup', 3, { capacity: 5 })
  const form = await startCheckout(page, privateServer, ['Huckleberry Jam'])

  const methods = form.getByRole('group', { name: QUESTION })
  await methods.getByRole('radio', { name: 'Pickup', exact: true }).check()
  await expect(form.getByLabel('Street address')).toBeHidden()
  const place = form.getByRole('group', { name: 'Orchard Road Pickup' })
  await expect(place).toContainText('Blue cooler by the gate')
  const weekday = WEEKDAY_NAMES[weekdayOf(pickup.date)] ?? ''
  const window = place.getByRole('radio', { name: new RegExp(`^${weekday}, .*3-6 pm$`) }).first()
  await window.check()
  const axe = await new AxeBuilder({ page }).withTags(WCAG).analyze()
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])

  await page.getByRole('button', { name: 'Continue to Payment' }).click()
  await expect(page.getByRole('button', { name: 'Review Order' })).toBeVisible()
  await page.getByRole('button', { name: 'Review Order' }).click()
  await expect(page.getByText(`Pickup at Orchard Road Pickup, ${pickup.label}`)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Shipping Address' })).toHaveCount(0)
  await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check()
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/)
  const orderId = new URL(page.url()).pathname.split('/').at(-1)

  // The confirmation says where and when, never "shipping", and offers the calendar entry.
  await expect(page.getByRole('heading', { name: 'Pickup Details' })).toBeVisible()
  await expect(
    page.getByText(`Pickup at Orchard Road Pickup, ${pickup.label}`).first(),
  ).toBeVisible()
  await expect(page.getByText('Blue cooler by the gate')).toBeVisible()
  // (The footer's link to the Shipping & Pickup policy is on every page.)
  await expect(page.getByRole('main').getByText(/shipping/i)).toHaveCount(0)
  const ics = await page.request.get(`/account/orders/${orderId}/calendar.ics`)
  expect(ics.headers()['content-type']).toContain('text/calendar')
  const entry = await ics.text()
  expect(entry).toContain('SUMMARY:Pickup at Orchard Road Pickup')
  expect(entry).toMatch(new RegExp(`DTSTART:${pickup.date.replaceAll('-', '')}T2[12]0000Z`))
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
    'href',
    `/account/orders/${orderId}/calendar.ics`,
  )
  const mail = await privateServer.waitForMail(
    privateServer.queryOne<{ email: string }>('select email from orders where id = ?', orderId)
      ?.email ?? '',
    /confirmed$/,
  )
  expect(mail.text).toContain(`Pickup at Orchard Road Pickup, ${pickup.label}`)
  expect(mail.text).not.toMatch(/shipping/i)

  const order = privateServer.queryOne<Record<string, unknown>>(
    `select shipping_method, ship_street, fulfilment_place, fulfilment_date, fulfilment_start,
       fulfilment_end from orders where id = ?`,
    orderId,
  )
  expect(order).toEqual({
    shipping_method: 'pickup',
    ship_street: '',
    fulfilment_place: 'Orchard Road Pickup',
    fulfilment_date: pickup.date,
    fulfilment_start: '15:00',
    fulfilment_end: '18:00',
  })
  const booked = privateServer.queryOne<{ booked: number }>(
    'select booked from fulfilment_bookings where window_id = ? and on_date = ?',
    pickup.windowId,
    pickup.date,
  )
  expect(booked?.booked).toBe(1)
})

test('local delivery: the ZIP decides the zone, then a day; the fee is the zone’s; a ZIP outside every zone is told so', async ({
  page,
  privateServer,
}) => {
  const zoneId = crypto.randomUUID()
  write(
    privateServer,
    `insert into delivery_zones (id, name, zip_codes, fee_cents, free_over_cents, minimum_cents)
     values (?, 'Magic Valley delivery', '83301-83303', 500, 10000, 1000)`,
    zoneId,
  )
  const date = addDays(farmDayOf(new Date()), 2)
  write(
    privateServer,
    `insert into fulfilment_windows (id, zone_id, weekday, start_time, end_time, cutoff_hours)
     values (?, ?, ?, '16:00', '20:00', 1)`,
    crypto.randomUUID(),
    zoneId,
    weekdayOf(date),
  )
  const form = await startCheckout(page, privateServer, ['Huckleberry Jam'])
  await form.getByRole('radio', { name: 'Local delivery', exact: true }).check()
  await form.getByLabel('Street address').fill('40 Shoshone Street')
  await form.getByLabel('City').fill('Twin Falls')
  await form.getByLabel('ZIP code').fill('83814')
  const zone = form.getByRole('group', { name: 'Magic Valley delivery' })
  await page.getByRole('button', { name: 'Continue to Payment' }).click()
  await expect(form.getByLabel('ZIP code')).toHaveAccessibleDescription(
    'We do not deliver to 83814. Please choose pickup or another way to get your order.',
  )

  await form.getByLabel('ZIP code').fill('83301')
  await zone.getByRole('radio', { name: new RegExp(`^${formatDay(date)}, 4-8 pm$`) }).check()
  const summary = page.getByRole('region', { name: 'Order Summary' })
  await expect(summary.locator('dl > div', { hasText: 'Delivery' }).locator('dd')).toHaveText(
    '$5.00',
  )
  await page.getByRole('button', { name: 'Continue to Payment' }).click()
  await page.getByRole('button', { name: 'Review Order' }).click()
  await expect(page.getByText(`Delivery on ${formatDay(date)}, 4-8 pm`)).toBeVisible()
  await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check()
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page).toHaveURL(/\/order-confirmation\//)
  const orderId = new URL(page.url()).pathname.split('/').at(-1)
  const order = privateServer.queryOne<Record<string, unknown>>(
    'select shipping_method, shipping_cents, ship_zip_code, fulfilment_place from orders where id = ?',
    orderId,
  )
  expect(order).toEqual({
    shipping_method: 'delivery',
    shipping_cents: 500,
    ship_zip_code: '83301',
    fulfilment_place: 'Magic Valley delivery',
  })
})

test('a cart with a pickup-or-local-only product cannot choose shipping, and a forged post is refused', async ({
  page,
  privateServer,
}) => {
  write(privateServer, "update products set local_only = 1 where name = 'Peppered Beef Jerky'")
  const form = await startCheckout(page, privateServer, ['Peppered Beef Jerky'])
  const note =
    'Peppered Beef Jerky is pickup or local delivery only, so this order cannot be shipped.'
  await expect(form.getByText(note)).toBeVisible()
  await expect(form.getByRole('radio', { name: 'Standard Shipping' })).toBeDisabled()
  await expect(form.getByRole('radio', { name: 'Express Shipping' })).toBeDisabled()

  const response = await postStep1(page, privateServer, {
    street: '12 Meadow Lane',
    city: 'Boise',
    state: 'ID',
    zipCode: '83702',
    shippingMethod: 'standard',
  })
  expect(response.status()).toBe(400)
  expect(await response.text()).toContain(note)
})

test('a full window shows as full; a forged post for it or for one past its cut-off takes nothing', async ({
  page,
  privateServer,
}) => {
  const full = makePickup(privateServer, 'Full Barn', 4, { capacity: 1 })
  write(
    privateServer,
    'insert into fulfilment_bookings (window_id, on_date, booked) values (?, ?, 1)',
    full.windowId,
    full.date,
  )
  // Today's window has closed for orders: its cut-off is 30 days before it.
  const closed = makePickup(privateServer, 'Closed Barn', 2, { cutoffHours: 24 * 30 })
  const form = await startCheckout(page, privateServer, ['Huckleberry Jam'])
  await form.getByRole('radio', { name: 'Pickup', exact: true }).check()
  const fullRadio = form
    .getByRole('group', { name: 'Full Barn' })
    .getByRole('radio', { name: `${full.label} (full)` })
  await expect(fullRadio).toBeDisabled()
  await expect(
    form.getByRole('group', { name: 'Closed Barn' }).getByRole('radio', { name: closed.label }),
  ).toHaveCount(0)

  for (const [slot, message] of [
    [
      `${full.windowId}:${full.date}`,
      `Sorry, ${full.label} is now full. Please choose another time.`,
    ],
    [
      `${closed.windowId}:${closed.date}`,
      'That time is no longer available (its order cut-off has passed or it was closed). Please choose another.',
    ],
  ] as const) {
    const response = await postStep1(page, privateServer, { shippingMethod: 'pickup', slot })
    expect(response.status()).toBe(400)
    expect(await response.text()).toContain(message)
  }
  const booked = privateServer.queryOne<{ booked: number }>(
    'select booked from fulfilment_bookings where window_id = ?',
    full.windowId,
  )
  expect(booked?.booked).toBe(1)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('pickup in a window from start to confirmation', async ({ page, privateServer }) => {
    const pickup = makePickup(privateServer, 'No Script Barn', 5)
    const form = await startCheckout(page, privateServer, ['Huckleberry Jam'])
    await form.getByRole('radio', { name: 'Pickup', exact: true }).check()
    await form
      .getByRole('group', { name: 'No Script Barn' })
      .getByRole('radio', { name: pickup.label })
      .check()
    await page.getByRole('button', { name: 'Continue to Payment' }).click()
    const orderId = await placeFromPayment(page)
    const order = privateServer.queryOne<{ fulfilment_place: string }>(
      'select fulfilment_place from orders where id = ?',
      orderId,
    )
    expect(order?.fulfilment_place).toBe('No Script Barn')
  })
})
