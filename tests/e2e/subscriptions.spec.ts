import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Browser, expect, type Page, test } from '@playwright/test'
import SQLite from 'better-sqlite3'
import { addDays, farmDayOf, weekdayOf } from '../../app/platform/farm-clock'
import { startTestSmtpServer, type TestSmtpServer } from '../setup/smtp'
import { type StripeStandIn, startStripeStandIn } from '../support/stripe-stand-in'
import {
  createPostgresDatabase,
  type Running,
  startServer,
  stopServer,
} from './support/server-process'
import { createAdmin, signIn, signUp, uniqueEmail } from './support/users'

// Issue 21's "done when", end to end on each database: subscribe paying at pickup and by card
// (the Stripe stand-in), the first order, the next box made once when two instances run the
// scheduler at the same moment (two processes on PostgreSQL; two runs at once on the one SQLite
// process), skip, pause, swap, the cut-off enforced, a declined card charge emailed with a pay
// link and retried once, and stock kept for subscribers refused to a one-time shopper. The
// servers' own schedulers are off (SUBSCRIPTION_SCHEDULER=false) so every run is the admin's
// "Run the Scheduler Now", at a moment the test chose. A box comes due by moving its window's
// cut-off a week before the box, as a farm's clock would after a week.

const WEBHOOK_SECRET = 'whsec_subscriptions'
const DATABASES = ['sqlite', 'postgres'] as const

/** What the test reads and writes in the shop's database, with `?` placeholders on both. */
type Rows = {
  all<T>(query: string, ...params: unknown[]): Promise<T[]>
  run(query: string, ...params: unknown[]): Promise<void>
  close(): Promise<void>
}

function sqliteRows(file: string): Rows {
  const open = () => new SQLite(file, { fileMustExist: true })
  return {
    async all<T>(query: string, ...params: unknown[]) {
      const db = open()
      try {
        return db.prepare(query).all(...params) as T[]
      } finally {
        db.close()
      }
    },
    async run(query, ...params) {
      const db = open()
      try {
        db.prepare(query).run(...params)
      } finally {
        db.close()
      }
    },
    async close() {},
  }
}

const numbered = (query: string) => {
  let n = 0
  return query.replaceAll('?', () => `$${++n}`)
}

