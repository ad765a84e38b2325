import { execFileSync } from 'node:child_process'
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import pg from 'pg'
import {
  type AuditDatabase,
  openPostgresAudit,
  openSqliteAudit,
  readCatalog,
  readStock,
} from '../../scripts/load/audit'
import {
  addToCartFields,
  checkoutFields,
  customerNumber,
  parseIdempotencyKey,
  Shopper,
  signUpFields,
} from '../../scripts/support/shopper'
import {
  freePort,
  POSTGRES_SERVER_URL,
  type Running,
  startServer,
  stopServer,
} from './support/server-process'

// Issue 31 item 4: a full disk or a read-only database, for real, under the production server.
// Every write answers the "We'll be right back" page (503, Retry-After, no-store), never a
// 500; pages that only read keep working; /healthz fails while writes fail and comes back by
// itself within seconds of space being freed; an order placed while the disk is full leaves no
// order, no line and no stock change behind.
//
// A small tmpfs holds the database (SQLite's file, or a PostgreSQL tablespace), and a filler
// file takes what is left of it. Mounting needs root; where it cannot be done the tests say why
// and are skipped, except under CI=true, where that is a failure. A read-only SQLite file for
// root (who ignores file modes) is an immutable one (chattr +i): opening it for writing fails,
// and SQLite falls back to reading it.

test.describe.configure({ mode: 'serial' })

const AUTH_SECRET = 'f'.repeat(64)

