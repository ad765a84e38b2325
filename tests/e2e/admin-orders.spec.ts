import AxeBuilder from '@axe-core/playwright'
import { type Browser, expect, type Page, test } from '@playwright/test'
import SQLite from 'better-sqlite3'
import { addToCart, demoStock } from './support/cart'
import { listMail, waitForMail } from './support/mailbox'
import { signInAsNewAdmin, signUp, uniqueEmail } from './support/users'

// Issue 6, items 2 and 3, in the browser: a customer checks out; an admin finds the order by
// the customer's email, moves it along the workflow and the customer's emails arrive over
// SMTP; a pickup order is made ready; a cancelled order's stock comes back once; the packing
// slip and the CSV; the dashboard; axe on every admin page; a customer is refused.

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']
const PORT = process.env.E2E_PORT ?? 3100
const ORIGIN = `http://localhost:${PORT}`

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze()
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
}

/** An order's status, read from the end-to-end server's database (read-only). */
function orderStatus(orderNumber: string): string {
  const db = new SQLite(`.cache/e2e-${PORT}/shop.db`, { readonly: true, fileMustExist: true })
  try {
    const row = db
      .prepare('select status from orders where order_number = ?')
      .get(Number(orderNumber.replace('FS-', ''))) as { status: string } | undefined
    return row?.status ?? 'missing'
  } finally {
    db.close()
  }
}

type Checkout = { product: string; quantity?: number; method: RegExp }

/** A new customer in their own browser context checks out with offline payment. */
async function customerOrder(browser: Browser, label: string, item: Checkout) {
  const context = await browser.newContext()
  const page = await context.newPage()
  const email = uniqueEmail(label)
  await signUp(page, { email, firstName: 'Ann', lastName: 'Lee' })
  await addToCart(page, { product: item.product, quantity: item.quantity })
  await page.goto('/checkout')
  const form = page.locator('form', {
    has: page.getByRole('button', { name: 'Continue to Payment' }),
  })
  await form.getByLabel('Phone').fill('208-555-0142')
  await form.getByRole('radio', { name: item.method }).check()
  // Pickup asks for no address (its fields are hidden).
  if (!item.method.test('Pickup')) {
    await form.getByLabel('Street address').fill('12 Meadow Lane')
    await form.getByLabel('City').fill('Boise')
    await form.getByLabel('State').selectOption('ID')
    await form.getByLabel('ZIP code').fill('83702')
  }
  await page.getByRole('button', { name: 'Continue to Payment' }).click()
  await page.getByRole('button', { name: 'Review Order' }).click()
  await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check()
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/)
  const orderId = page.url().split('/').at(-1) ?? ''
  const heading = await page.getByRole('heading', { name: /^Order FS-\d+$/ }).textContent()
  const number = heading?.replace('Order ', '') ?? ''
  return { page, context, email, number, orderId }
}

async function adminPage(browser: Browser) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signInAsNewAdmin(page)
  return page
}

async function findOrderByEmail(admin: Page, email: string, number: string) {
  await admin.goto('/admin/orders')
  await admin.getByRole('searchbox', { name: 'Search' }).fill(email)
  await admin.getByRole('button', { name: 'Search' }).click()
  await expect(admin).toHaveURL(/[?&]q=/)
  const table = admin.getByRole('table', { name: 'Orders, newest first' })
  await expect(table.getByRole('row')).toHaveCount(2)
  await expect(table).toContainText(email)
  await table.getByRole('link', { name: number }).click()
  await expect(admin.getByRole('heading', { name: `Order ${number}`, level: 1 })).toBeVisible()
}

async function step(admin: Page, button: string, statusLabel: string) {
  await admin.getByRole('button', { name: button }).click()
  await expect(admin.getByRole('status')).toContainText(`Order marked as ${statusLabel}.`)
  await expect(admin.getByText(`This order is ${statusLabel}.`)).toBeVisible()
}

