import { expectNoAxeViolations } from './support/axe'
import { placePickupOrder } from './support/checkout'
import { expect, type PrivateServer, test } from './support/private-server'
import { addShareToCart } from './support/shares'
import { orderSummary, summaryValue } from './support/summary'
import { signUp, uniqueEmail } from './support/users'

// Issue 32 item 4 on a fresh demo database: a quarter share of Steer #14 is collected on the
// animal's pickup date at the farm (its own window), not on a weekly pickup day. Checkout offers
// that date alone, a share with other items is refused with the reason, and This week shows the
// share on the animal's date under "Beef shares" and in no pack list.

const SHARE_ALONE = /A beef share is collected on its animal’s pickup date/

test.use({ privateServerEnv: { E2E_PRIVATE_SERVER_FOR: 'share-pickup.spec' } })
test.describe.configure({ mode: 'serial' })

function animalPickupDate(server: PrivateServer): string {
  const animal = server.queryOne<{ pickup_date: string }>(
    "select pickup_date from animals where name = 'Steer #14'",
  )
  if (!animal) throw new Error('no demo animal')
  return animal.pickup_date
}

test('a quarter share is collected on the animal’s date, listed under Beef shares', async ({
  page,
  browser,
  privateServer,
}) => {
  test.setTimeout(90_000)
  const pickupDate = animalPickupDate(privateServer)
  await signUp(page, { email: uniqueEmail('share-pickup'), firstName: 'Cora' })
  await addShareToCart(page, privateServer, 'Quarter Share')

  // The cart prices it the way checkout will: Pickup, never shipped nor delivered.
  await page.goto('/cart')
  await expect(summaryValue(page, 'Pickup')).toHaveText('Free')
  await expect(summaryValue(page, 'Shipping')).toHaveCount(0)
  await expect(orderSummary(page)).not.toContainText('qualify for free shipping')
  await expect(orderSummary(page)).not.toContainText('local delivery')
  await expect(orderSummary(page)).toContainText(
    'A beef share is picked up on its animal’s pickup date, so it cannot be shipped or delivered.',
  )
  const cartTotal = await summaryValue(page, 'Total').textContent()

  // Checkout offers the animal's date alone (weeks ahead), at the farm; no delivery, no parcel.
  await page.goto('/checkout')
  await page.getByRole('radio', { name: 'Pickup', exact: true }).check()
  const times = page.locator('input[type="radio"][name="slot"]')
  await expect(times).toHaveCount(1)
  await expect(times.first()).toHaveValue(new RegExp(`:${pickupDate}$`))
  await expect(times.first()).toBeChecked()
  await expect(page.getByRole('radio', { name: 'Local delivery' })).toHaveCount(0)
  await expect(page.getByRole('radio', { name: /Standard/ })).toBeDisabled()
  await expect(page.locator('#no-shipping-note')).toHaveText(
    'A beef share is picked up on its animal’s pickup date, so it cannot be shipped or delivered.',
  )
  await expect(summaryValue(page, 'Pickup')).toHaveText('Free')
  await expect(summaryValue(page, 'Total')).toHaveText(cartTotal ?? '')
  await expectNoAxeViolations(page)
  const orderId = await placePickupOrder(page)
  const order = privateServer.queryOne<{ order_number: number; fulfilment_date: string }>(
    'select order_number, fulfilment_date from orders where id = ?',
    orderId,
  )
  expect(order?.fulfilment_date).toBe(pickupDate)

  // This week on the animal's date: the share under Beef shares, nothing to pick or pack.
  const adminContext = await browser.newContext({ baseURL: privateServer.url })
  const admin = await adminContext.newPage()
  await privateServer.signInAsNewAdmin(admin)
  await admin.goto(`/admin/fulfilment?day=${pickupDate}`)
  const shares = admin.locator('section', {
    has: admin.getByRole('heading', { name: 'Beef shares', level: 2 }),
  })
  await expect(shares.getByRole('heading', { name: /Steer #14: pickup at/ })).toBeVisible()
  const row = shares.getByRole('row', { name: /Cora/ })
  await expect(row).toContainText(`FS-${order?.order_number}`)
  await expect(row).toContainText('Quarter')
  // Paid at pickup: the deposit and its tax are collected with the share.
  await expect(row).toContainText('To collect: $318.00')
  await expect(row).toContainText('Not yet')
  await expect(row).toContainText('After weighing')
  const packList = admin.locator('section', {
    has: admin.getByRole('heading', { name: 'Pack list', level: 2 }),
  })
  await expect(packList).not.toContainText(`FS-${order?.order_number}`)
  await expect(packList).toContainText('No orders to pack')
  await expect(
    admin
      .locator('section', { has: admin.getByRole('heading', { name: 'Pick list', level: 2 }) })
      .getByText('Nothing to pick'),
  ).toBeVisible()
  await expectNoAxeViolations(admin)

  // No weekly pickup day lists it: the first day This week opens on is a weekly one.
  await admin.goto('/admin/fulfilment')
  await expect(admin.getByRole('main')).not.toContainText(`FS-${order?.order_number}`)
  await adminContext.close()
})

test('a share with other items is refused at checkout, saying why', async ({
  page,
  privateServer,
}) => {
  await signUp(page, { email: uniqueEmail('share-mixed'), firstName: 'Dee' })
  await addShareToCart(page, privateServer, 'Quarter Share')
  await privateServer.addToCart(page, 'Wildflower Honey')
  // The cart says so before checkout, in the same words, beside the way to checkout.
  await page.goto('/cart')
  await expect(page.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAccessibleDescription(
    SHARE_ALONE,
  )
  await expect(orderSummary(page).getByText(SHARE_ALONE)).toBeVisible()
  await page.goto('/checkout')
  await page.getByLabel('Phone').fill('208-555-0142')
  await page.getByRole('radio', { name: 'Pickup', exact: true }).check()
  await page.getByRole('button', { name: 'Continue to Payment' }).click()
  await expect(page.getByText(SHARE_ALONE)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Review Order' })).toHaveCount(0)
})
