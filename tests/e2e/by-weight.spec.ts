import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Browser, expect, type Page, test } from '@playwright/test'
import SQLite from 'better-sqlite3'
import { type PayPalStandIn, startPayPalStandIn } from '../support/paypal-stand-in'
import { type StripeStandIn, startStripeStandIn } from '../support/stripe-stand-in'
import { expectNoAxeViolations } from './support/axe'
import { waitForMail } from './support/mailbox'
import { adminCliOn, PASSWORD, uniqueEmail } from './support/users'

// Priced by weight (ADR 30) end to end: a shopper buys two New York strips ($24.99/lb, about
// 0.85 lb each) by card and sees the estimate and "at most"; the Stripe stand-in authorises
// the maximum; the farm weighs the two pieces on the pack list; the customer is emailed the
// final total, and the stand-in shows exactly that captured. Its own production server (with
// Stripe pointed at the stand-in, and its own mailbox), so no other spec sees its orders.
// The same with PayPal: its stand-in authorises the maximum and captures the exact amount.

const WEBHOOK_SECRET = 'whsec_weight'
// Each test signs a shopper and an admin up and runs a whole order: longer than the default.
test.describe.configure({ timeout: 120_000 })
let standIn: StripeStandIn
let payPal: PayPalStandIn
let server: {
  url: string
  process: ChildProcess
  exited: Promise<number | null>
  db: string
  mailboxPort: number
}

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
  payPal = await startPayPalStandIn()
  const port = await freePort()
  const mailboxPort = await freePort()
  const url = `http://127.0.0.1:${port}`
  const db = path.join(mkdtempSync(path.join(tmpdir(), 'farm-weight-')), 'shop.db')
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/support/app-server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      BASE_URL: url,
      DATABASE_URL: `file:${db}`,
      E2E_MAILBOX_PORT: String(mailboxPort),
      LOG_LEVEL: 'warn',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: standIn.apiBase,
      PAYPAL_CLIENT_ID: payPal.clientId,
      PAYPAL_CLIENT_SECRET: payPal.clientSecret,
      PAYPAL_API_BASE: payPal.apiBase,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
  const started = Date.now()
  for (;;) {
    if (child.exitCode !== null) throw new Error('the by-weight test server exited')
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    if (Date.now() - started > 60_000) throw new Error('the by-weight test server is not ready')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  standIn.webhookUrl = `${url}/api/stripe/webhook`
  server = { url, process: child, exited, db, mailboxPort }
})

test.afterAll(async () => {
  server?.process.kill('SIGTERM')
  await server?.exited
  await standIn?.close()
  await payPal?.close()
})

function read<T>(sql: string, ...params: string[]): T {
  const db = new SQLite(server.db, { readonly: true, fileMustExist: true })
  try {
    return db.prepare(sql).get(...params) as T
  } finally {
    db.close()
  }
}

const stripId = () =>
  read<{ id: string }>("select id from products where name = 'New York Strip Steak'").id

/** A new shopper, signed in; returns the email. */
async function signUp(page: Page): Promise<string> {
  const { url } = server
  const email = uniqueEmail('weight')
  await page.goto(`${url}/signup`)
  await page.getByLabel('First name').fill('Ann')
  await page.getByLabel('Last name').fill('Lee')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirm password').fill(PASSWORD)
  await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check()
  await page.getByRole('button', { name: 'Create Account' }).click()
  await page.waitForURL('**/account/profile')
  return email
}

async function addTwoSteaks(page: Page): Promise<void> {
  const added = await page.request.post(`${server.url}/cart`, {
    form: { intent: 'add', productId: stripId(), quantity: '2' },
    headers: { Origin: server.url },
  })
  expect(added.ok()).toBe(true)
}

/** The checkout, pickup at the farm, paid with `method`, up to leaving for its page. */
async function placePickupOrder(page: Page, method: string): Promise<void> {
  await page.goto(`${server.url}/checkout`)
  const form = page.locator('form', {
    has: page.getByRole('button', { name: 'Continue to Payment' }),
  })
  await form.getByLabel('Phone').fill('208-555-0142')
  await form.getByRole('radio', { name: 'Pickup', exact: true }).check()
  await page.getByRole('button', { name: 'Continue to Payment' }).click()
  await page.getByRole('radio', { name: method }).check()
  await page.getByRole('button', { name: 'Review Order' }).click()
  // 2 x $21.24 = $42.48 + 6 % tax; at most 4248 x 1.15 = 4885.2 -> $48.86 + $2.93 tax
  await expect(page.getByText('You pay for the exact weight; at most $51.79')).toBeVisible()
  await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check()
  await page.getByRole('button', { name: 'Place Order' }).click()
}

/** A new admin, signed in in a browser context of its own. */
async function signInAsFarm(browser: Browser): Promise<Page> {
  const { url } = server
  const adminEmail = uniqueEmail('admin')
  adminCliOn(`file:${server.db}`, 'create', '--email', adminEmail, '--password', PASSWORD)
  const farm = await (await browser.newContext()).newPage()
  await farm.goto(`${url}/signin`)
  await farm.getByLabel('Email').fill(adminEmail)
  await farm.getByLabel('Password').fill(PASSWORD)
  await farm.getByRole('button', { name: 'Sign In', exact: true }).click()
  await farm.waitForURL((where) => !where.pathname.startsWith('/signin'))
  return farm
}

