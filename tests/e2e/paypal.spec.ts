import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import SQLite from 'better-sqlite3'
import { type PayPalStandIn, startPayPalStandIn } from '../support/paypal-stand-in'
import { addToCart } from './support/cart'
import {
  createPostgresDatabase,
  freePort,
  type Running,
  startServer,
  stopServer,
} from './support/server-process'
import { PASSWORD, signUp, uniqueEmail } from './support/users'

// PayPal end to end (issue 17): a production server of its own with PayPal configured and
// pointed at a local stand-in for PayPal's API and approval page (no account, no network),
// once on SQLite and once on PostgreSQL. The paths: paid, cancelled on PayPal's page, and a
// payment PayPal refuses at capture.

type Database = {
  name: 'sqlite' | 'postgres'
  open(): Promise<{ url: string; read: Reader; close: () => Promise<void> } | null>
}
type Reader = <T>(sql: string, ...params: string[]) => Promise<T>

const DATABASES: Database[] = [
  {
    name: 'sqlite',
    async open() {
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'farm-paypal-')), 'shop.db')
      return {
        url: `file:${file}`,
        read: async <T>(sql: string, ...params: string[]) => {
          const db = new SQLite(file, { readonly: true, fileMustExist: true })
          try {
            return db.prepare(sql).get(...params) as T
          } finally {
            db.close()
          }
        },
        close: async () => {},
      }
    },
  },
  {
    name: 'postgres',
    async open() {
      const database = await createPostgresDatabase('paypal')
      if (!database) return null
      return {
        url: database.url,
        read: async <T>(sql: string, ...params: string[]) => {
          let n = 0
          const numbered = sql.replaceAll('?', () => `$${++n}`)
          return (await database.client.query(numbered, params)).rows[0] as T
        },
        close: database.drop,
      }
    },
  },
]

