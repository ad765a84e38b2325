import { mkdtempSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { type Browser, expect, test } from '@playwright/test'
import SQLite from 'better-sqlite3'
import type pg from 'pg'
import { PAGE_PATHS, PRIVATE_TABLES } from '../../server/page-cache.server'
import {
  createPostgresDatabase,
  type Running,
  startServer,
  stopServer,
} from './support/server-process'
import { createAdmin, signIn, uniqueEmail } from './support/users'

// The guest page cache (ADR 23) against the production server in its own process: guests get
// kept pages with a nonce of their own, and see a change the moment it is saved, whoever saves
// it: the admin in this process, another worker, another instance, a script on the database.

test.describe.configure({ mode: 'serial' })

const METRICS_TOKEN = 'page-cache-metrics-token-0123'

type Answer = { status: number; html: string; csp: string; nonces: string[] }

/**
 * A guest's visit: no cookies, a connection of its own each time (another worker may answer).
 * Not fetch: its pool may reuse a socket the server is closing after `Connection: close`.
 */
function visit(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('error', reject)
        response.on('end', () => {
          const body = Buffer.concat(chunks)
          const encoding = response.headers['content-encoding']
          const text = (
            encoding === 'br'
              ? brotliDecompressSync(body)
              : encoding === 'gzip'
                ? gunzipSync(body)
                : body
          ).toString()
          // React separates adjacent text with <!-- -->: "Only <!-- -->3<!-- --> left".
          const html = text.replaceAll('<!-- -->', '')
          resolve({
            status: response.statusCode ?? 0,
            html,
            csp: String(response.headers['content-security-policy'] ?? ''),
            nonces: [
              ...new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1] ?? '')),
            ],
          })
        })
      })
      .on('error', reject)
  })
}

/** The product's own availability, from its JSON-LD (related products show theirs too). */
const availability = (answer: Answer) =>
  /"availability":"https:\/\/schema\.org\/(\w+)"/.exec(answer.html)?.[1]

