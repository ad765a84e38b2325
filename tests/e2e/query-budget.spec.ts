import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import SQLite from 'better-sqlite3'
import { createAdmin } from './support/users'

// Budget: at most 4 SQL queries per page view (ARCHITECTURE.md). A server of its own logs every
// query at trace level; requests are made one at a time, and the queries logged before each
// one's request line are counted.

const BUDGET = 4
const PAGES = ['/', '/shop', '/about', '/grass-fed-beef', '/contact', '/cart']

let child: ChildProcess
let baseUrl = ''
let output = ''
let databaseFile = ''

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

test.beforeAll(async () => {
  const port = await freePort()
  baseUrl = `http://127.0.0.1:${port}`
  const dir = mkdtempSync(path.join(tmpdir(), 'farm-queries-'))
  databaseFile = path.join(dir, 'shop.db')
  child = spawn(process.execPath, ['build/host/server.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      BASE_URL: baseUrl,
      DATABASE_URL: `file:${databaseFile}`,
      LOG_LEVEL: 'trace',
      // Every view rendered: a guest's second view would come from the page cache (ADR 23).
      PAGE_CACHE_MB: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  await expect
    .poll(
      () =>
        fetch(`${baseUrl}/healthz`).then(
          (r) => r.ok,
          () => false,
        ),
      { timeout: 20_000 },
    )
    .toBe(true)
})

test.afterAll(async () => {
  child.kill('SIGTERM')
  await new Promise((resolve) => child.once('exit', resolve))
})

// Background work on its own clock, not the page's: the email worker's poll (every 2 s) and
// the database watch's ping (every 3 s).
const BACKGROUND =
  /update \\"email_outbox\\" set \\"status\\" = \?, \\"claimed_at\\"|"sql":"select 1"/

/** Log lines from `from` on, once the request line for `path` is among them. */
async function loggedUntilRequest(path: string, from: number): Promise<string[]> {
  // The request's own log line comes after every query it ran; the log reaches this process
  // through a pipe, later than the answer when the machine is busy.
  const requestLine = (line: string) =>
    line.includes('"msg":"request"') && line.includes(`"path":"${path}"`)
  await expect
    .poll(() => output.slice(from).split('\n').some(requestLine), { timeout: 10_000 })
    .toBe(true)
  const logged = output.slice(from).split('\n')
  return logged.slice(0, logged.findIndex(requestLine))
}

async function queriesFor(pathname: string, headers: Record<string, string> = {}) {
  const path = new URL(pathname, baseUrl).pathname
  // Once to warm up (a first view may create things, e.g. a lazily made image variant).
  const warmUp = output.length
  await (await fetch(baseUrl + pathname, { headers })).text()
  await loggedUntilRequest(path, warmUp)
  const before = output.length
  const response = await fetch(baseUrl + pathname, { headers })
  await response.text()
  const lines = (await loggedUntilRequest(path, before))
    .filter((line) => line.includes('"msg":"query"'))
    .filter((line) => !BACKGROUND.test(line))
  return { status: response.status, count: lines.length, sql: lines }
}

test('every public page view runs at most 4 SQL queries', async () => {
  const html = await (await fetch(baseUrl)).text()
  const product = /href="(\/product\/[^"]+)"/.exec(html)?.[1]
  expect(product).toBeTruthy()
  for (const page of [...PAGES, product ?? '']) {
    const { count, sql } = await queriesFor(page)
    expect(count, `${page}:\n${sql.join('\n')}`).toBeLessThanOrEqual(BUDGET)
  }
})

// The back-office (issue 6): every admin page, lists included, runs a bounded number of queries
// — the same number with 40 more rows in every list, so no page asks once per row.
const ADMIN_BUDGET = 10
const ADMIN_PAGES = [
  '/admin',
  '/admin/orders',
  '/admin/products',
  '/admin/customers',
  '/admin/waiting-list',
  '/admin/messages',
  '/admin/newsletter',
  '/admin/emails',
  '/admin/errors',
  '/admin/activity',
  '/admin/content',
  '/admin/content/team',
  '/admin/content/gallery',
  '/admin/promo-codes',
  '/admin/settings',
]

async function adminCookie(): Promise<string> {
  const email = `budget-admin-${Date.now()}@example.com`
  const password = 'pasture-fresh-42'
  createAdmin(`file:${databaseFile}`, email, password)
  const response = await fetch(`${baseUrl}/signin`, {
    method: 'POST',
    body: new URLSearchParams({ intent: 'signin', email, password }),
    headers: { Origin: baseUrl },
    redirect: 'manual',
  })
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0])
  expect(cookies.join('; ')).toContain('session_token')
  return cookies.join('; ')
}

