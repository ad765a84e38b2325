// The full disk of tests/e2e/full-disk.spec.ts: a small tmpfs and a file filling it, the
// shop's answers while it is full, and an order placed then.
import { execFileSync } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { type AuditDatabase, readCatalog, readStock } from '../../../scripts/load/audit'
import {
  addToCartFields,
  checkoutFields,
  customerNumber,
  parseIdempotencyKey,
  Shopper,
  signUpFields,
} from '../../../scripts/support/shopper'
import type { Running } from './server-process'

export const AUTH_SECRET = 'f'.repeat(64)

/** A tmpfs of `megabytes` at a fresh folder, or the reason there cannot be one. */
export function mountTmpfs(megabytes: number): { dir: string; unmount: () => void } | string {
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

export function requireOrSkip<T>(value: T | string): T | undefined {
  if (typeof value !== 'string') return value
  if (process.env.CI) throw new Error(value)
  console.warn(`${value}; skipping`)
  test.skip(true, value)
  return undefined
}

/** Writes zeros to `file` until the filesystem has no byte left. */
export function fillDisk(file: string): void {
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

export type Answer = { status: number; headers: Headers; body: string }

export async function post(url: string, path: string, fields: Record<string, string>, cookie = '') {
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

export function expectUnavailablePage(answer: Answer, what: string) {
  expect(answer.status, what).toBe(503)
  expect(answer.headers.get('retry-after'), what).toBe('30')
  expect(answer.headers.get('cache-control'), what).toBe('no-store')
  expect(answer.body, what).toContain("We'll be right back")
}

export const status = (url: string) =>
  fetch(url).then(
    (response) => response.status,
    () => 0,
  )

/** Milliseconds until `url` answers `wanted`, polling every 100 ms, at most `limitMs`. */
export async function timeUntil(url: string, wanted: number, limitMs: number): Promise<number> {
  const started = Date.now()
  await expect.poll(() => status(url), { timeout: limitMs, intervals: [100] }).toBe(wanted)
  return Date.now() - started
}

export type Counts = { orders: number; lines: number; stock: Map<string, number> }

export async function counts(audit: AuditDatabase): Promise<Counts> {
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
export async function fullDiskScene(
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

/** The PostgreSQL server's own OS user must own a tablespace's folder. */
export function chownToPostgres(dir: string): string | undefined {
  try {
    execFileSync('chown', ['postgres:postgres', dir], { stdio: 'pipe' })
    return undefined
  } catch (error) {
    return `cannot give ${dir} to the postgres user: ${(error as Error).message.split('\n')[0]}`
  }
}
