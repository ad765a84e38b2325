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