/** 40 more customers, orders, messages, subscribers, emails, reports, products and log rows. */
function addRows() {
  const db = new SQLite(databaseFile)
  try {
    db.pragma('busy_timeout = 5000')
    const now = new Date().toISOString()
    db.transaction(() => {
      for (let n = 0; n < 40; n++) {
        const id = `bulk-${n}-${Date.now()}`
        db.prepare(
          `insert into customers (id, name, email, first_name, last_name, created_at, updated_at)
           values (?, 'Bulk Buyer', ?, 'Bulk', 'Buyer', ?, ?)`,
        ).run(id, `${id}@example.com`, now, now)
        db.prepare(
          `insert into orders (id, order_number, customer_id, idempotency_key, status, email, phone,
             subtotal_cents, discount_cents, shipping_cents, tax_cents, total_cents,
             tax_rate_basis_points, shipping_method, ship_first_name, ship_last_name, ship_street,
             ship_city, ship_state, ship_zip_code, payment_method, payment_status, created_at, updated_at)
           values (?, ?, ?, ?, 'paid', ?, '208-555-0100', 1000, 0, 0, 60, 1060, 600, 'pickup',
             'Bulk', 'Buyer', '1 Farm Rd', 'Boise', 'ID', '83702', 'offline', 'paid', ?, ?)`,
        ).run(`o-${id}`, 50_000 + n, id, `k-${id}`, `${id}@example.com`, now, now)
        db.prepare(
          `insert into order_items (id, order_id, product_name, unit_price_cents, quantity, line_total_cents)
           values (?, ?, 'Eggs', 1000, 1, 1000)`,
        ).run(`i-${id}`, `o-${id}`)
        db.prepare(
          `insert into contact_submissions (id, name, email, subject, message, created_at)
           values (?, 'Bulk', ?, 'Hello', 'A question', ?)`,
        ).run(`m-${id}`, `${id}@example.com`, now)
        db.prepare(
          `insert into newsletter_subscribers (id, email, token, created_at) values (?, ?, ?, ?)`,
        ).run(`n-${id}`, `news-${id}@example.com`, `t-${id}`, now)
        db.prepare(
          `insert into email_outbox (id, to_address, subject, text_body, status, created_at, send_after)
           values (?, ?, 'Bulk', 'Hello', 'failed', ?, ?)`,
        ).run(`e-${id}`, `${id}@example.com`, now, now)
        db.prepare(
          `insert into error_reports (id, level, message, created_at) values (?, 'error', 'Bulk', ?)`,
        ).run(`r-${id}`, now)
        db.prepare(
          `insert into products (id, name, description, category, price_cents, unit, stock_quantity, created_at, updated_at)
           values (?, ?, 'Bulk', 'Pantry', 500, 'jar', 0, ?, ?)`,
        ).run(`p-${id}`, `Bulk Jar ${n}`, now, now)
        db.prepare(
          `insert into waiting_list (id, customer_id, product_id, quantity, created_at)
           values (?, ?, ?, 1, ?)`,
        ).run(`w-${id}`, id, `p-${id}`, now)
        db.prepare(
          `insert into audit_log (id, actor_id, action, entity_type, entity_id, details, created_at)
           values (?, null, 'product.update', 'product', ?, '{"before":{},"after":{}}', ?)`,
        ).run(`a-${id}`, `p-${id}`, now)
      }
    })()
  } finally {
    db.close()
  }
}

test('every admin page runs a bounded number of queries, however long its list', async () => {
  const cookie = await adminCookie()
  const before = new Map<string, number>()
  for (const page of ADMIN_PAGES) {
    const { status, count, sql } = await queriesFor(page, { cookie })
    expect(status, page).toBe(200)
    expect(count, `${page}:\n${sql.join('\n')}`).toBeLessThanOrEqual(ADMIN_BUDGET)
    before.set(page, count)
  }
  addRows()
  for (const page of ADMIN_PAGES) {
    const { count, sql } = await queriesFor(page, { cookie })
    // No more than before (a session refresh may add one write to either view): a query per
    // row would add 40.
    expect(count, `${page} with 40 more rows:\n${sql.join('\n')}`).toBeLessThanOrEqual(
      Math.max(before.get(page) ?? 0, 1) + 1,
    )
  }
})