for (const database of DATABASES) {
  test.describe(`PayPal on ${database.name}`, () => {
    test.describe.configure({ mode: 'serial' })
    let standIn: PayPalStandIn
    let server: Running | undefined
    let read: Reader
    let close: () => Promise<void> = async () => {}

    test.beforeAll(async () => {
      const opened = await database.open()
      test.skip(!opened, `no PostgreSQL answers at TEST_DATABASE_URL: ${database.name} not run`)
      if (!opened) return
      ;({ read, close } = opened)
      standIn = await startPayPalStandIn()
      const port = await freePort()
      server = await startServer(
        {
          BASE_URL: `http://127.0.0.1:${port}`,
          DATABASE_URL: opened.url,
          AUTH_SECRET: 'paypal-e2e-secret-0123456789abcdef0123456789',
          LOG_LEVEL: 'warn',
          PAYPAL_CLIENT_ID: standIn.clientId,
          PAYPAL_CLIENT_SECRET: standIn.clientSecret,
          PAYPAL_API_BASE: standIn.apiBase,
        },
        { port },
      )
    })

    test.afterAll(async () => {
      if (server) await stopServer(server)
      await standIn?.close()
      await close()
    })

    const jamStock = async () =>
      (
        await read<{ stock_quantity: number }>(
          "select stock_quantity from products where name = 'Huckleberry Jam'",
        )
      ).stock_quantity

    const order = (id: string) =>
      read<{ status: string; payment_status: string; total_cents: number }>(
        'select status, payment_status, total_cents from orders where id = ?',
        id,
      )

    /** Signs up, 2 jars in the cart, checkout by PayPal; ends on PayPal's approval page. */
    async function checkoutByPayPal(page: Page) {
      const url = server?.url ?? ''
      await page.goto(`${url}/signup`)
      await page.getByLabel('First name').fill('Ann')
      await page.getByLabel('Last name').fill('Lee')
      await page.getByLabel('Email').fill(uniqueEmail('paypal'))
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
      await page.getByLabel('Confirm password').fill(PASSWORD)
      await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check()
      await page.getByRole('button', { name: 'Create Account' }).click()
      await page.waitForURL('**/account/profile')
      const { id } = await read<{ id: string }>(
        "select id from products where name = 'Huckleberry Jam'",
      )
      const added = await page.request.post(`${url}/cart`, {
        form: { intent: 'add', productId: id, quantity: '2' },
        headers: { Origin: url },
      })
      expect(added.ok()).toBe(true)

      await page.goto(`${url}/checkout`)
      await page.getByRole('radio', { name: /^Standard Shipping/ }).check()
      await page.getByLabel('Phone').fill('208-555-0142')
      await page.getByLabel('Street address').fill('12 Meadow Lane')
      await page.getByLabel('City').fill('Boise')
      await page.getByLabel('State').selectOption('ID')
      await page.getByLabel('ZIP code').fill('83702')
      await page.getByRole('button', { name: 'Continue to Payment' }).click()
      await page.getByRole('radio', { name: 'PayPal' }).check()
      await expect(page.getByText(/redirected to PayPal/)).toBeVisible()
      await page.getByRole('button', { name: 'Review Order' }).click()
      await page.getByLabel('I agree to the Terms of Service and Privacy Policy').check()
      await page.getByRole('button', { name: 'Place Order' }).click()
      await page.waitForURL(`${standIn.apiBase}/checkoutnow?token=*`)
      const token = new URL(page.url()).searchParams.get('token') ?? ''
      const paypalOrder = standIn.orders.get(token)
      if (!paypalOrder) throw new Error('the stand-in has no such order')
      return paypalOrder
    }

    test('pay with PayPal: approve on PayPal, come back to a paid order', async ({ page }) => {
      const before = await jamStock()
      const paypalOrder = await checkoutByPayPal(page)
      // 2 x $11.00 + $5.99 shipping + 6 % tax, sent as PayPal's decimal string
      expect(paypalOrder).toMatchObject({ value: '29.31', currency: 'USD' })
      expect((await order(paypalOrder.customId)).total_cents).toBe(2931)
      expect(await jamStock()).toBe(before - 2)
      await expect(page.getByRole('heading', { name: 'Pay 29.31 USD with PayPal' })).toBeVisible()
      await page.getByRole('button', { name: 'Pay Now' }).click()
      await expect(page).toHaveURL(`${server?.url}/order-confirmation/${paypalOrder.customId}`)
      await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible()
      await expect(page.getByText('Status: Paid')).toBeVisible()
      expect(await order(paypalOrder.customId)).toMatchObject({
        status: 'paid',
        payment_status: 'paid',
      })
      // Coming back again (a reload) captures nothing more.
      await page.goto(`${server?.url}/api/paypal/return?token=${paypalOrder.id}`)
      await expect(page.getByText('Status: Paid')).toBeVisible()
      expect(paypalOrder.captures).toBe(1)
      expect(await jamStock()).toBe(before - 2)
    })

    test('cancel on PayPal’s page: the order is cancelled, stock back once, cart kept', async ({
      page,
    }) => {
      const before = await jamStock()
      const paypalOrder = await checkoutByPayPal(page)
      expect(await jamStock()).toBe(before - 2)
      await page.getByRole('link', { name: 'Cancel and return' }).click()
      await expect(page).toHaveURL(`${server?.url}/checkout?payment=paypal-cancelled`)
      await expect(
        page.getByText(
          'You cancelled the payment on PayPal. Nothing was charged, and your cart is as it was.',
        ),
      ).toBeVisible()
      // (The checkout's header has no cart icon: its summary shows the two jars.)
      await expect(page.getByRole('region', { name: 'Order Summary' })).toContainText('Quantity: 2')
      expect(await order(paypalOrder.customId)).toMatchObject({ status: 'cancelled' })
      expect(await jamStock()).toBe(before)
      // The same cancel link again changes nothing.
      await page.goto(`${server?.url}/api/paypal/cancel?token=${paypalOrder.id}`)
      expect(await jamStock()).toBe(before)
      await expect(page.getByRole('region', { name: 'Order Summary' })).toContainText('Quantity: 2')
    })

    test('PayPal refuses the payment at capture: nothing charged, stock back once', async ({
      page,
    }) => {
      const before = await jamStock()
      const paypalOrder = await checkoutByPayPal(page)
      standIn.declineNextCapture()
      await page.getByRole('button', { name: 'Pay Now' }).click()
      await expect(page).toHaveURL(`${server?.url}/checkout?payment=paypal-failed`)
      await expect(page.getByRole('alert')).toContainText('PayPal did not complete the payment')
      expect(await order(paypalOrder.customId)).toMatchObject({
        status: 'cancelled',
        payment_status: 'expired',
      })
      expect(await jamStock()).toBe(before)
      expect(paypalOrder.captures).toBe(0)
      // Coming back again with the same token is not a second try: still nothing charged.
      await page.goto(`${server?.url}/api/paypal/return?token=${paypalOrder.id}`)
      await expect(page).toHaveURL(`${server?.url}/checkout?payment=paypal-failed`)
      expect(paypalOrder.captures).toBe(0)
      expect(await jamStock()).toBe(before)
      // A forged or stale token is refused with words that say so, never a 500.
      await page.goto(`${server?.url}/api/paypal/return?token=NOPE`)
      await expect(page.getByText('does not belong to an order of this shop')).toBeVisible()
      const unknown = await page.request.get(`${server?.url}/api/paypal/return?token=NOPE`)
      expect(unknown.status()).toBe(400)
    })
  })
}

test('without PayPal keys the Payment step does not offer PayPal', async ({ page }) => {
  await signUp(page, { email: uniqueEmail('no-paypal') })
  await addToCart(page, { product: 'Huckleberry Jam' })
  await page.goto('/checkout')
  await page.getByRole('radio', { name: /^Standard Shipping/ }).check()
  await page.getByLabel('Phone').fill('208-555-0142')
  await page.getByLabel('Street address').fill('12 Meadow Lane')
  await page.getByLabel('City').fill('Boise')
  await page.getByLabel('State').selectOption('ID')
  await page.getByLabel('ZIP code').fill('83702')
  await page.getByRole('button', { name: 'Continue to Payment' }).click()
  await expect(page.getByRole('radio', { name: 'Pay at pickup or on delivery' })).toBeVisible()
  await expect(page.getByRole('radio', { name: 'PayPal' })).toHaveCount(0)
  expect((await page.request.get('/api/paypal/return?token=X')).status()).toBe(404)
})
