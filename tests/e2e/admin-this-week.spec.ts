import AxeBuilder from '@axe-core/playwright'
import SQLite from 'better-sqlite3'
import { addDays, farmDayOf, formatDay } from '../../app/platform/farm-clock'
import { expect, type PrivateServer, test } from './support/private-server'

// Admin > Fulfilment > This week (issue 16 item 5): the pick list's totals, the pack list with
// its buttons, the delivery run in ZIP order, the printable pack list and the CSVs, for a day
// of orders written here on a private server (so nothing else adds to the day).

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

type Item = { name: string; variant?: string; unit: string; quantity: number; cents: number }

let orderNumber = 50000

function insertOrder(
  server: PrivateServer,
  order: {
    day: string
    method: 'pickup' | 'delivery'
    place: string
    start: string
    end: string
    name: string
    street?: string
    zip?: string
    paid?: boolean
    items: Item[]
  },
) {
  const db = new SQLite(server.databaseFile)
  try {
    const customer = db.prepare('select id from customers limit 1').get() as { id: string }
    const id = crypto.randomUUID()
    const subtotal = order.items.reduce((sum, item) => sum + item.cents * item.quantity, 0)
    orderNumber += 1
    db.prepare(
      `insert into orders (id, order_number, customer_id, idempotency_key, status, email, phone,
         subtotal_cents, discount_cents, shipping_cents, tax_cents, total_cents,
         tax_rate_basis_points, shipping_method, ship_first_name, ship_last_name, ship_street,
         ship_city, ship_state, ship_zip_code, payment_method, payment_status, fulfilment_date,
         fulfilment_start, fulfilment_end, fulfilment_place)
       values (?, ?, ?, ?, ?, 'pack@example.com', '208-555-0199', ?, 0, 0, 0, ?, 600, ?, ?, 'Test',
         ?, 'Boise', 'ID', ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      id,
      orderNumber,
      customer.id,
      crypto.randomUUID(),
      order.paid ? 'paid' : 'pending_payment',
      subtotal,
      subtotal,
      order.method,
      order.name,
      order.street ?? '',
      order.zip ?? '',
      order.paid ? 'stripe' : 'offline',
      order.paid ? 'paid' : 'pending',
      order.day,
      order.start,
      order.end,
      order.place,
    )
    for (const item of order.items) {
      db.prepare(
        `insert into order_items (id, order_id, product_name, variant_name, unit, unit_price_cents,
           quantity, line_total_cents) values (?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        crypto.randomUUID(),
        id,
        item.name,
        item.variant ?? null,
        item.unit,
        item.cents,
        item.quantity,
        item.cents * item.quantity,
      )
    }
    return { id, number: `FS-${orderNumber}` }
  } finally {
    db.close()
  }
}

const eggs = (quantity: number): Item => ({
  name: 'Pasture-Raised Eggs',
  variant: 'Dozen',
  unit: 'dozen',
  quantity,
  cents: 700,
})
const ribeye = (quantity: number): Item => ({
  name: 'Bone-In Ribeye Steak',
  unit: 'lb',
  quantity,
  cents: 2899,
})

test('This week: pick list totals, pack list, delivery run, printable list, CSV, packing and pay at pickup', async ({
  page,
  privateServer,
}) => {
  // A day far enough ahead that the demo farm has nothing on it.
  const day = addDays(farmDayOf(new Date()), 12)
  const first = insertOrder(privateServer, {
    day,
    method: 'pickup',
    place: 'Sawtooth Meadows Farm',
    start: '15:00',
    end: '18:00',
    name: 'Alpha',
    items: [eggs(2), ribeye(1)],
  })
  insertOrder(privateServer, {
    day,
    method: 'pickup',
    place: 'Sawtooth Meadows Farm',
    start: '15:00',
    end: '18:00',
    name: 'Bravo',
    paid: true,
    items: [eggs(1)],
  })
  insertOrder(privateServer, {
    day,
    method: 'delivery',
    place: 'Boise local delivery',
    start: '16:00',
    end: '20:00',
    name: 'Farther',
    street: '900 W Main St',
    zip: '83706',
    items: [ribeye(3)],
  })
  insertOrder(privateServer, {
    day,
    method: 'delivery',
    place: 'Boise local delivery',
    start: '16:00',
    end: '20:00',
    name: 'Nearer',
    street: '100 N 8th St',
    zip: '83702',
    paid: true,
    items: [eggs(4)],
  })

  await privateServer.signInAsNewAdmin(page)
  await page.goto('/admin')
  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Fulfilment' })
    .click()
  await expect(page.getByRole('heading', { name: 'This week', level: 1 })).toBeVisible()
  await page.getByRole('link', { name: new RegExp(`^${formatDay(day)} \\(4 orders\\)`) }).click()
  await expect(page).toHaveURL(new RegExp(`day=${day}`))

  const pick = page.getByRole('table', { name: `Pick list for ${formatDay(day)}` })
  await expect(
    pick.getByRole('row', { name: /Pasture-Raised Eggs \(Dozen\) dozen 7/ }),
  ).toBeVisible()
  await expect(pick.getByRole('row', { name: /Bone-In Ribeye Steak lb 4/ })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Pick list' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Pack list' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Delivery run' })).toBeVisible()
  const stops = page
    .getByRole('heading', { name: 'Delivery run' })
    .locator('..')
    .getByRole('listitem')
  await expect(stops.first()).toContainText('Stop 1: Nearer Test')
  await expect(stops.nth(1)).toContainText('Stop 2: Farther Test')
  await expect(stops.nth(1)).toContainText('To collect: $86.97')
  const axe = await new AxeBuilder({ page }).withTags(WCAG).analyze()
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])

  // On a phone the page does not scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390)
  await page.setViewportSize({ width: 1280, height: 900 })

  // The printable pack list: one block per order.
  await page.getByRole('link', { name: 'Print pack list' }).click()
  await expect(page.getByRole('heading', { name: /^Pack list: .* \(4 orders\)$/ })).toBeVisible()
  await expect(page.getByRole('heading', { name: /^Order FS-\d+: \w+ Test$/ })).toHaveCount(4)
  await page.goBack()

  const csv = await page.request.get(`/admin/fulfilment/export.csv?list=pick&day=${day}`)
  expect(csv.headers()['content-type']).toContain('text/csv')
  expect(await csv.text()).toContain('Pasture-Raised Eggs (Dozen),dozen,3')

  // Pack the unpaid pickup order, then hand it over with the payment.
  await page.getByRole('button', { name: `Mark ${first.number} packed` }).click()
  await expect(page.getByRole('status')).toContainText('1 order packed.')
  await page.getByRole('button', { name: `Collected and paid: ${first.number}` }).click()
  await expect(page.getByRole('status')).toContainText('Order handed over and closed.')
  const row = privateServer.queryOne<{ status: string; payment_status: string }>(
    'select status, payment_status from orders where id = ?',
    first.id,
  )
  expect(row).toEqual({ status: 'completed', payment_status: 'paid' })
  const ready = await privateServer.waitForMail('pack@example.com', /is ready for pickup$/)
  expect(ready.text).toContain('Please bring $42.99; we take cash or card at pickup.')

  // "Mark all packed" packs what is left of the pickup group.
  await page.getByRole('button', { name: 'Mark all packed' }).first().click()
  await expect(page.getByRole('status')).toContainText('packed')
})