for (const kind of DATABASES) {
  test.describe(`subscriptions on ${kind}`, () => {
    test.describe.configure({ mode: 'serial' })

    let standIn: StripeStandIn
    let smtp: TestSmtpServer
    let rows: Rows
    let dropDatabase: (() => Promise<void>) | undefined
    let databaseUrl = ''
    /** two instances on PostgreSQL; on SQLite both name the one process */
    let a: Running
    let b: Running
    const adminEmail = uniqueEmail('subs-admin')

    test.beforeAll(async () => {
      test.setTimeout(180_000)
      standIn = await startStripeStandIn({ webhookSecret: WEBHOOK_SECRET })
      smtp = await startTestSmtpServer()
      if (kind === 'postgres') {
        const database = await createPostgresDatabase('subscriptions')
        if (!database) throw new Error('PostgreSQL must answer for the subscription tests')
        databaseUrl = database.url
        const client = database.client
        rows = {
          all: async <T>(query: string, ...params: unknown[]) =>
            (await client.query(numbered(query), params)).rows as T[],
          run: async (query, ...params) => {
            await client.query(numbered(query), params)
          },
          close: async () => {},
        }
        dropDatabase = database.drop
      } else {
        const file = path.join(mkdtempSync(path.join(tmpdir(), 'farm-subs-')), 'shop.db')
        databaseUrl = `file:${file}`
      }
      const env = {
        DATABASE_URL: databaseUrl,
        AUTH_SECRET: 'subscriptions-share-one-secret-0123456789abcdef',
        SMTP_URL: smtp.url,
        LOG_LEVEL: 'warn',
        SUBSCRIPTION_SCHEDULER: 'false',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: standIn.apiBase,
      }
      // One after the other: the first migrates and seeds the empty database.
      a = await startServer(env, { host: 'localhost' })
      b = kind === 'postgres' ? await startServer(env, { host: 'localhost' }) : a
      if (kind === 'sqlite') rows = sqliteRows(databaseUrl.slice('file:'.length))
      standIn.webhookUrl = `http://127.0.0.1:${new URL(a.url).port}/api/stripe/webhook`
      createAdmin(databaseUrl, adminEmail)
    })

    test.afterAll(async () => {
      if (b && b !== a) await stopServer(b)
      if (a) await stopServer(a)
      await rows?.close()
      await dropDatabase?.()
      await smtp?.close()
      await standIn?.close()
    })

    async function newPage(browser: Browser, baseURL: string): Promise<Page> {
      const context = await browser.newContext({ baseURL })
      return context.newPage()
    }

    async function one<T>(query: string, ...params: unknown[]): Promise<T> {
      const [row] = await rows.all<T>(query, ...params)
      if (!row) throw new Error(`no row for ${query}`)
      return row
    }

    const productId = async (name: string) =>
      (await one<{ id: string }>('select id from products where name = ?', name)).id

    /** Subscribes the page's signed-in customer on the product page: option, Subscribe, Weekly. */
    async function subscribeOnProductPage(page: Page, product: string, option?: RegExp) {
      await page.goto(`/product/${await productId(product)}`)
      if (option) await page.getByRole('button', { name: option }).click()
      await page
        .getByRole('group', { name: 'How would you like it?' })
        .getByRole('radio', { name: /^Subscribe/ })
        .check()
      await page
        .getByRole('group', { name: 'How often' })
        .getByRole('radio', { name: 'Weekly' })
        .check()
      await page.getByRole('button', { name: 'Add to Cart' }).click()
      await expect(page.getByText('Added to cart as a subscription: Weekly.')).toBeVisible()
    }

    /** Checkout: pickup (a weekly window comes chosen), then the payment named. */
    async function checkOut(page: Page, payment: string) {
      await page.goto('/checkout')
      await page.getByLabel('Phone').fill('208-555-0142')
      await expect(page.getByRole('radio', { name: 'Pickup', exact: true })).toBeChecked()
      await page.getByRole('button', { name: 'Continue to Payment' }).click()
      await page.getByRole('radio', { name: payment }).check()
      await page.getByRole('button', { name: 'Review Order' }).click()
      await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check()
      await page.getByRole('button', { name: 'Place Order' }).click()
    }

    type Subscription = {
      id: string
      status: string
      next_date: string
      window_id: string
      stripe_payment_method_id: string | null
    }
    const subscriptionOf = (email: string) =>
      one<Subscription>(
        `select id, status, cast(next_date as text) as next_date, window_id, stripe_payment_method_id
         from subscriptions where email = ?`,
        email,
      )

    type Cutoff = {
      cutoff_hours: number | null
      cutoff_days_before: number | null
      cutoff_time: string | null
    }

    /**
     * Makes the subscription's next box due: its date the window's next weekday from tomorrow
     * on (at most a week away), its changes closed a week before it (so already). Answers the
     * box's date and how to put the window back.
     */
    async function makeDue(subscription: Subscription) {
      const window = await one<Cutoff & { weekday: number }>(
        'select weekday, cutoff_hours, cutoff_days_before, cutoff_time from fulfilment_windows where id = ?',
        subscription.window_id,
      )
      const tomorrow = addDays(farmDayOf(new Date()), 1)
      const box = addDays(tomorrow, (window.weekday - weekdayOf(tomorrow) + 7) % 7)
      await rows.run(
        `update fulfilment_windows set cutoff_hours = null, cutoff_days_before = 7,
         cutoff_time = '00:00' where id = ?`,
        subscription.window_id,
      )
      await rows.run('update subscriptions set next_date = ? where id = ?', box, subscription.id)
      return {
        box,
        restore: () =>
          rows.run(
            `update fulfilment_windows set cutoff_hours = ?, cutoff_days_before = ?,
             cutoff_time = ? where id = ?`,
            window.cutoff_hours,
            window.cutoff_days_before,
            window.cutoff_time,
            subscription.window_id,
          ),
      }
    }

    async function adminPage(browser: Browser, baseURL: string): Promise<Page> {
      const page = await newPage(browser, baseURL)
      await signIn(page, adminEmail)
      await page.waitForURL((where) => !where.pathname.startsWith('/signin'))
      await page.goto('/admin/subscriptions')
      return page
    }

    /** The admin's button; done once the run's answer is back (an earlier answer may show). */
    async function runScheduler(page: Page) {
      const answered = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' &&
          new URL(response.url()).pathname.startsWith('/admin/subscriptions'),
      )
      await page.getByRole('button', { name: 'Run the Scheduler Now' }).click()
      expect((await answered).ok()).toBe(true)
      await expect(page.getByText(/^Boxes: \d+ made/)).toBeVisible()
    }

    const boxOrders = (subscriptionId: string, box: string) =>
      rows.all<{ id: string; status: string; payment_status: string }>(
        'select id, status, payment_status from orders where idempotency_key = ?',
        `subscription:${subscriptionId}:${box}`,
      )

    const customerEmail = uniqueEmail(`subs-pickup-${kind}`)
    const cardEmail = uniqueEmail(`subs-card-${kind}`)

    test('subscribe paying at pickup; the next box is made once by two instances at the same moment', async ({
      browser,
    }) => {
      const page = await newPage(browser, a.url)
      await signUp(page, { email: customerEmail, firstName: 'Ada' })
      await subscribeOnProductPage(page, 'Weekly Vegetable Box', /^Small Box/)
      await checkOut(page, 'Pay at pickup or on delivery')
      await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/)

      const subscription = await subscriptionOf(customerEmail)
      expect(subscription.status).toBe('active')
      await page.goto('/account/subscriptions')
      await expect(page.getByText('Weekly Vegetable Box').first()).toBeVisible()

      const { box, restore } = await makeDue(subscription)
      const [first, second] = await Promise.all([
        adminPage(browser, a.url),
        adminPage(browser, b.url),
      ])
      // Both instances' runs at the same moment.
      await Promise.all([runScheduler(first), runScheduler(second)])
      await restore()

      const orders = await boxOrders(subscription.id, box)
      expect(orders).toHaveLength(1)
      expect(
        await rows.all(
          'select status from subscription_cycles where subscription_id = ? and date = ?',
          subscription.id,
          box,
        ),
      ).toEqual([{ status: 'ordered' }])
      expect((await subscriptionOf(customerEmail)).next_date).toBe(addDays(box, 7))
      // The box's order is the customer's, in their account, confirmed by email like any order.
      await page.goto(`/account/orders/${orders[0]?.id}`)
      await expect(page.getByText('Weekly Vegetable Box').first()).toBeVisible()
      await expect
        .poll(() => smtp.messages.filter((mail) => mail.to.includes(customerEmail)).length)
        .toBeGreaterThanOrEqual(2)
    })

    test('skip, pause and swap from the account; a change after the cut-off is refused', async ({
      browser,
    }) => {
      const page = await newPage(browser, a.url)
      await signIn(page, customerEmail)
      await page.waitForURL((where) => !where.pathname.startsWith('/signin'))
      const subscription = await subscriptionOf(customerEmail)
      await page.goto(`/account/subscriptions/${subscription.id}`)

      await page.getByRole('button', { name: 'Skip Next Box' }).click()
      await expect(page.getByRole('status')).toHaveText(/^Box skipped\. Your next box is/)
      expect((await subscriptionOf(customerEmail)).next_date).toBe(
        addDays(subscription.next_date, 7),
      )
      expect(
        await rows.all(
          'select status from subscription_cycles where subscription_id = ? and date = ?',
          subscription.id,
          subscription.next_date,
        ),
      ).toEqual([{ status: 'skipped' }])
      await page.getByRole('button', { name: 'Undo Skip' }).click()
      await expect(page.getByRole('status')).toHaveText(/^Skip undone\./)
      expect((await subscriptionOf(customerEmail)).next_date).toBe(subscription.next_date)

      await page.getByLabel('Pause until').fill(addDays(subscription.next_date, 14))
      await page.getByRole('button', { name: 'Pause', exact: true }).click()
      await expect(page.getByRole('status')).toHaveText(/^Paused until/)
      expect((await subscriptionOf(customerEmail)).status).toBe('paused')
      await page.getByRole('button', { name: 'Resume' }).click()
      await expect(page.getByRole('status')).toHaveText(/^Resumed\./)
      expect((await subscriptionOf(customerEmail)).status).toBe('active')

      const swapFor = page.getByLabel('Swap for').first()
      const salad = await swapFor
        .locator('option', { hasText: 'Summer Salad Box' })
        .getAttribute('value')
      await swapFor.selectOption(salad ?? '')
      await page.getByRole('button', { name: 'Swap Item' }).first().click()
      await expect(page.getByRole('status')).toHaveText(
        'Item swapped. This changes your box from now on.',
      )
      expect(
        await rows.all(
          `select p.name from subscription_items i join products p on p.id = i.product_id
           where i.subscription_id = ?`,
          subscription.id,
        ),
      ).toEqual([{ name: 'Summer Salad Box' }])

      // The box's changes close: the page shown before still posts, and is refused.
      const { restore } = await makeDue(await subscriptionOf(customerEmail))
      const due = await subscriptionOf(customerEmail)
      await page.reload()
      await page.getByRole('button', { name: 'Skip Next Box' }).click()
      await expect(page.getByRole('alert')).toHaveText(/^Changes to your box for .+ closed/)
      expect((await subscriptionOf(customerEmail)).next_date).toBe(due.next_date)
      await restore()
    })

    test('a card saved at checkout; a declined charge emails a pay link, retries once, then is paid', async ({
      browser,
    }) => {
      const page = await newPage(browser, a.url)
      await signUp(page, { email: cardEmail, firstName: 'Bea' })
      await subscribeOnProductPage(page, 'Pasture-Raised Eggs', /^Dozen/)
      await checkOut(page, 'Credit or debit card (Stripe)')
      await page.waitForURL(`${standIn.apiBase}/pay/**`)
      await page.getByRole('button', { name: 'Pay' }).click()
      await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/)
      await expect.poll(async () => (await subscriptionOf(cardEmail)).status).toBe('active')
      const subscription = await subscriptionOf(cardEmail)
      expect(subscription.stripe_payment_method_id).toMatch(/^pm_/)

      standIn.declineCard()
      const { box, restore } = await makeDue(subscription)
      const admin = await adminPage(browser, b.url)
      await runScheduler(admin)
      await restore()
      const [order] = await boxOrders(subscription.id, box)
      if (!order) throw new Error('the box was not made')
      expect(order.payment_status).not.toBe('paid')
      const cycle = () =>
        one<{ charge_status: string; charge_attempts: number }>(
          'select charge_status, charge_attempts from subscription_cycles where order_id = ?',
          order.id,
        )
      expect(await cycle()).toEqual({ charge_status: 'failed', charge_attempts: 1 })
      const declined = () =>
        smtp.messages.filter(
          (mail) =>
            mail.to.includes(cardEmail) &&
            mail.subject === 'We could not charge your card for your box',
        )
      await expect.poll(() => declined().length).toBe(1)
      const payLink = `/account/orders/${order.id}/pay`
      expect(declined()[0]?.text).toContain(payLink)

      // Not again before its day: a run now leaves it; a day on it is retried once.
      await runScheduler(admin)
      expect(await cycle()).toEqual({ charge_status: 'failed', charge_attempts: 1 })
      await rows.run(
        'update subscription_cycles set retry_at = ? where order_id = ?',
        // timestamptz on PostgreSQL; ISO-8601 text on SQLite (db.server.ts)
        kind === 'postgres'
          ? new Date(Date.now() - 60_000)
          : new Date(Date.now() - 60_000).toISOString(),
        order.id,
      )
      await runScheduler(admin)
      expect(await cycle()).toEqual({ charge_status: 'retry_failed', charge_attempts: 2 })
      await runScheduler(admin)
      expect(await cycle()).toEqual({ charge_status: 'retry_failed', charge_attempts: 2 })

      // The customer pays from the emailed link with another card.
      standIn.acceptCard()
      await page.goto(payLink)
      await page.getByRole('button', { name: 'Pay Now' }).click()
      await page.waitForURL(`${standIn.apiBase}/pay/**`)
      await page.getByRole('button', { name: 'Pay' }).click()
      await expect(page).toHaveURL(new RegExp(`/order-confirmation/${order.id}$`))
      await expect
        .poll(async () => (await boxOrders(subscription.id, box))[0]?.payment_status)
        .toBe('paid')
      expect((await cycle()).charge_status).toBe('paid')
    })

    test("stock kept for subscribers' boxes is refused to a one-time shopper, and the box gets it", async ({
      browser,
    }) => {
      // A subscriber of their own: the earlier tests' subscribers already had this week's box.
      const email = uniqueEmail(`subs-salad-${kind}`)
      const page = await newPage(browser, a.url)
      await signUp(page, { email, firstName: 'Cy' })
      await subscribeOnProductPage(page, 'Summer Salad Box')
      await checkOut(page, 'Pay at pickup or on delivery')
      await expect(page).toHaveURL(/\/order-confirmation\/[0-9a-f-]{36}$/)
      const subscription = await subscriptionOf(email)
      const salad = await one<{ id: string }>(
        "select id from products where name = 'Summer Salad Box'",
      )
      // The subscriber's next box (2 salad boxes) comes within the week; changes still open.
      const tomorrow = addDays(farmDayOf(new Date()), 1)
      const window = await one<Cutoff & { weekday: number }>(
        'select weekday, cutoff_hours, cutoff_days_before, cutoff_time from fulfilment_windows where id = ?',
        subscription.window_id,
      )
      const box = addDays(tomorrow, (window.weekday - weekdayOf(tomorrow) + 7) % 7)
      const putBack = () =>
        rows.run(
          `update fulfilment_windows set cutoff_hours = ?, cutoff_days_before = ?,
           cutoff_time = ? where id = ?`,
          window.cutoff_hours,
          window.cutoff_days_before,
          window.cutoff_time,
          subscription.window_id,
        )
      await rows.run(
        `update fulfilment_windows set cutoff_hours = 0, cutoff_days_before = null,
         cutoff_time = null where id = ?`,
        subscription.window_id,
      )
      await rows.run('update subscriptions set next_date = ? where id = ?', box, subscription.id)
      await rows.run(
        'update subscription_items set quantity = 2 where subscription_id = ?',
        subscription.id,
      )
      const admin = await adminPage(browser, a.url)
      await runScheduler(admin)
      const { reserved_quantity: reserved } = await one<{ reserved_quantity: number }>(
        'select reserved_quantity from products where id = ?',
        salad.id,
      )
      expect(reserved).toBeGreaterThanOrEqual(2)
      // Exactly what the boxes need is left.
      await rows.run('update products set stock_quantity = ? where id = ?', reserved, salad.id)

      const shopper = await newPage(browser, b.url)
      await shopper.goto(`/product/${salad.id}`)
      await expect(
        shopper.getByText("Sold out: what is left is kept for subscribers' boxes"),
      ).toBeVisible()
      const forced = await shopper.request.post('/cart', {
        form: { intent: 'add', productId: salad.id, quantity: '1' },
        headers: { Origin: b.url },
      })
      expect(forced.status()).toBe(409)
      await shopper.goto('/cart')
      await expect(shopper.getByText('Your cart is empty')).toBeVisible()

      // At the box's cut-off the box takes the units kept for it.
      await makeDue(subscription)
      const due = await subscriptionOf(email)
      await runScheduler(admin)
      await putBack()
      expect(await boxOrders(subscription.id, due.next_date)).toHaveLength(1)
      const after = await one<{ stock_quantity: number }>(
        'select stock_quantity from products where id = ?',
        salad.id,
      )
      expect(after.stock_quantity).toBe(reserved - 2)
    })
  })
}