/**
 * The farm weighs the two steaks (0.82 and 0.95 lb) of the order on the pack list, which says
 * how the order is paid; returns the final-total email the customer gets.
 */
async function weighOnPackList(browser: Browser, orderId: string, email: string, holdText: string) {
  const { fulfilment_date: day, order_number } = read<{
    fulfilment_date: string
    order_number: number
  }>('select fulfilment_date, order_number from orders where id = ?', orderId)
  const number = `FS-${order_number}`
  const farm = await signInAsFarm(browser)
  await farm.goto(`${server.url}/admin/fulfilment?day=${day}`)
  await expect(farm.getByText(holdText)).toBeVisible()
  const weights = farm.getByRole('group', { name: `Weights for ${number} (at most $51.79 in all)` })
  await weights.getByLabel('New York Strip Steak piece 1 weight (lb)').fill('0.82')
  await weights.getByLabel('New York Strip Steak piece 2 weight (lb)').fill('0.95')
  await expectNoAxeViolations(farm)
  await farm.getByRole('button', { name: `Save weights for ${number}` }).click()
  // 24.99 x 0.82 = 20.49; 24.99 x 0.95 = 23.74; $44.23 + $2.65 tax
  await expect(farm.getByText('All pieces weighed: the final total is $46.88.')).toBeVisible()
  await expect(weights.getByLabel('New York Strip Steak piece 2 weight (lb)')).toHaveValue('0.95')

  const mail = await waitForMail(
    email,
    new RegExp(`^Final total for order ${number}: \\$46\\.88$`),
    15_000,
    server.mailboxPort,
  )
  await farm.context().close()
  return mail
}

test('a by-weight steak: estimate, at most, card authorised, weighed, emailed, captured', async ({
  page,
  browser,
}) => {
  const { url } = server
  const email = await signUp(page)
  const strip = stripId()
  // The product page prices a piece: about 0.85 lb at $24.99/lb is $21.24.
  await page.goto(`${url}/product/${strip}`)
  await expect(page.getByTestId('price')).toHaveText('about 0.85 lb, $24.99/lb, est. $21.24')
  await expectNoAxeViolations(page)
  await addTwoSteaks(page)

  // The cart: the estimate, and what it can come to at most (standard shipping estimated).
  await page.goto(`${url}/cart`)
  await expect(page.getByText('2 pieces, about 0.85 lb each, $24.99/lb, est. $42.48')).toBeVisible()
  await expect(page.getByText(/^You pay for the exact weight; at most \$\d+\.\d\d$/)).toBeVisible()
  await expectNoAxeViolations(page)

  await placePickupOrder(page, 'Credit or debit card (Stripe)')
  await page.waitForURL(`${standIn.apiBase}/pay/**`)
  const session = standIn.sessions.get(new URL(page.url()).pathname.split('/').pop() ?? '')
  if (!session) throw new Error('the stand-in has no such session')
  expect(session.amountTotal).toBe(5179)
  expect(session.params.get('payment_intent_data[capture_method]')).toBe('manual')
  await page.getByRole('button', { name: 'Pay' }).click()
  await expect(page).toHaveURL(`${url}/order-confirmation/${session.orderId}`)
  await expect(page.getByText('You pay for the exact weight; at most $51.79')).toBeVisible()
  await expectNoAxeViolations(page)
  const intent = standIn.paymentIntents.get(session.paymentIntentId)
  expect(intent).toMatchObject({ status: 'requires_capture', amount: 5179, amountReceived: 0 })

  const mail = await weighOnPackList(browser, session.orderId, email, 'Card: charged when weighed')
  expect(mail.text).toContain('New York Strip Steak, piece 1: 0.82 lb, $20.49')
  expect(mail.text).toContain('Your card is charged $46.88')
  expect(intent).toMatchObject({
    status: 'succeeded',
    amount: 5179,
    amountReceived: 4688,
    captures: 1,
  })
})

test('a by-weight steak with PayPal: the maximum authorised, the exact amount captured', async ({
  page,
  browser,
}) => {
  const { url } = server
  const email = await signUp(page)
  await addTwoSteaks(page)
  await placePickupOrder(page, 'PayPal')
  await page.waitForURL(`${payPal.apiBase}/checkoutnow**`)
  const paypalOrder = payPal.orders.get(new URL(page.url()).searchParams.get('token') ?? '')
  if (!paypalOrder) throw new Error('the stand-in has no such order')
  expect(paypalOrder).toMatchObject({ intent: 'AUTHORIZE', value: '51.79' })
  await page.getByRole('button', { name: 'Pay Now' }).click()
  await expect(page).toHaveURL(`${url}/order-confirmation/${paypalOrder.customId}`)
  await expect(page.getByText('You pay for the exact weight; at most $51.79')).toBeVisible()
  expect(paypalOrder.authorization).toMatchObject({ status: 'CREATED', value: '51.79' })

  const mail = await weighOnPackList(
    browser,
    paypalOrder.customId,
    email,
    'PayPal: charged when weighed',
  )
  expect(mail.text).toContain('Your PayPal payment is $46.88')
  expect(paypalOrder.authorization).toMatchObject({
    status: 'CAPTURED',
    capturedValue: '46.88',
    captures: 1,
  })
})
