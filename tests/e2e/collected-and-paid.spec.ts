import { type Browser, expect, type Page, test } from '@playwright/test'
import SQLite from 'better-sqlite3'
import { expectNoAxeViolations } from './support/axe'
import { addToCart } from './support/cart'
import { placePickupOrder } from './support/checkout'
import { listMail, waitForMail } from './support/mailbox'
import { signInAsNewAdmin, signUp, uniqueEmail } from './support/users'

// Issue 32 item 7 on the demo database: a customer pays at pickup and is at the table before
// the order was marked packed. One click on "Collected and paid", from This week or from the
// order page, completes the order, records the payment and its audit row, and emails the
// customer once ("is complete", never "is ready for pickup" as well).

const PORT = process.env.E2E_PORT ?? 3100

type OrderRow = {
  order_number: number
  status: string
  payment_status: string
  fulfilment_date: string | null
  audit: number
}

/** The order as the end-to-end server's database has it (read-only). */
function orderRow(orderId: string): OrderRow {
  const db = new SQLite(`.cache/e2e-${PORT}/shop.db`, { readonly: true, fileMustExist: true })
  try {
    return db
      .prepare(
        `select order_number, status, payment_status, fulfilment_date,
           (select count(*) from audit_log where entity_id = orders.id) as audit
         from orders where id = ?`,
      )
      .get(orderId) as OrderRow
  } finally {
    db.close()
  }
}

/** A new customer orders a dozen eggs for pickup, paying at pickup. */
async function pickupOrder(browser: Browser, label: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  const email = uniqueEmail(label)
  await signUp(page, { email, firstName: 'Ann', lastName: 'Lee' })
  await addToCart(page, { product: 'Pasture-Raised Eggs' })
  const orderId = await placePickupOrder(page)
  await context.close()
  const row = orderRow(orderId)
  return { email, orderId, number: `FS-${row.order_number}`, day: row.fulfilment_date }
}

async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await signInAsNewAdmin(page)
  return page
}

/** Completed and paid with one audit row, and one email after the confirmation. */
async function expectCollectedOnce(order: { email: string; orderId: string; number: string }) {
  expect(orderRow(order.orderId)).toMatchObject({
    status: 'completed',
    payment_status: 'paid',
    audit: 1,
  })
  const done = await waitForMail(order.email, /is complete$/)
  expect(done.subject).toBe(`Order ${order.number} is complete`)
  expect(done.text).toContain('We have received your payment')
  await waitForMail(order.email, /confirmed$/)
  const aboutTheOrder = (await listMail()).filter(
    (mail) => mail.to.includes(order.email) && mail.subject.includes(order.number),
  )
  expect(aboutTheOrder.map((mail) => mail.subject).sort()).toEqual([
    `Order ${order.number} confirmed`,
    `Order ${order.number} is complete`,
  ])
}

test('This week: "Collected and paid" once, before "Mark packed", completes and records the payment', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const order = await pickupOrder(browser, 'table-this-week')
  expect(order.day).not.toBeNull()
  const admin = await adminPage(browser)
  await admin.goto(`/admin/fulfilment?day=${order.day}`)

  // Both paths are offered, each button named for its order.
  await expect(admin.getByRole('button', { name: `Mark ${order.number} packed` })).toBeVisible()
  const collect = admin.getByRole('button', { name: `Collected and paid: ${order.number}` })
  await expect(collect).toBeVisible()
  await expectNoAxeViolations(admin)

  await collect.click()
  await expect(admin.getByRole('status')).toContainText('Order handed over and closed.')
  // Done: off the day's list.
  await expect(admin.getByRole('link', { name: order.number, exact: true })).toHaveCount(0)
  await expectCollectedOnce(order)
})

test('the order page: "Collected and paid" once on an order not yet packed', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const order = await pickupOrder(browser, 'table-order-page')
  const admin = await adminPage(browser)
  await admin.goto(`/admin/orders/${order.orderId}`)
  await expect(admin.getByText('This order is Pending Payment.')).toBeVisible()
  // The two-step path stays: "Mark Ready for Pickup" is there beside it.
  await expect(admin.getByRole('button', { name: 'Mark Ready for Pickup' })).toBeVisible()
  await expectNoAxeViolations(admin)

  await admin.getByRole('button', { name: 'Collected and paid' }).click()
  await expect(admin.getByRole('status')).toContainText('Order marked as Completed.')
  await expect(admin.getByText('This order is Completed.')).toBeVisible()
  await expect(admin.getByText('Nothing more to do.')).toBeVisible()
  await expectCollectedOnce(order)
})
