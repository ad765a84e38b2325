import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import SQLite from 'better-sqlite3'
import { FILLED_SHIPPING } from '../../app/checkout/test-shipping'
import { addDays, farmDayOf, weekdayOf } from '../../app/platform/farm-clock'
import { expect, type PrivateServer, test } from './support/private-server'
import { signUp, uniqueEmail } from './support/users'

// Subscribing from the shop (issue 21, ADR 32), in the browser: the product page's "How would
// you like it?" and "How often", the cart line with the subscriber price and its own "How
// often", a checkout offering pickup and local delivery only (no shipping, no PayPal) with the
// first-box note; the same without JavaScript; and stock kept for subscribers refused to a
// one-time shopper. On a private server: the products marked subscribable here would change
// what the other specs see. Demo eggs: Dozen 7.00 (48), Half Dozen 4.00 (24); duck eggs 9.00 (3).

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

function write(server: PrivateServer, sql: string, ...params: unknown[]) {
  const db = new SQLite(server.databaseFile)
  try {
    db.prepare(sql).run(...params)
  } finally {
    db.close()
  }
}

/** Eggs offered weekly or every 2 weeks at 10 % off; the Half Dozen is one-time only. */
function eggsSubscribable(server: PrivateServer) {
  write(
    server,
    `update products set subscription_frequencies = 'weekly,biweekly', subscriber_discount_percent = 10
     where name = 'Pasture-Raised Eggs'`,
  )
  write(
    server,
    `update product_variants set subscribable = 0 where name = 'Half Dozen'
     and product_id = (select id from products where name = 'Pasture-Raised Eggs')`,
  )
  const dozen = server.queryOne<{ id: string; product_id: string }>(
    `select v.id, v.product_id from product_variants v join products p on p.id = v.product_id
     where p.name = 'Pasture-Raised Eggs' and v.name = 'Dozen'`,
  )
  if (!dozen) throw new Error('no demo eggs')
  return { productId: dozen.product_id, dozenId: dozen.id }
}

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(WCAG).analyze()
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
}

test('subscribe every 2 weeks from the product page; the cart and checkout follow', async ({
  page,
  privateServer,
}) => {
  const eggs = eggsSubscribable(privateServer)
  await signUp(page, { email: uniqueEmail('subscribe') })
  await page.goto(`/product/${eggs.productId}`)

  // The Half Dozen opens first (cheapest in stock), and it is one-time only.
  const how = page.getByRole('group', { name: 'How would you like it?' })
  await expect(how.getByRole('radio', { name: /^One time/ })).toBeChecked()
  await expect(how.getByRole('radio', { name: /^Subscribe/ })).toBeDisabled()
  await expect(how).toContainText('This option is for one-time orders only')
  await page.getByRole('button', { name: /^Dozen/ }).click()
  await expect(how.getByRole('radio', { name: /^Subscribe/ })).toBeEnabled()
  await expect(how).toContainText('save 10%')
  await expect(how).toContainText('$6.30')
  await how.getByRole('radio', { name: /^Subscribe/ }).check()
  await page
    .getByRole('group', { name: 'How often' })
    .getByRole('radio', { name: 'Every 2 weeks' })
    .check()
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(page.getByText('Added to cart as a subscription: Every 2 weeks.')).toBeVisible()

  await page.goto('/cart')
  const items = page.getByRole('region', { name: 'Items in your cart' })
  await expect(items).toContainText('Subscription: Every 2 weeks')
  await expect(items).toContainText('$6.30 / dozen')
  const summary = page.getByRole('region', { name: 'Order Summary' })
  await expect(summary).toContainText('$6.30')
  await expectNoAxeViolations(page)

  // The line's own How often: weekly, then back.
  const often = items.getByLabel('How often for Pasture-Raised Eggs, Dozen')
  await often.selectOption('weekly')
  await items
    .getByRole('button', { name: 'Update how often for Pasture-Raised Eggs, Dozen' })
    .click()
  await expect(items).toContainText('Subscription: Weekly')
  await often.selectOption('biweekly')
  await items.getByRole('button', { name: /^Update/ }).click()
  await expect(items).toContainText('Subscription: Every 2 weeks')
  expect(
    privateServer.queryOne<{ subscription_frequency: string }>(
      'select subscription_frequency from cart_lines where product_variant_id = ?',
      eggs.dozenId,
    ),
  ).toEqual({ subscription_frequency: 'biweekly' })

  await page.getByRole('link', { name: 'Proceed to Checkout' }).click()
  await expect(
    page.getByText(
      'Your first box comes on the day you choose, then every 2 weeks on that weekday. You can skip, pause or cancel in your account.',
    ),
  ).toBeVisible()
  const methods = page.getByRole('group', { name: 'How would you like to get your order?' })
  await expect(methods.getByRole('radio', { name: 'Pickup', exact: true })).toBeChecked()
  await expect(methods.getByRole('radio', { name: /Shipping/ })).toHaveCount(0)
  await expectNoAxeViolations(page)
  await page.getByLabel('Phone').fill('208-555-0142')
  await page.getByRole('button', { name: 'Continue to Payment' }).click()
  const payment = page.getByRole('group', { name: 'Payment Method' })
  await expect(payment).toBeVisible()
  await expect(payment.getByRole('radio', { name: /PayPal/ })).toHaveCount(0)

  // A forged post asking to ship the subscription is refused with the rule's words.
  const forged = await page.request.post('/checkout', {
    form: { ...FILLED_SHIPPING, intent: 'to-payment', shippingMethod: 'standard' },
    headers: { Origin: privateServer.url },
  })
  expect(forged.status()).toBe(400)
  expect(await forged.text()).toContain(
    'Subscription boxes are for pickup or local delivery. Please choose one.',
  )
})

