import { type Browser, expect, type Page, test } from '@playwright/test'
import type pg from 'pg'
import { startTestSmtpServer, type TestSmtpServer } from '../setup/smtp'
import {
  createPostgresDatabase,
  type Running,
  startServer,
  stopServer,
} from './support/server-process'
import { PASSWORD, signIn, signUp, uniqueEmail } from './support/users'

// Issue 7, several instances: two app processes on one PostgreSQL database, each on its own
// port, driven alternately. Cookies belong to a host name, not a port, so one browser holds
// one session for both, as it would behind a load balancer.

test.describe.configure({ mode: 'serial' })

let database: Awaited<ReturnType<typeof createPostgresDatabase>>
let smtp: TestSmtpServer
let a: Running
let b: Running

test.beforeAll(async () => {
  test.setTimeout(120_000)
  database = await createPostgresDatabase('instances')
  if (!database) {
    if (process.env.CI) throw new Error('PostgreSQL must answer under CI')
    console.warn('PostgreSQL not reachable; skipping the several-instances tests')
    return
  }
  smtp = await startTestSmtpServer()
  const env = {
    DATABASE_URL: database.url,
    AUTH_SECRET: 'several-instances-share-one-secret-0123456789',
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'warn',
  }
  // One after the other: the first migrates and seeds the empty database.
  a = await startServer(env, { host: 'localhost' })
  b = await startServer(env, { host: 'localhost' })
})

test.afterAll(async () => {
  if (a) await stopServer(a)
  if (b) await stopServer(b)
  await smtp?.close()
  await database?.drop()
})

test.beforeEach(() => {
  test.skip(!database, 'PostgreSQL not reachable')
})

async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL })
  return context.newPage()
}

async function productId(admin: pg.Client, name: string): Promise<string> {
  const result = await admin.query<{ id: string }>('select id from products where name = $1', [
    name,
  ])
  const id = result.rows[0]?.id
  if (!id) throw new Error(`no product ${name}`)
  return id
}

test('a session made on one instance is valid on the other', async ({ browser }) => {
  const page = await newPage(browser, a.url)
  const email = uniqueEmail('two-instances')
  await signUp(page, { email, firstName: 'Ada' })
  await page.goto(`${b.url}/account/profile`)
  await expect(page).toHaveURL(`${b.url}/account/profile`)
  const account = page.getByRole('complementary', { name: 'Account' })
  await expect(account).toContainText(email)
  await page.goto(`${a.url}/account/profile`)
  await expect(account).toContainText(email)
})

test('a cart filled on one instance checks out on the other', async ({ browser }) => {
  const admin = database?.client as pg.Client
  const page = await newPage(browser, a.url)
  const email = uniqueEmail('cart-across')
  await signUp(page, { email })
  const jam = await productId(admin, 'Huckleberry Jam')
  const added = await page.request.post(`${a.url}/cart`, {
    form: { intent: 'add', productId: jam, quantity: '2' },
    headers: { Origin: a.url },
  })
  expect(added.ok()).toBe(true)

  await page.goto(`${b.url}/cart`)
  await expect(page.getByRole('heading', { name: 'Huckleberry Jam' })).toBeVisible()
  await page.goto(`${b.url}/checkout`)
  const form = page.locator('form', {
    has: page.getByRole('button', { name: 'Continue to Payment' }),
  })
  await form.getByLabel('Phone').fill('208-555-0142')
  await form.getByLabel('Street address').fill('12 Meadow Lane')
  await form.getByLabel('City').fill('Boise')
  await form.getByLabel('State').selectOption('ID')
  await form.getByLabel('ZIP code').fill('83702')
  await form.getByRole('radio', { name: /^Farm Pickup/ }).check()
  await page.getByRole('button', { name: 'Continue to Payment' }).click()
  await page.getByRole('button', { name: 'Review Order' }).click()
  await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check()
  await page.getByRole('button', { name: 'Place Order' }).click()
  await expect(page).toHaveURL(new RegExp(`^${b.url}/order-confirmation/[0-9a-f-]{36}$`))

  const orders = await admin.query<{ n: string }>(
    'select count(*) as n from orders where email = $1',
    [email],
  )
  expect(Number(orders.rows[0]?.n)).toBe(1)
  // The confirmation page of an order placed on B shows on A too.
  await page.goto(page.url().replace(b.url, a.url))
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible()
})

test('rate limits count across both instances', async ({ browser }) => {
  const page = await newPage(browser, a.url)
  const email = uniqueEmail('limited-across')
  await signUp(page, { email })
  await page.context().clearCookies()
  for (let attempt = 0; attempt < 5; attempt++) {
    const server = attempt % 2 === 0 ? a : b
    await page.goto(`${server.url}/signin`)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(`wrong-${attempt}-password`)
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(page.getByRole('alert')).toHaveText(
      'Failed to sign in. Please check your credentials and try again.',
    )
  }
  // The sixth try, even with the right password, on the instance that saw two of the five.
  await page.goto(`${b.url}/signin`)
  await signIn(page, email, PASSWORD).catch(() => undefined)
  await expect(page.getByRole('alert')).toHaveText(
    'Too many attempts. Please wait a minute and try again.',
  )
})

test('the outbox sends each email exactly once with both workers running', async () => {
  const admin = database?.client as pg.Client
  const recipients = Array.from({ length: 40 }, (_, n) => `outbox-${n}-${Date.now()}@example.com`)
  const values = recipients
    .map((_, n) => `(gen_random_uuid()::text, $${n + 1}, 'Once only', 'Hello once.')`)
    .join(', ')
  await admin.query(
    `insert into email_outbox (id, to_address, subject, text_body) values ${values}`,
    recipients,
  )
  await expect
    .poll(
      async () => {
        const result = await admin.query<{ n: string }>(
          "select count(*) as n from email_outbox where subject = 'Once only' and status = 'sent'",
        )
        return Number(result.rows[0]?.n)
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(recipients.length)
  // A moment for any duplicate that would still be on its way.
  await new Promise((resolve) => setTimeout(resolve, 1000))
  for (const to of recipients) {
    const copies = smtp.messages.filter((mail) => mail.envelope.to.includes(to))
    expect(copies, to).toHaveLength(1)
  }
})
