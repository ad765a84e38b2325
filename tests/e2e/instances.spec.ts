import { type Browser, expect, type Page, test } from '@playwright/test'
import type pg from 'pg'
import { startTestSmtpServer, type TestSmtpServer } from '../setup/smtp'
import { placePickupOrder } from './support/checkout'
import {
  createPostgresDatabase,
  type Running,
  startServer,
  stopServer,
} from './support/server-process'
import { createAdmin, PASSWORD, signIn, signUp, uniqueEmail } from './support/users'

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
  await placePickupOrder(page, b.url)
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

test("a change to the farm's details shows on both instances at once", async () => {
  const admin = database?.client as pg.Client
  const shows = async (server: Running, name: string) =>
    (await (await fetch(`${server.url}/about`)).text()).includes(`>${name}<`)
  const before = await admin.query<{ name: string }>('select name from farm_info where id = 1')
  const original = before.rows[0]?.name ?? ''
  // Each instance keeps the farm's details between requests (ADR 16): both have read them.
  expect(await shows(a, original)).toBe(true)
  expect(await shows(b, original)).toBe(true)
  const renamed = `Renamed Meadows ${Date.now()}`
  try {
    // Written as someone in psql would: no instance hears of it but by the database's notice.
    await admin.query('update farm_info set name = $1 where id = 1', [renamed])
    await expect.poll(() => shows(a, renamed), { timeout: 2000, intervals: [20] }).toBe(true)
    await expect.poll(() => shows(b, renamed), { timeout: 2000, intervals: [20] }).toBe(true)
  } finally {
    await admin.query('update farm_info set name = $1 where id = 1', [original])
  }
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

test('a restock from both instances at once notifies each waiting customer once', async ({
  browser,
}) => {
  const client = database?.client as pg.Client
  const adminEmail = uniqueEmail('instances-admin')
  createAdmin(database?.url ?? '', adminEmail)
  const page = await newPage(browser, a.url)
  await signIn(page, adminEmail)
  await page.waitForURL((url) => !url.pathname.startsWith('/signin'))

  // A sold-out product with three customers waiting, two of whom asked for an email.
  const name = `Restock Across ${Date.now()}`
  const productId = crypto.randomUUID()
  await client.query(
    `insert into products (id, name, description, category, price_cents, unit, stock_quantity)
     values ($1, $2, 'Test', 'Pantry', 900, 'each', 0)`,
    [productId, name],
  )
  const waiters = Array.from({ length: 3 }, (_, n) => ({
    id: crypto.randomUUID(),
    email: uniqueEmail(`waiter-${n}`),
    notify: n < 2,
  }))
  for (const waiter of waiters) {
    await client.query(
      `insert into customers (id, name, email, first_name, last_name) values ($1, 'W W', $2, 'W', 'W')`,
      [waiter.id, waiter.email],
    )
    await client.query(
      `insert into waiting_list (id, customer_id, product_id, quantity, notify_by_email)
       values ($1, $2, $3, 1, $4)`,
      [crypto.randomUUID(), waiter.id, productId, waiter.notify],
    )
  }

  const restock = (server: Running, stock: number) =>
    page.request.post(`${server.url}/admin/products`, {
      form: { intent: 'set-stock', productId, stock: String(stock) },
      headers: { Origin: server.url },
    })
  const answers = await Promise.all([restock(a, 5), restock(b, 7)])
  for (const answer of answers) expect(answer.status()).toBe(200)

  for (const waiter of waiters.filter((w) => w.notify)) {
    await expect
      .poll(() => smtp.messages.filter((m) => m.envelope.to.includes(waiter.email)).length, {
        timeout: 30_000,
      })
      .toBe(1)
  }
  await new Promise((resolve) => setTimeout(resolve, 1000))
  for (const waiter of waiters) {
    const copies = smtp.messages.filter((m) => m.envelope.to.includes(waiter.email))
    expect(copies, waiter.email).toHaveLength(waiter.notify ? 1 : 0)
  }
  const statuses = await client.query<{ status: string; notify_by_email: boolean }>(
    'select status, notify_by_email from waiting_list where product_id = $1',
    [productId],
  )
  for (const row of statuses.rows)
    expect(row.status).toBe(row.notify_by_email ? 'notified' : 'waiting')
})