test('an admin finds an order by email and ships it; the customer is emailed the tracking number', async ({
  browser,
}) => {
  // Two browsers, a checkout and five steps on two shared cores.
  test.setTimeout(120_000)
  const customer = await customerOrder(browser, 'ship', {
    product: 'Wildflower Honey',
    quantity: 2,
    method: /^Standard Shipping/,
  })
  const admin = await adminPage(browser)
  await findOrderByEmail(admin, customer.email, customer.number)
  await expectNoAxeViolations(admin)

  await expect(
    admin.getByRole('table', { name: `Items in order ${customer.number}` }),
  ).toContainText('Wildflower Honey')
  await expect(admin.getByText('12 Meadow Lane')).toBeVisible()
  // Only the allowed next steps are offered.
  await expect(admin.getByRole('button', { name: 'Mark as Paid' })).toBeVisible()
  await expect(admin.getByRole('button', { name: 'Mark as Shipped' })).toHaveCount(0)

  await step(admin, 'Mark as Paid', 'Paid')
  const paid = await waitForMail(customer.email, /^Payment received for order/)
  expect(paid.subject).toContain(customer.number)
  await step(admin, 'Start Processing', 'Processing')
  await expect(admin.getByRole('button', { name: 'Mark Ready for Pickup' })).toHaveCount(0)

  // The shipping form checks its fields, keeping what was typed.
  await admin.getByLabel('Carrier').fill('USPS')
  await admin.getByRole('button', { name: 'Mark as Shipped' }).click()
  await expect(admin.getByText('Enter the tracking number.')).toBeVisible()
  await expect(admin.getByLabel('Carrier')).toHaveValue('USPS')
  await expectNoAxeViolations(admin)
  await admin.getByLabel('Tracking number').fill('9400 1118 9922 3100 0123 45')
  await step(admin, 'Mark as Shipped', 'Shipped')
  await expect(admin.getByText('USPS: 9400 1118 9922 3100 0123 45')).toBeVisible()
  await expect(admin.getByText('Processing → Shipped')).toBeVisible()

  const shipped = await waitForMail(customer.email, /has shipped$/)
  expect(shipped.subject).toBe(`Order ${customer.number} has shipped`)
  expect(shipped.text).toContain('Carrier: USPS')
  expect(shipped.text).toContain('Tracking number: 9400 1118 9922 3100 0123 45')

  // The customer sees the tracking number on their own order page.
  await customer.page.goto(`/account/orders/${customer.orderId}`)
  await expect(customer.page.getByText('9400 1118 9922 3100 0123 45')).toBeVisible()
  await expect(customer.page.getByText('Shipped', { exact: true })).toBeVisible()

  await step(admin, 'Mark as Completed', 'Completed')
  await waitForMail(customer.email, /is complete$/)
  await expect(admin.getByText('Nothing more to do.')).toBeVisible()
  await customer.context.close()
})

test('pay at pickup: packed while unpaid, then collected and paid in one step', async ({
  browser,
}) => {
  // A customer's whole checkout and an admin's session before the steps: a minute under load.
  test.setTimeout(120_000)
  const customer = await customerOrder(browser, 'pay-at-pickup', {
    product: 'Pasture-Raised Eggs',
    method: /^Pickup$/,
  })
  const admin = await adminPage(browser)
  await admin.goto(`/admin/orders/${customer.orderId}`)
  await expect(admin.getByText('This order is Pending Payment.')).toBeVisible()
  await step(admin, 'Mark Ready for Pickup', 'Ready for Pickup')
  const ready = await waitForMail(customer.email, /is ready for pickup$/)
  expect(ready.text).toMatch(/Please bring \$\d+\.\d\d; we take cash or card at pickup\./)
  expect(ready.text).not.toContain('received your payment')
  await expect(admin.getByRole('button', { name: 'Mark as Completed' })).toHaveCount(0)
  await step(admin, 'Collected and paid', 'Completed')
  const done = await waitForMail(customer.email, /is complete$/)
  expect(done.text).toContain('We have received your payment')
  expect(
    (await listMail()).filter(
      (mail) => mail.to.includes(customer.email) && /^Payment received/.test(mail.subject),
    ),
  ).toHaveLength(0)
  await customer.context.close()
})

test('a pickup order is made ready for pickup and the customer is told', async ({ browser }) => {
  const customer = await customerOrder(browser, 'pickup', {
    product: 'Chuck Roast',
    method: /^Pickup$/,
  })
  const admin = await adminPage(browser)
  await admin.goto(`/admin/orders/${customer.orderId}`)
  await step(admin, 'Mark as Paid', 'Paid')
  await step(admin, 'Start Processing', 'Processing')
  await expect(admin.getByRole('button', { name: 'Mark as Shipped' })).toHaveCount(0)
  await step(admin, 'Mark Ready for Pickup', 'Ready for Pickup')
  const mail = await waitForMail(customer.email, /is ready for pickup$/)
  expect(mail.subject).toBe(`Order ${customer.number} is ready for pickup`)
  await customer.context.close()
})

test('cancelling asks first and returns the stock once; a second cancel changes nothing', async ({
  browser,
}) => {
  const before = demoStock('Wildflower Honey')
  const customer = await customerOrder(browser, 'cancel', {
    product: 'Wildflower Honey',
    quantity: 3,
    method: /^Standard Shipping/,
  })
  expect(demoStock('Wildflower Honey')).toBe(before - 3)

  const admin = await adminPage(browser)
  await admin.goto(`/admin/orders/${customer.orderId}`)
  await admin.getByRole('button', { name: 'Cancel Order' }).click()
  const dialog = admin.getByRole('alertdialog', { name: `Cancel order ${customer.number}?` })
  await expect(dialog).toBeVisible()
  // "Cancel" keeps the order.
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click()
  await expect(dialog).toBeHidden()
  expect(orderStatus(customer.number)).toBe('pending_payment')

  await admin.getByRole('button', { name: 'Cancel Order' }).click()
  await dialog.getByRole('button', { name: 'Yes, Cancel Order' }).click()
  await expect(admin.getByRole('status')).toContainText('Order marked as Cancelled.')
  await expect(admin.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0)
  expect(demoStock('Wildflower Honey')).toBe(before)
  await waitForMail(customer.email, /has been cancelled$/)

  // A second admin with the old page open: told what happened, the stock stays put.
  const again = await admin.request.post(`/admin/orders/${customer.orderId}`, {
    form: { intent: 'cancelled', from: 'pending_payment' },
    headers: { Origin: ORIGIN },
  })
  expect(again.status()).toBe(409)
  expect(demoStock('Wildflower Honey')).toBe(before)

  // The list's status filter finds it.
  await admin.goto('/admin/orders?status=cancelled')
  await expect(admin.getByRole('link', { name: customer.number })).toBeVisible()
  await customer.context.close()
})