async function cacheFigure(server: Running, result: 'hit' | 'miss'): Promise<number> {
  const response = await fetch(`${server.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  })
  const line = new RegExp(`^farm_page_cache_requests_total\\{result="${result}"\\} (\\d+)$`, 'm')
  return Number(line.exec(await response.text())?.[1] ?? Number.NaN)
}

function sqliteServerEnv(file: string, extra: Record<string, string> = {}) {
  return {
    DATABASE_URL: `file:${file}`,
    AUTH_SECRET: 'page-cache-tests-share-this-secret-0123456789',
    METRICS_TOKEN,
    LOG_LEVEL: 'warn',
    ...extra,
  }
}

/** A product without options (its stock is set on the list) that the shop sells. */
function plainProduct(file: string): { id: string; name: string } {
  const db = new SQLite(file, { readonly: true })
  try {
    return db
      .prepare(
        `select id, name from products
         where is_available = 1 and stock_quantity > 10
           and not exists (select 1 from product_variants v where v.product_id = products.id)
         order by name limit 1`,
      )
      .get() as { id: string; name: string }
  } finally {
    db.close()
  }
}

function setStock(file: string, id: string, stock: number): void {
  const db = new SQLite(file)
  try {
    db.pragma('busy_timeout = 5000')
    db.prepare('update products set stock_quantity = ? where id = ?').run(stock, id)
  } finally {
    db.close()
  }
}

async function adminSetsStock(
  browser: Browser,
  server: Running,
  admin: string,
  product: { name: string },
  stock: number,
) {
  const context = await browser.newContext({ baseURL: server.url })
  const page = await context.newPage()
  await signIn(page, admin)
  await page.waitForURL((url) => !url.pathname.startsWith('/signin'))
  await page.goto(`/admin/products?q=${encodeURIComponent(product.name)}`)
  const row = page.getByRole('row').filter({ hasText: product.name })
  await row.getByLabel(`New stock for ${product.name}`).fill(String(stock))
  await row.getByRole('button', { name: `Save stock for ${product.name}` }).click()
  await expect(page.getByRole('status')).toContainText(`now has ${stock} in stock`)
  await context.close()
}

test.describe('one process on SQLite', () => {
  let server: Running
  let file = ''
  let admin = ''
  let product: { id: string; name: string }

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    file = path.join(mkdtempSync(path.join(tmpdir(), 'farm-page-cache-')), 'shop.db')
    server = await startServer(sqliteServerEnv(file))
    admin = uniqueEmail('cache-admin')
    createAdmin(`file:${file}`, admin)
    product = plainProduct(file)
  })
  test.afterAll(async () => {
    if (server) await stopServer(server)
  })

  test('two guests get the kept page, each with its own nonce, the one its CSP names', async () => {
    const url = `${server.url}/product/${product.id}`
    await visit(url)
    const hits = await cacheFigure(server, 'hit')
    const first = await visit(url, { 'accept-encoding': 'br' })
    const second = await visit(url, { 'accept-encoding': 'gzip' })
    expect(await cacheFigure(server, 'hit')).toBe(hits + 2)
    for (const answer of [first, second]) {
      expect(answer.status).toBe(200)
      expect(answer.html).toContain(product.name)
      expect(answer.nonces).toHaveLength(1)
      expect(answer.csp).toContain(`'nonce-${answer.nonces[0]}'`)
    }
    expect(first.nonces[0]).not.toBe(second.nonces[0])
    expect(first.html.replaceAll(first.nonces[0] ?? '', 'N')).toBe(
      second.html.replaceAll(second.nonces[0] ?? '', 'N'),
    )
  })

  test("a guest sees the admin's stock change at once", async ({ browser }) => {
    const url = `${server.url}/product/${product.id}`
    await visit(url)
    expect(availability(await visit(url))).toBe('InStock')
    await adminSetsStock(browser, server, admin, product, 0)
    expect(availability(await visit(url))).toBe('OutOfStock')
    await adminSetsStock(browser, server, admin, product, 3)
    expect((await visit(url)).html).toContain('Only 3 left in stock!')
  })

  test('a write by another process on the database file is seen at once', async () => {
    const url = `${server.url}/product/${product.id}`
    await visit(url)
    expect((await visit(url)).html).not.toContain('Only 2 left in stock!')
    setStock(file, product.id, 2)
    expect((await visit(url)).html).toContain('Only 2 left in stock!')
    setStock(file, product.id, 40)
  })

  test("a guest with a cart gets a page of their own; guests without one don't see it", async () => {
    const url = `${server.url}/product/${product.id}`
    await visit(url)
    const added = await fetch(`${server.url}/cart`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
      body: new URLSearchParams({ intent: 'add', productId: product.id, quantity: '1' }),
    })
    const cookie = added.headers.getSetCookie()[0]?.split(';')[0] ?? ''
    expect(cookie).toMatch(/^farm\.cart=/)
    expect((await visit(url, { cookie })).html).toContain('aria-label="Cart, 1 item"')
    expect((await visit(url)).html).toContain('aria-label="Cart, 0 items"')
  })
})

test('with two workers on SQLite, every worker serves the change at once', async ({ browser }) => {
  test.setTimeout(120_000)
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'farm-page-cache-')), 'shop.db')
  const server = await startServer(sqliteServerEnv(file, { WEB_CONCURRENCY: '2' }))
  try {
    const admin = uniqueEmail('cache-admin')
    createAdmin(`file:${file}`, admin)
    const product = plainProduct(file)
    const url = `${server.url}/product/${product.id}`
    // Connections go to the workers in turn: each keeps the page.
    for (let i = 0; i < 6; i++) expect(availability(await visit(url))).toBe('InStock')
    await adminSetsStock(browser, server, admin, product, 0)
    for (let i = 0; i < 6; i++) expect(availability(await visit(url))).toBe('OutOfStock')
  } finally {
    await stopServer(server)
  }
})

test.describe('two instances on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>
  let a: Running
  let b: Running

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    database = await createPostgresDatabase('page_cache')
    if (!database) {
      if (process.env.CI) throw new Error('PostgreSQL must answer under CI')
      console.warn('PostgreSQL not reachable; skipping the page cache test across two instances')
      return
    }
    const env = {
      DATABASE_URL: database.url,
      AUTH_SECRET: 'page-cache-instances-share-this-secret-0123456789',
      METRICS_TOKEN,
      LOG_LEVEL: 'warn',
    }
    a = await startServer(env)
    b = await startServer(env)
  })
  test.afterAll(async () => {
    if (a) await stopServer(a)
    if (b) await stopServer(b)
    await database?.drop()
  })
  test.beforeEach(() => {
    test.skip(!database, 'PostgreSQL not reachable')
  })

  test("a write anywhere reaches every instance's guests by its notice", async ({ browser }) => {
    const client = database?.client as pg.Client
    const found = await client.query<{ id: string; name: string }>(
      `select id, name from products p where is_available and stock_quantity > 10
       and not exists (select 1 from product_variants v where v.product_id = p.id)
       order by name limit 1`,
    )
    const product = found.rows[0] as { id: string; name: string }
    const url = (server: Running) => `${server.url}/product/${product.id}`
    // Pages are kept once the instance hears the notices.
    await expect
      .poll(
        async () => {
          await visit(url(b))
          return cacheFigure(b, 'hit')
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0)

    // As someone in psql would: only the notice tells the instances.
    await client.query('update products set stock_quantity = 2 where id = $1', [product.id])
    await expect
      .poll(async () => (await visit(url(b))).html, { timeout: 2000, intervals: [20] })
      .toContain('Only 2 left in stock!')

    // The admin saves on A; B's guests see it by the notice, A's at once.
    const admin = uniqueEmail('cache-admin')
    createAdmin(database?.url ?? '', admin)
    await visit(url(a))
    await adminSetsStock(browser, a, admin, product, 0)
    expect(availability(await visit(url(a)))).toBe('OutOfStock')
    await expect
      .poll(async () => availability(await visit(url(b))), { timeout: 2000, intervals: [20] })
      .toBe('OutOfStock')
  })
})

test('the kept pages read none of the tables whose writes leave them alone', async () => {
  test.setTimeout(120_000)
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'farm-page-cache-')), 'shop.db')
  const server = await startServer(
    sqliteServerEnv(file, { LOG_LEVEL: 'trace', PAGE_CACHE_MB: '0' }),
  )
  try {
    const product = plainProduct(file)
    // Every kept route, so a page added to the allow-list is checked too.
    const pages = [...PAGE_PATHS, '/shop?q=beef', `/product/${product.id}`]
    // The start-up's own queries (migrations, the first reminders run) come before.
    const from = server.logs().length
    for (const page of pages) expect((await visit(server.url + page)).status, page).toBe(200)
    const logged = () => server.logs().slice(from).split('\n')
    // The pages' own request lines: a health check's may still be on its way from the start.
    const paths = new Set(pages.map((page) => page.split('?')[0]))
    const answered = () =>
      logged().filter(
        (line) =>
          line.includes('"msg":"request"') &&
          paths.has((JSON.parse(line) as { path: string }).path),
      ).length
    await expect.poll(answered).toBe(pages.length)
    const read = new Set<string>()
    for (const line of logged()) {
      if (!line.includes('"msg":"query"')) continue
      const sql = (JSON.parse(line) as { sql: string }).sql
      // The email worker's poll, on its own clock (as in query-budget.spec.ts).
      if (/^update "email_outbox" set "status" = \?, "claimed_at"/.test(sql)) continue
      for (const match of sql.matchAll(/\b(?:from|join)\s+"?(\w+)"?/gi)) read.add(match[1] ?? '')
    }
    expect(read.has('products')).toBe(true)
    expect([...read].filter((table) => PRIVATE_TABLES.has(table))).toEqual([])
  } finally {
    await stopServer(server)
  }
})