test('a frequency the product does not offer is refused with a reason, and nothing is added', async ({
  page,
  privateServer,
}) => {
  const eggs = eggsSubscribable(privateServer)
  await page.goto('/')
  const monthly = await page.request.post('/cart', {
    form: {
      intent: 'add',
      productId: eggs.productId,
      variantId: eggs.dozenId,
      purchase: 'subscribe',
      frequency: 'monthly',
    },
    headers: { Origin: privateServer.url },
  })
  expect(monthly.status()).toBe(400)
  expect(await monthly.text()).toContain(
    'Pasture-Raised Eggs (Dozen) is not offered monthly. Please choose Weekly or Every 2 weeks.',
  )
  await page.goto('/cart')
  await expect(page.getByText('Your cart is empty')).toBeVisible()
})

test('stock kept for subscribers is not sold to a one-time shopper', async ({
  page,
  privateServer,
}) => {
  // A subscriber's box of all 3 duck eggs comes in 3 days: the scheduler's recount keeps them.
  const duck = privateServer.queryOne<{ id: string }>(
    "select id from products where name = 'Duck Eggs'",
  )
  if (!duck) throw new Error('no demo duck eggs')
  const boxDay = addDays(farmDayOf(new Date()), 3)
  const placeId = crypto.randomUUID()
  const windowId = crypto.randomUUID()
  const customerId = crypto.randomUUID()
  const subscriptionId = crypto.randomUUID()
  write(
    privateServer,
    `insert into pickup_places (id, name, address) values (?, 'Duck Pond Stand', '3 Pond Lane')`,
    placeId,
  )
  write(
    privateServer,
    `insert into fulfilment_windows (id, place_id, weekday, start_time, end_time, cutoff_hours)
     values (?, ?, ?, '15:00', '18:00', 1)`,
    windowId,
    placeId,
    weekdayOf(boxDay),
  )
  write(
    privateServer,
    `insert into customers (id, name, email, first_name, last_name) values (?, 'Dee Duck', ?, 'Dee', 'Duck')`,
    customerId,
    uniqueEmail('duck-subscriber'),
  )
  write(
    privateServer,
    `insert into subscriptions (id, customer_id, status, frequency, window_id, shipping_method,
       next_date, payment_method, email, phone, first_name, last_name, created_at, updated_at)
     values (?, ?, 'active', 'weekly', ?, 'pickup', ?, 'offline', 'dee@example.com',
       '208-555-0100', 'Dee', 'Duck', ?, ?)`,
    subscriptionId,
    customerId,
    windowId,
    boxDay,
    new Date().toISOString(),
    new Date().toISOString(),
  )
  write(
    privateServer,
    `insert into subscription_items (id, subscription_id, product_id, quantity) values (?, ?, ?, 3)`,
    crypto.randomUUID(),
    subscriptionId,
    duck.id,
  )
  write(
    privateServer,
    'update products set reserved_quantity = stock_quantity where id = ?',
    duck.id,
  )

  await page.goto(`/product/${duck.id}`)
  await expect(
    page.getByText("Sold out: what is left is kept for subscribers' boxes"),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Out of Stock' })).toBeDisabled()
  await expectNoAxeViolations(page)
  const forced = await page.request.post('/cart', {
    form: { intent: 'add', productId: duck.id, quantity: '1' },
    headers: { Origin: privateServer.url },
  })
  expect(forced.status()).toBe(409)
  expect(await forced.text()).toContain('Sorry, Duck Eggs is out of stock.')

  // One fewer in the box: one left for everyone else, and the page says why so few.
  write(
    privateServer,
    'update subscription_items set quantity = 2 where subscription_id = ?',
    subscriptionId,
  )
  write(privateServer, 'update products set reserved_quantity = 2 where id = ?', duck.id)
  await page.goto(`/product/${duck.id}`)
  await expect(
    page.getByText('1 left for one-time orders (the rest are kept for subscribers)'),
  ).toBeVisible()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('subscribe on the product page, change how often in the cart, check out locally', async ({
    page,
    privateServer,
  }) => {
    const eggs = eggsSubscribable(privateServer)
    await signUp(page, { email: uniqueEmail('subscribe-nojs') })
    await page.goto(`/product/${eggs.productId}?variant=${eggs.dozenId}`)
    await page
      .getByRole('group', { name: 'How would you like it?' })
      .getByRole('radio', { name: /^Subscribe/ })
      .check()
    await page
      .getByRole('group', { name: 'How often' })
      .getByRole('radio', { name: 'Every 2 weeks' })
      .check()
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    // The plain post comes back to the product page.
    await expect(page).toHaveURL(new RegExp(`/product/${eggs.productId}`))

    await page.goto('/cart')
    const items = page.getByRole('region', { name: 'Items in your cart' })
    await expect(items).toContainText('Subscription: Every 2 weeks')
    await expect(items).toContainText('$6.30 / dozen')
    await items.getByLabel('How often for Pasture-Raised Eggs, Dozen').selectOption('one-time')
    await items.getByRole('button', { name: /^Update/ }).click()
    await expect(items).not.toContainText('Subscription:')
    await expect(items).toContainText('$7.00 / dozen')
    await items.getByLabel('How often for Pasture-Raised Eggs, Dozen').selectOption('weekly')
    await items.getByRole('button', { name: /^Update/ }).click()
    await expect(items).toContainText('Subscription: Weekly')

    await page.goto('/checkout')
    await expect(
      page.getByText(
        'Your first box comes on the day you choose, then every week on that weekday.',
        {
          exact: false,
        },
      ),
    ).toBeVisible()
    await expect(page.getByRole('radio', { name: 'Standard Shipping' })).toHaveCount(0)
    await expect(page.getByRole('radio', { name: 'Express Shipping' })).toHaveCount(0)
  })
})
