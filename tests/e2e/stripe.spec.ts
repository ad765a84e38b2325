import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import SQLite from 'better-sqlite3'
import { type StripeStandIn, startStripeStandIn } from '../support/stripe-stand-in'
import { PASSWORD, uniqueEmail } from './support/users'

// Card payment end to end: a production server of its own with Stripe configured and pointed
// at a local stand-in for Stripe's API and hosted page (no account, no network). The stand-in
// signs its events with the stripe package's own test-header helper.

const WEBHOOK_SECRET = 'whsec_test'
let standIn: StripeStandIn
let server: { url: string; process: ChildProcess; exited: Promise<number | null>; db: string }

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address() as net.AddressInfo
      probe.close(() => resolve(address.port))
    })
  })
}

test.beforeAll(async () => {
  standIn = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET })
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const db = path.join(mkdtempSync(path.join(tmpdir(), 'farm-stripe-')), 'shop.db')
  const child = spawn(process.execPath, ['build/host/server.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      BASE_URL: url,
      DATABASE_URL: `file:${db}`,
      LOG_LEVEL: 'warn',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: standIn.apiBase,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
  const started = Date.now()
  for (;;) {
    if (child.exitCode !== null) throw new Error('the Stripe test server exited')
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    if (Date.now() - started > 20_000) throw new Error('the Stripe test server is not ready')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  standIn.webhookUrl = `${url}/api/stripe/webhook`
  server = { url, process: child, exited, db }
})

test.afterAll(async () => {
  server?.process.kill('SIGTERM')
  await server?.exited
  await standIn?.close()
})

function read<T>(sql: string, ...params: string[]): T {
  const db = new SQLite(server.db, { readonly: true, fileMustExist: true })
  try {
    return db.prepare(sql).get(...params) as T
  } finally {
    db.close()
  }
}

const jamStock = () =>
  read<{ stock_quantity: number }>(
    "select stock_quantity from products where name = 'Huckleberry Jam'",
  ).stock_quantity

/** Signs up, puts 2 jars of jam in the cart and walks the checkout paying by card. */
async function checkoutByCard(page: Page) {
  const { url } = server
  await page.goto(`${url}/signup`)
  await page.getByLabel('First name').fill('Ann')
  await page.getByLabel('Last name').fill('Lee')
  await page.getByLabel('Email').fill(uniqueEmail('stripe'))
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirm password').fill(PASSWORD)
  await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check()
  await page.getByRole('button', { name: 'Create Account' }).click()
  await page.waitForURL('**/account/profile')
  const { id } = read<{ id: string }>("select id from products where name = 'Huckleberry Jam'")
  const added = await page.request.post(`${url}/cart`, {
    form: { intent: 'add', productId: id, quantity: '2' },
    headers: { Origin: url },
  })
  expect(added.ok()).toBe(true)

  await page.goto(`${url}/checkout`)
  await page.getByLabel('Phone').fill('208-555-0142')
  await page.getByLabel('Street address').fill('12 Meadow Lane')
  await page.getByLabel('City').fill('Boise')
  await page.getByLabel('State').selectOption('ID')
  await page.getByLabel('ZIP code').fill('83702')
  await page.getByRole('button', { name: 'Continue to Payment' }).click()
  await page.getByRole('radio', { name: 'Credit or debit card (Stripe)' }).check()
  // D7: no card field on our pages, ever.
  await expect(page.getByLabel(/card number|expiry|cvv|cvc/i)).toHaveCount(0)
  await page.getByRole('button', { name: 'Review Order' }).click()
  await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check()
  await page.getByRole('button', { name: 'Place Order' }).click()
  await page.waitForURL(`${standIn.apiBase}/pay/**`)
  const sessionId = new URL(page.url()).pathname.split('/').pop() ?? ''
  const session = standIn.sessions.get(sessionId)
  if (!session) throw new Error('the stand-in has no such session')
  return session
}

const orderStatus = (orderId: string) =>
  read<{ status: string; payment_status: string }>(
    'select status, payment_status from orders where id = ?',
    orderId,
  )

test('pay by card on the hosted page, come back to a paid order', async ({ page }) => {
  const before = jamStock()
  const session = await checkoutByCard(page)
  // 2 x $11.00 + $5.99 shipping + 6 % tax
  expect(session.amountTotal).toBe(2931)
  expect(jamStock()).toBe(before - 2)
  await page.getByRole('button', { name: 'Pay' }).click()
  await expect(page).toHaveURL(`${server.url}/order-confirmation/${session.orderId}`)
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible()
  await expect(page.getByText('Status: Paid')).toBeVisible()

  // The same event delivered again: still one change, answered 200.
  const again = await standIn.sendEvent('checkout.session.completed', session.id)
  expect(again.status).toBe(200)
  expect(orderStatus(session.orderId)).toEqual({ status: 'paid', payment_status: 'paid' })
  expect(jamStock()).toBe(before - 2)
})

test('an expired session cancels the order and returns its stock once', async ({ page }) => {
  const before = jamStock()
  const session = await checkoutByCard(page)
  expect(jamStock()).toBe(before - 2)
  for (let i = 0; i < 2; i++) {
    const answer = await standIn.sendEvent('checkout.session.expired', session.id)
    expect(answer.status).toBe(200)
  }
  expect(orderStatus(session.orderId)).toEqual({ status: 'cancelled', payment_status: 'expired' })
  expect(jamStock()).toBe(before)
  // A completion arriving after the expiry does not bring the order back.
  await standIn.sendEvent('checkout.session.completed', session.id)
  expect(orderStatus(session.orderId).status).toBe('cancelled')

  // A forged event is refused.
  const { payload } = standIn.signedEvent('checkout.session.completed', session.id)
  const forged = await fetch(standIn.webhookUrl, {
    method: 'POST',
    headers: { 'Stripe-Signature': 't=1,v1=deadbeef', 'Content-Type': 'application/json' },
    body: payload,
  })
  expect(forged.status).toBe(400)
})

// Subscriptions paid by card (ADR 32). The subscription is written here as placeOrder writes
// it for a subscribed cart line ('pending', first_order_id = the order), so this spec needs
// nothing from the storefront's subscribe form.

function write(sql: string, ...params: (string | number | null)[]) {
  const db = new SQLite(server.db)
  try {
    db.prepare(sql).run(...params)
  } finally {
    db.close()
  }
}

/** A day two weeks or more ahead on the window's weekday: its cut-off is far off. */
function futureDay(weekday: number): string {
  const day = new Date(Date.now() + 14 * 24 * 60 * 60 * 1000)
  while (day.getUTCDay() !== weekday) day.setUTCDate(day.getUTCDate() + 1)
  return day.toISOString().slice(0, 10)
}

/** A card subscription of the order's customer, for 1 jar of jam, as checkout writes it. */
function insertSubscription(orderId: string, status: 'pending' | 'active'): string {
  const order = read<{ customer_id: string; email: string }>(
    'select customer_id, email from orders where id = ?',
    orderId,
  )
  const window = read<{ id: string; weekday: number }>(
    'select id, weekday from fulfilment_windows where place_id is not null and weekday is not null order by weekday limit 1',
  )
  const { id: productId } = read<{ id: string }>(
    "select id from products where name = 'Huckleberry Jam'",
  )
  const id = crypto.randomUUID()
  write(
    `insert into subscriptions (id, customer_id, status, frequency, window_id, shipping_method,
       next_date, payment_method, email, phone, first_name, last_name, first_order_id,
       stripe_payment_method_id)
     values (?, ?, ?, 'weekly', ?, 'pickup', ?, 'stripe', ?, '208-555-0142', 'Ann', 'Lee', ?, ?)`,
    id,
    order.customer_id,
    status,
    window.id,
    futureDay(window.weekday),
    order.email,
    status === 'pending' ? orderId : null,
    status === 'pending' ? null : 'pm_test_old',
  )
  write(
    'insert into subscription_items (id, subscription_id, product_id, quantity) values (?, ?, ?, 1)',
    crypto.randomUUID(),
    id,
    productId,
  )
  return id
}

const subscriptionCard = (id: string) =>
  read<{
    status: string
    stripe_customer_id: string | null
    stripe_payment_method_id: string | null
  }>(
    'select status, stripe_customer_id, stripe_payment_method_id from subscriptions where id = ?',
    id,
  )

test('a first order of a card subscription, paid on the hosted page, saves the card and activates it', async ({
  page,
}) => {
  const first = await checkoutByCard(page)
  const subscriptionId = insertSubscription(first.orderId, 'pending')

  // The order's pay page (the same Checkout Session as the checkout's, now saving the card).
  await page.goto(`${server.url}/account/orders/${first.orderId}/pay`)
  await expect(page.getByRole('heading', { name: /^Pay for Order FS-/ })).toBeVisible()
  await page.getByRole('button', { name: 'Pay Now' }).click()
  await page.waitForURL(`${standIn.apiBase}/pay/**`)
  const session = standIn.sessions.get(new URL(page.url()).pathname.split('/').pop() ?? '')
  expect(session?.orderId).toBe(first.orderId)
  expect(session?.params.get('customer_creation')).toBe('always')
  expect(session?.params.get('payment_intent_data[setup_future_usage]')).toBe('off_session')
  expect(subscriptionCard(subscriptionId).status).toBe('pending')

  await page.getByRole('button', { name: 'Pay' }).click()
  await expect(page).toHaveURL(`${server.url}/order-confirmation/${first.orderId}`)
  await expect(page.getByText('Status: Paid')).toBeVisible()
  const intent = standIn.paymentIntents.get(session?.paymentIntentId ?? '')
  expect(subscriptionCard(subscriptionId)).toEqual({
    status: 'active',
    stripe_customer_id: session?.customer,
    stripe_payment_method_id: intent?.paymentMethod,
  })
  expect(intent?.paymentMethod).toMatch(/^pm_test_/)

  // Paid now: its pay page has nothing left to pay.
  await page.goto(`${server.url}/account/orders/${first.orderId}/pay`)
  await expect(page.getByText('This order is paid. Thank you!')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0)

  // A later box whose card charge failed (the charge step's state, written here): the link
  // in its email pays it on the hosted page, and its cycle is paid with it.
  const box = insertFailedBox(first.orderId, subscriptionId)
  await page.goto(`${server.url}/account/orders/${box.orderId}/pay`)
  await page.getByRole('button', { name: 'Pay Now' }).click()
  await page.waitForURL(`${standIn.apiBase}/pay/**`)
  await page.getByRole('button', { name: 'Pay' }).click()
  await expect(page).toHaveURL(`${server.url}/order-confirmation/${box.orderId}`)
  expect(orderStatus(box.orderId)).toEqual({ status: 'paid', payment_status: 'paid' })
  expect(
    read<{ charge_status: string }>(
      'select charge_status from subscription_cycles where id = ?',
      box.cycleId,
    ).charge_status,
  ).toBe('paid')
})

/** A copy of the order as the box of a later date, unpaid, with its failed charge. */
function insertFailedBox(orderId: string, subscriptionId: string) {
  const boxId = crypto.randomUUID()
  const cycleId = crypto.randomUUID()
  const db = new SQLite(server.db)
  try {
    db.exec('create temp table box as select * from orders where 0')
    db.prepare('insert into temp.box select * from orders where id = ?').run(orderId)
    db.prepare(
      `update temp.box set id = ?, order_number = order_number + 100000, idempotency_key = ?,
         status = 'pending_payment', payment_status = 'pending', payment_reference = null`,
    ).run(boxId, `subscription:${subscriptionId}:box`)
    db.exec('insert into orders select * from temp.box')
    db.prepare(
      `insert into subscription_cycles (id, subscription_id, date, status, order_id,
         charge_status, charge_attempts)
       values (?, ?, '2099-01-01', 'ordered', ?, 'retry_failed', 2)`,
    ).run(cycleId, subscriptionId, boxId)
  } finally {
    db.close()
  }
  return { orderId: boxId, cycleId }
}

test('Update Card saves a new card on the hosted page for the next boxes', async ({ page }) => {
  const first = await checkoutByCard(page)
  await page.getByRole('button', { name: 'Pay' }).click()
  await expect(page.getByText('Status: Paid')).toBeVisible()
  const subscriptionId = insertSubscription(first.orderId, 'active')

  await page.goto(`${server.url}/account/subscriptions/${subscriptionId}/card`)
  await page.getByRole('button', { name: 'Update Card' }).click()
  await page.waitForURL(`${standIn.apiBase}/pay/**`)
  const session = standIn.sessions.get(new URL(page.url()).pathname.split('/').pop() ?? '')
  expect(session?.mode).toBe('setup')
  await page.getByRole('button', { name: 'Save card' }).click()
  await expect(page).toHaveURL(
    `${server.url}/account/subscriptions/${subscriptionId}/card?updated=1`,
  )
  await expect(page.getByText(/Your new card is being saved/)).toBeVisible()
  const card = standIn.setupIntents.get(session?.setupIntentId ?? '')?.paymentMethod
  expect(card).toMatch(/^pm_test_/)
  expect(subscriptionCard(subscriptionId)).toEqual({
    status: 'active',
    stripe_customer_id: session?.customer,
    stripe_payment_method_id: card,
  })

  // A subscription that is not theirs (here: none at all) is not found.
  const other = await page.request.post(
    `${server.url}/account/subscriptions/${crypto.randomUUID()}/card`,
    { form: { intent: 'update-card' }, headers: { Origin: server.url }, maxRedirects: 0 },
  )
  expect(other.status()).toBe(404)
})
