import { type APIRequestContext, expect, request, test } from '@playwright/test'
import {
  createPostgresDatabase,
  POSTGRES_SERVER_URL,
  type Running,
  startServer,
  stopServer,
} from './support/server-process'
import { createAdmin, PASSWORD, uniqueEmail } from './support/users'

// PostgreSQL's text cannot hold a NUL character: a query with one in any parameter fails, and
// the shop answered 500 for a product address, a reset link, the contact form and a cart post
// (the fuzz tests and the scanners run on SQLite, which stores it). Every way input comes in,
// for every role, now answers 400 with words a person can read, on a real PostgreSQL database.

const MESSAGE = 'The request contains a null character, which is not allowed.'
const NUL = '\u0000'

test.describe.configure({ mode: 'serial' })

let database: Awaited<ReturnType<typeof createPostgresDatabase>>
let shop: Running

test.beforeAll(async () => {
  test.setTimeout(120_000)
  database = await createPostgresDatabase('nul')
  if (!database) {
    if (process.env.CI) throw new Error('PostgreSQL must answer under CI')
    return
  }
  shop = await startServer({
    DATABASE_URL: database.url,
    AUTH_SECRET: 'null-character-tests-secret-0123456789abcdef',
    LOG_LEVEL: 'warn',
  })
})

test.afterAll(async () => {
  if (shop) await stopServer(shop)
  await database?.drop()
})

// npm test starts a PostgreSQL of its own when none answers; only without one are these skipped.
test.beforeEach(() => {
  if (database) return
  const reason = `PostgreSQL not reachable at ${POSTGRES_SERVER_URL}`
  console.warn(`skipped "${test.info().title}": ${reason}`)
  test.skip(true, reason)
})

/** A client that posts as the shop's own pages do (same Origin), keeping its cookies. */
function client(): Promise<APIRequestContext> {
  return request.newContext({
    baseURL: shop.url,
    extraHTTPHeaders: { Origin: shop.url },
    maxRedirects: 0,
  })
}

async function signedIn(email: string): Promise<APIRequestContext> {
  const context = await client()
  const answer = await context.post('/signin', { form: { email, password: PASSWORD } })
  expect(answer.status(), 'sign-in answers with a redirect').toBe(302)
  return context
}

async function newCustomer(): Promise<{ email: string; context: APIRequestContext }> {
  const email = uniqueEmail('nul-customer')
  const context = await client()
  const answer = await context.post('/signup', {
    form: {
      firstName: 'Ann',
      lastName: 'Lee',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      terms: 'on',
    },
  })
  expect(answer.status(), 'sign-up answers with a redirect').toBe(302)
  return { email, context }
}

/** The shop's log lines at error level (a 500 logs one). */
const errorLines = () =>
  shop
    .logs()
    .split('\n')
    .filter((line) => line.includes('"level":50'))

test('a NUL in an address or its query is refused with 400 before any page reads it', async () => {
  const guest = await client()
  for (const path of [
    '/product/%00',
    '/product/abc%00',
    '/reset-password?token=%00',
    '/shop?category=Beef%00',
    '/newsletter/confirm?token=a%00b',
    '/images/x%00.webp',
  ]) {
    const answer = await guest.get(path)
    expect(answer.status(), path).toBe(400)
    expect(await answer.text(), path).toBe(MESSAGE)
  }
  expect(errorLines()).toEqual([])
})

test('a NUL in any form field or JSON value is refused with 400, and the page says why', async () => {
  const guest = await client()
  const products = await database?.client.query<{ id: string }>(
    'select id from products where is_available order by name limit 1',
  )
  const productId = products?.rows[0]?.id ?? ''
  const posts: [string, string, Record<string, string>][] = [
    [
      'contact form',
      '/contact',
      {
        intent: 'contact',
        name: `Ann${NUL}`,
        email: 'ann@example.com',
        subject: 'general',
        message: `Hello${NUL} from the null character test.`,
      },
    ],
    ['newsletter', '/contact', { intent: 'newsletter', email: `a${NUL}@example.com` }],
    ['add to cart', '/cart', { intent: 'add', productId: `${productId}${NUL}`, quantity: '1' }],
    ['promo code', '/cart', { intent: 'promo', code: `FARM${NUL}` }],
    ['sign in', '/signin', { email: `a${NUL}@example.com`, password: PASSWORD }],
    ['a field name', '/contact', { intent: 'newsletter', [`email${NUL}`]: 'a@example.com' }],
  ]
  for (const [what, path, form] of posts) {
    const encoded = await guest.post(path, { form })
    expect(encoded.status(), `${what}, url-encoded`).toBe(400)
    expect(await encoded.text(), `${what}: the page names the problem`).toContain(MESSAGE)
    const multipart = await guest.post(path, { multipart: form })
    expect(multipart.status(), `${what}, multipart`).toBe(400)
  }
  const page = await guest.post('/contact', { form: posts[0]?.[2] ?? {} })
  expect(await page.text()).toContain('Request Not Accepted')

  const report = await guest.post('/api/errors', {
    data: { level: 'error', message: `x${NUL}y`, url: `${shop.url}/`, kind: 'error' },
  })
  expect(report.status()).toBe(400)
  expect(await report.json()).toEqual({ error: MESSAGE })
  expect(errorLines()).toEqual([])
})

test("a customer's and an admin's forms refuse a NUL too, and the same forms save without one", async () => {
  const { email, context: customer } = await newCustomer()
  const profile = { intent: 'profile', firstName: 'Ann', lastName: 'Lee', phone: '' }
  const refused = await customer.post('/account/profile', {
    form: { ...profile, lastName: `Lee${NUL}` },
  })
  expect(refused.status()).toBe(400)
  expect(await refused.text()).toContain(MESSAGE)
  const soldOut = await database?.client.query<{ id: string }>(
    'select id from products where stock_quantity = 0 limit 1',
  )
  const waiting = await customer.post(`/product/${soldOut?.rows[0]?.id ?? 'none'}`, {
    form: { intent: 'join-waiting-list', quantity: `1${NUL}` },
  })
  expect(waiting.status(), 'waiting list').toBe(400)
  // Signed in and allowed: the same form without the NUL is saved.
  expect((await customer.post('/account/profile', { form: profile })).status()).toBe(200)
  const saved = await database?.client.query('select last_name from customers where email = $1', [
    email,
  ])
  expect(saved?.rows[0]?.last_name).toBe('Lee')

  const adminEmail = uniqueEmail('nul-admin')
  createAdmin(database?.url ?? '', adminEmail)
  const admin = await signedIn(adminEmail)
  const product = {
    name: `Smoked${NUL} Ham`,
    description: 'Made for the null character test.',
    category: 'Pantry',
    price: '8.00',
    unit: 'jar',
    stock: '3',
  }
  const created = await admin.post('/admin/products/new', { multipart: product })
  expect(created.status()).toBe(400)
  expect(await created.text()).toContain(MESSAGE)
  const products = await database?.client.query(
    "select count(*)::int as n from products where name like 'Smoked%Ham'",
  )
  expect(products?.rows[0]?.n).toBe(0)
  expect(errorLines()).toEqual([])
})