test('the packing slip lists the items; the CSV has the order; the list filters by status', async ({
  browser,
}) => {
  const customer = await customerOrder(browser, 'slip', {
    product: 'Peppered Beef Jerky',
    quantity: 2,
    method: /^Express Shipping/,
  })
  const admin = await adminPage(browser)
  await admin.goto(`/admin/orders/${customer.orderId}`)
  await admin.getByRole('link', { name: 'Packing Slip' }).click()
  await expect(admin.getByRole('heading', { name: 'Packing Slip', level: 1 })).toBeVisible()
  await expect(admin.getByText(`Order ${customer.number}`, { exact: true })).toBeVisible()
  const items = admin.getByRole('table', { name: `Items in order ${customer.number}` })
  await expect(
    items.getByRole('row', { name: /Peppered Beef Jerky 2 × \$\d+\.\d\d \/ bag 2/ }),
  ).toBeVisible()
  await expect(admin.getByText('Sawtooth Meadows Farm').first()).toBeVisible()
  await expect(admin.getByText(/^Express Shipping/)).toBeVisible()
  await expect(admin.getByRole('button', { name: 'Print' })).toBeVisible()
  await expectNoAxeViolations(admin)

  // The CSV link keeps the search; the file has the row.
  await admin.goto(`/admin/orders?q=${encodeURIComponent(customer.email)}`)
  await expectNoAxeViolations(admin)
  const link = admin.getByRole('link', { name: 'Download CSV' })
  await expect(link).toHaveAttribute(
    'href',
    `/admin/orders.csv?q=${encodeURIComponent(customer.email)}`,
  )
  const [download] = await Promise.all([admin.waitForEvent('download'), link.click()])
  const csv = await (await download.createReadStream()).toArray()
  const text = Buffer.concat(csv).toString('utf8')
  expect(text.split('\r\n')[0]).toMatch(/^Order number,Date,Status,Customer,Email/)
  expect(text).toContain(`${customer.number},`)
  expect(text).toContain(customer.email)

  // Status filter: a GET form, so the URL says it.
  await admin.getByLabel('Status').selectOption('shipped')
  await admin.getByRole('button', { name: 'Search' }).click()
  await expect(admin).toHaveURL(/status=shipped/)
  await expect(admin.getByText('No orders match this search.')).toBeVisible()
  await customer.context.close()
})

test('the dashboard shows sales, waiting orders, stock, waiting list and messages with links', async ({
  browser,
}) => {
  const admin = await adminPage(browser)
  await admin.goto('/admin')
  await expect(admin.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible()
  for (const name of [
    'Sales',
    'Orders Waiting for Action',
    'Out of Stock',
    'Low Stock',
    'Waiting List Demand',
    'Messages',
  ]) {
    await expect(admin.getByRole('heading', { name, level: 2 })).toBeVisible()
  }
  await expect(admin.getByText('not cancelled', { exact: false })).toBeVisible()
  await expect(admin.getByRole('link', { name: 'Pending Payment' })).toHaveAttribute(
    'href',
    '/admin/orders?status=pending_payment',
  )
  await expect(admin.getByRole('link', { name: /unread message/ })).toHaveAttribute(
    'href',
    '/admin/messages?status=unread',
  )
  await expect(admin.getByRole('link', { name: 'See the whole waiting list' })).toHaveAttribute(
    'href',
    '/admin/waiting-list',
  )
  await expectNoAxeViolations(admin)
  await admin.getByRole('link', { name: 'Paid', exact: true }).click()
  await expect(admin).toHaveURL(/\/admin\/orders\?status=paid$/)
  await expect(admin.getByLabel('Status')).toHaveValue('paid')
})

test('a customer is sent home from the admin orders and a forged status change is refused', async ({
  browser,
}) => {
  const customer = await customerOrder(browser, 'forger', {
    product: 'Huckleberry Jam',
    method: /^Pickup$/,
  })
  const page = customer.page
  for (const path of [
    '/admin',
    '/admin/orders',
    `/admin/orders/${customer.orderId}`,
    `/admin/orders/${customer.orderId}/packing-slip`,
  ]) {
    await page.goto(path)
    await expect(page).toHaveURL(`${ORIGIN}/`)
  }
  const csv = await page.request.get('/admin/orders.csv', { maxRedirects: 0 })
  expect(csv.status()).toBe(302)
  const forged = await page.request.post(`/admin/orders/${customer.orderId}`, {
    form: { intent: 'cancelled', from: 'pending_payment' },
    headers: { Origin: ORIGIN },
  })
  expect(forged.status()).toBe(403)
  expect(orderStatus(customer.number)).toBe('pending_payment')
  await customer.context.close()
})