/** A tmpfs of `megabytes` at a fresh folder, or the reason there cannot be one. */
function mountTmpfs(megabytes: number): { dir: string; unmount: () => void } | string {
  const dir = mkdtempSync(path.join(tmpdir(), 'farm-full-disk-'))
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir], {
      stdio: 'pipe',
    })
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    return `cannot mount a tmpfs (root needed): ${(error as Error).message.split('\n')[0]}`
  }
  return {
    dir,
    unmount: () => {
      execFileSync('umount', ['-l', dir])
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

function requireOrSkip<T>(value: T | string): T | undefined {
  if (typeof value !== 'string') return value
  if (process.env.CI) throw new Error(value)
  console.warn(`${value}; skipping`)
  test.skip(true, value)
  return undefined
}

/** Writes zeros to `file` until the filesystem has no byte left. */
function fillDisk(file: string): void {
  const chunk = Buffer.alloc(256 * 1024)
  const fd = openSync(file, 'a')
  try {
    for (;;) writeSync(fd, chunk)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
    // The last chunk did not fit whole: take the few bytes still free.
    try {
      for (;;) writeSync(fd, chunk, 0, 512)
    } catch {}
  } finally {
    closeSync(fd)
  }
}

type Answer = { status: number; headers: Headers; body: string }

async function post(url: string, path: string, fields: Record<string, string>, cookie = '') {
  const response = await fetch(url + path, {
    method: 'POST',
    headers: {
      Origin: url,
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(cookie && { Cookie: cookie }),
    },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  })
  return { status: response.status, headers: response.headers, body: await response.text() }
}

function expectUnavailablePage(answer: Answer, what: string) {
  expect(answer.status, what).toBe(503)
  expect(answer.headers.get('retry-after'), what).toBe('30')
  expect(answer.headers.get('cache-control'), what).toBe('no-store')
  expect(answer.body, what).toContain("We'll be right back")
}

const status = (url: string) =>
  fetch(url).then(
    (response) => response.status,
    () => 0,
  )

/** Milliseconds until `url` answers `wanted`, polling every 100 ms, at most `limitMs`. */
async function timeUntil(url: string, wanted: number, limitMs: number): Promise<number> {
  const started = Date.now()
  await expect.poll(() => status(url), { timeout: limitMs, intervals: [100] }).toBe(wanted)
  return Date.now() - started
}

type Counts = { orders: number; lines: number; stock: Map<string, number> }

async function counts(audit: AuditDatabase): Promise<Counts> {
  const [orders] = await audit.all<{ n: number }>('select count(*) as n from orders')
  const [lines] = await audit.all<{ n: number }>('select count(*) as n from order_items')
  return { orders: Number(orders?.n), lines: Number(lines?.n), stock: await readStock(audit) }
}

/**
 * The scene both databases play: a signed-up shopper at Place Order when the disk fills; every
 * kind of write refused with the 503 page, reads served, nothing kept; space freed, the shop
 * takes writes again by itself and the same Place Order makes the order once. Returns the
 * figures for the report.
 */
async function fullDiskScene(
  server: Running,
  audit: AuditDatabase,
  disk: { fill: () => void; free: () => void },
  { everyWriteFails }: { everyWriteFails: boolean },
) {
  const url = server.url
  const catalog = await readCatalog(audit)
  const shopper = new Shopper(url, customerNumber(1, `full-disk-${Date.now()}`))
  await shopper.signUp()
  const [first, second] = catalog.items
  if (!first || !second) throw new Error('the demo catalog has fewer than two items')
  await shopper.add(first, 2)
  await shopper.add(second)
  await shopper.choosePickupTime()
  await shopper.request('/checkout', checkoutFields(shopper.customer, 'to-payment'))
  const review = await shopper.request('/checkout', checkoutFields(shopper.customer, 'to-review'))
  const key = parseIdempotencyKey(review.body)
  if (!key) throw new Error('the review step has no idempotency key')
  const product = await fetch(`${url}/shop`).then((r) => r.text())
  const productPath = /href="(\/product\/[^"]+)"/.exec(product)?.[1] ?? '/shop'
  const before = await counts(audit)

  disk.fill()
  // Place Order first, before anything else tells the shop: the action's own transaction meets
  // the full disk, rolls back whole, and the answer is the 503 page.
  const place = await post(
    url,
    '/checkout',
    checkoutFields(shopper.customer, 'place-order', key),
    shopper.jar.header(),
  )
  expectUnavailablePage(place, 'Place Order')
  // On PostgreSQL a write that fits in a page the table already has still works (only growing
  // a file meets the full disk): the writes below are refused once the shop has probed, which
  // the refused Place Order set off.
  await timeUntil(`${url}/healthz`, 503, 5_000)
  const fetcher = await post(url, '/cart.data', addToCartFields(first, 1), shopper.jar.header())
  expect(fetcher.status).toBe(503)
  expect(fetcher.headers.get('retry-after')).toBe('30')

  const fresh = customerNumber(2, `full-disk-${Date.now()}`)
  const writes: [string, string, Record<string, string>][] = [
    ['add to cart (guest)', '/cart', addToCartFields(first, 1)],
    ['sign up', '/signup', signUpFields(fresh)],
    [
      'contact',
      '/contact',
      {
        intent: 'contact',
        name: 'Full Disk',
        email: fresh.email,
        subject: 'general',
        message: 'Is the shop open?',
      },
    ],
    ['newsletter', '/contact', { intent: 'newsletter', email: fresh.email }],
    ['sign in', '/signin', { intent: 'signin', email: shopper.customer.email, password: 'x' }],
  ]
  for (const [what, path, fields] of writes)
    expectUnavailablePage(await post(url, path, fields), what)
  expectUnavailablePage(
    await post(url, '/cart', addToCartFields(second, 1), shopper.jar.header()),
    'add to cart (customer)',
  )

  // Reads keep working.
  for (const page of ['/', '/shop', productPath, '/about']) {
    expect(await status(url + page), page).toBe(200)
  }
  const health = await fetch(`${url}/healthz`)
  expect(health.status).toBe(503)
  expect(await health.json()).toMatchObject({ status: 'unavailable', writes: 'failing' })

  // Nothing partial: no order, no line, no stock taken.
  const during = await counts(audit)
  expect(during.orders).toBe(before.orders)
  expect(during.lines).toBe(before.lines)
  expect(during.stock).toEqual(before.stock)

  disk.free()
  const recoveryMs = await timeUntil(`${url}/healthz`, 200, 10_000)
  // The same Place Order, now that there is room: one order, the stock it took.
  const placed = await post(
    url,
    '/checkout',
    checkoutFields(shopper.customer, 'place-order', key),
    shopper.jar.header(),
  )
  expect(placed.status).toBe(302)
  expect(placed.headers.get('location')).toMatch(/^\/order-confirmation\//)
  const after = await counts(audit)
  expect(after.orders).toBe(before.orders + 1)
  expect(after.lines).toBe(before.lines + 2)

  // Found by /healthz alone, with no request failing first: the probe's answer is at most 5 s
  // old.
  disk.fill()
  if (everyWriteFails) {
    // A data request (a fetcher's post, with JavaScript) the database refuses: the same 503,
    // which the browser's router shows as the root error boundary's "We'll be right back".
    const refused = await post(url, '/cart.data', addToCartFields(second, 1), shopper.jar.header())
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('30')
    expect(refused.headers.get('cache-control')).toBe('no-store')
  }
  const detectionMs = await timeUntil(`${url}/healthz`, 503, 10_000)
  expectUnavailablePage(await post(url, '/cart', addToCartFields(first, 1)), 'add to cart')
  disk.free()
  const secondRecoveryMs = await timeUntil(`${url}/healthz`, 200, 10_000)
  expect(await post(url, '/cart', addToCartFields(first, 1)).then((a) => a.status)).toBe(200)
  const figures = { recoveryMs, detectionMs, secondRecoveryMs }
  console.log(`full disk figures: ${JSON.stringify(figures)}`)
  return figures
}

test('SQLite on a full disk: writes answer 503, reads work, /healthz fails, no partial order', async () => {
  test.setTimeout(120_000)
  const tmpfs = requireOrSkip(mountTmpfs(64))
  if (!tmpfs) return
  const file = path.join(tmpfs.dir, 'shop.db')
  const filler = path.join(tmpfs.dir, 'filler')
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const env = {
    DATABASE_URL: `file:${file}`,
    BASE_URL: url,
    TRUST_PROXY: 'true',
    AUTH_SECRET,
    LOG_LEVEL: 'warn',
    SUBSCRIPTION_SCHEDULER: 'false',
  }
  let server: Running | undefined
  let audit: AuditDatabase | undefined
  try {
    server = await startServer(env, { port })
    audit = openSqliteAudit(file)
    await fullDiskScene(
      server,
      audit,
      {
        fill: () => fillDisk(filler),
        free: () => rmSync(filler, { force: true }),
      },
      { everyWriteFails: true },
    )
    await audit.close()
    audit = undefined
    await stopServer(server)

    // The same database, read-only: started on an immutable file, the shop serves its pages
    // and answers every write with the 503 page; /healthz says so.
    execFileSync('chattr', ['+i', file])
    server = await startServer(env, { port, readyPath: '/shop' })
    expect(await status(`${url}/shop`)).toBe(200)
    const health = await fetch(`${url}/healthz`)
    expect(health.status).toBe(503)
    expect(await health.json()).toMatchObject({ writes: 'failing' })
    const reader = openSqliteAudit(file)
    const item = (await readCatalog(reader)).items[0]
    await reader.close()
    if (!item) throw new Error('no item on sale')
    expectUnavailablePage(await post(url, '/cart', addToCartFields(item, 1)), 'read-only cart')
    expectUnavailablePage(
      await post(url, '/signup', signUpFields(customerNumber(3, `ro-${Date.now()}`))),
      'read-only sign-up',
    )
  } finally {
    await audit?.close()
    if (server) await stopServer(server)
    try {
      execFileSync('chattr', ['-i', file], { stdio: 'pipe' })
    } catch {}
    tmpfs.unmount()
  }
})

/** The PostgreSQL server's own OS user must own a tablespace's folder. */
function chownToPostgres(dir: string): string | undefined {
  try {
    execFileSync('chown', ['postgres:postgres', dir], { stdio: 'pipe' })
    return undefined
  } catch (error) {
    return `cannot give ${dir} to the postgres user: ${(error as Error).message.split('\n')[0]}`
  }
}

test('PostgreSQL on a full tablespace, then read-only: writes answer 503, no partial order', async () => {
  test.setTimeout(150_000)
  const admin = new pg.Client({
    connectionString: POSTGRES_SERVER_URL,
    connectionTimeoutMillis: 3000,
  })
  const reachable = await admin.connect().then(
    () => true,
    () => false,
  )
  if (!requireOrSkip(reachable ? true : `PostgreSQL does not answer at ${POSTGRES_SERVER_URL}`)) {
    return
  }
  const tmpfs = requireOrSkip(mountTmpfs(64))
  if (!tmpfs) return await admin.end()
  const tablespaceDir = path.join(tmpfs.dir, 'pg')
  mkdirSync(tablespaceDir)
  const filler = path.join(tmpfs.dir, 'filler')
  const suffix = `${process.pid}_${Date.now()}`
  const tablespace = `farm_full_${suffix}`
  const name = `farm_e2e_full_${suffix}`
  let server: Running | undefined
  let audit: AuditDatabase | undefined
  const terminate = () =>
    admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    )
  try {
    const refused = chownToPostgres(tablespaceDir)
    if (refused) throw new Error(refused)
    await admin.query(`create tablespace ${tablespace} location '${tablespaceDir}'`)
    await admin.query(`create database ${name} tablespace ${tablespace}`)
    const target = new URL(POSTGRES_SERVER_URL)
    target.pathname = `/${name}`
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    server = await startServer(
      {
        DATABASE_URL: target.toString(),
        BASE_URL: url,
        TRUST_PROXY: 'true',
        AUTH_SECRET,
        LOG_LEVEL: 'warn',
        SUBSCRIPTION_SCHEDULER: 'false',
      },
      { port },
    )
    audit = await openPostgresAudit(target.toString())
    await fullDiskScene(
      server,
      audit,
      {
        fill: () => fillDisk(filler),
        free: () => rmSync(filler, { force: true }),
      },
      { everyWriteFails: false },
    )

    // Read-only: new sessions may not write (25006), and the open ones are ended so the pools
    // open new ones.
    await audit.close()
    audit = undefined
    await admin.query(`alter database ${name} set default_transaction_read_only = on`)
    await terminate()
    audit = await openPostgresAudit(target.toString())
    const catalog = await readCatalog(audit)
    const item = catalog.items[0]
    if (!item) throw new Error('no item on sale')
    // The first request after the cut may meet a connection the pool has not yet dropped.
    await expect
      .poll(() => post(url, '/cart', addToCartFields(item, 1)).then((a) => a.status), {
        timeout: 15_000,
      })
      .toBe(503)
    expectUnavailablePage(await post(url, '/cart', addToCartFields(item, 1)), 'read-only cart')
    expect(await status(`${url}/shop`)).toBe(200)
    await expect.poll(() => status(`${url}/healthz`), { timeout: 10_000 }).toBe(503)

    await audit.close()
    audit = undefined
    await admin.query(`alter database ${name} reset default_transaction_read_only`)
    await terminate()
    await expect.poll(() => status(`${url}/healthz`), { timeout: 15_000 }).toBe(200)
    await expect
      .poll(() => post(url, '/cart', addToCartFields(item, 1)).then((a) => a.status), {
        timeout: 10_000,
      })
      .toBe(200)
  } finally {
    await audit?.close().catch(() => undefined)
    if (server) await stopServer(server)
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined)
    await admin.query(`drop tablespace if exists ${tablespace}`).catch(() => undefined)
    await admin.end()
    tmpfs.unmount()
  }
})
