import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import {
  type AuditDatabase,
  auditOrders,
  giveStock,
  openSqliteAudit,
  readCatalog,
  readOrderIds,
  readStock,
} from '../../scripts/load/audit'
import {
  type CheckoutAttempt,
  checkoutFields,
  customerNumber,
  inParallel,
  parseConfirmation,
  parseIdempotencyKey,
  Shopper,
} from '../../scripts/support/shopper'
import { startTestSmtpServer, type TestSmtpServer } from '../setup/smtp'
import { type Running, startServer, stopServer } from './support/server-process'

// ADR 15: WEB_CONCURRENCY=2 on SQLite, a primary and two HTTP workers on one port and one
// database file. Node hands each new connection to the next worker, so a request sent on a
// connection of its own (agent: false) lands on the other worker from the one before.

test.describe.configure({ mode: 'serial' })

const METRICS_TOKEN = 'cluster-metrics-token-0123456789'
let dir: string
let smtp: TestSmtpServer
let server: Running
let db: AuditDatabase

test.beforeAll(async () => {
  test.setTimeout(60_000)
  dir = mkdtempSync(path.join(tmpdir(), 'farm-cluster-'))
  smtp = await startTestSmtpServer()
  server = await startServer({
    DATABASE_URL: `file:${path.join(dir, 'shop.db')}`,
    WEB_CONCURRENCY: '2',
    SMTP_URL: smtp.url,
    METRICS_TOKEN,
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'info',
  })
  // /healthz answered as soon as one worker listened; the primary says when both do.
  await expect.poll(() => server.logs().includes('"msg":"farm shop listening"')).toBe(true)
  db = openSqliteAudit(path.join(dir, 'shop.db'))
})

test.afterAll(async () => {
  await db?.close()
  if (server) await stopServer(server)
  await smtp?.close()
  rmSync(dir, { recursive: true, force: true })
})

/** One request on a new connection, so that the next worker in turn answers it. */
function fresh(
  urlPath: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${server.url}${urlPath}`, { agent: false, headers }, (response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        body += chunk
      })
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
    })
    request.on('error', reject)
  })
}

type LogLine = { worker?: number; method?: string; path?: string; status?: number; msg?: string }

function logLines(): LogLine[] {
  return server
    .logs()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine)
}

/** The workers whose request log has `method path`. */
function workersThatServed(method: string, urlPath: string): Set<number | undefined> {
  return new Set(
    logLines()
      .filter((line) => line.msg === 'request' && line.method === method && line.path === urlPath)
      .map((line) => line.worker),
  )
}

/** The primary's children: its workers. */
function workerPids(): number[] {
  const primary = String(server.process.pid)
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
        return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] === primary
      } catch {
        return false
      }
    })
    .map(Number)
}

test('both workers answer, and a session made on one is valid on the other', async () => {
  const shopper = new Shopper(server.url, customerNumber(1, `cluster-${Date.now()}`))
  await shopper.signUp()
  for (let n = 0; n < 6; n++) {
    const answer = await fresh('/account/profile', { Cookie: shopper.jar.header() })
    expect(answer.status).toBe(200)
    expect(answer.body).toContain(shopper.customer.email)
  }
  expect(workersThatServed('GET', '/account/profile')).toEqual(new Set([1, 2]))
})

test('/metrics counts the requests of both workers', async () => {
  for (let n = 0; n < 10; n++) expect((await fresh('/about')).status).toBe(200)
  // A request's log line is written after its answer and reaches us through a pipe: on a busy
  // machine a moment after the answer (CI once read none of the ten yet).
  await expect.poll(() => workersThatServed('GET', '/about')).toEqual(new Set([1, 2]))
  // Asked until each worker has answered it (Node hands a connection to the next free worker,
  // so usually in turn): whichever answers, it reports both workers' requests.
  for (let n = 0; n < 10 && workersThatServed('GET', '/metrics').size < 2; n++) {
    const metrics = await fresh('/metrics', { Authorization: `Bearer ${METRICS_TOKEN}` })
    expect(metrics.status).toBe(200)
    const about = 'method="GET",route="/about",status="2xx"'
    expect(metrics.body).toContain(`\nfarm_http_requests_total{${about}} 10\n`)
    expect(metrics.body).toContain(`\nfarm_http_request_duration_seconds_count{${about}} 10\n`)
    expect(metrics.body).toContain(
      `\nfarm_http_request_duration_seconds_bucket{le="+Inf",${about}} 10\n`,
    )
    // Each process's own event-loop delay, the primary's included, on lines of its own.
    const processes = [
      ...metrics.body.matchAll(/^farm_event_loop_delay_seconds_count\{process="([^"]+)"\} \d+$/gm),
    ].map((match) => match[1])
    expect(processes.sort()).toEqual(['primary', 'worker-1', 'worker-2'])
    // The memory of all three processes, as the kernel counts it.
    const rss = Number(/^farm_process_resident_memory_bytes (\d+)$/m.exec(metrics.body)?.[1])
    const kernel = [server.process.pid as number, ...workerPids()]
      .map(
        (pid) =>
          Number(/^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) *
          1024,
      )
      .reduce((sum, bytes) => sum + bytes, 0)
    expect(rss).toBeGreaterThan(kernel * 0.8)
    expect(rss).toBeLessThan(kernel * 1.2)
    // The database's figures once, not once per worker.
    expect(metrics.body).toMatch(/^# TYPE farm_orders gauge$/m)
    expect(metrics.body.match(/^# TYPE farm_email_outbox gauge$/gm)).toHaveLength(1)
    await expect.poll(() => workersThatServed('GET', '/metrics').size).toBeGreaterThan(0)
  }
  expect(workersThatServed('GET', '/metrics')).toEqual(new Set([1, 2]))
})

test('checkouts on both workers at once: no error, no order lost, stock never oversold', async () => {
  test.setTimeout(90_000)
  const catalog = await readCatalog(db)
  const item = catalog.items.find((candidate) => candidate.variantId === null)
  if (!item) throw new Error('the demo catalog has no product without options')
  await giveStock(db, 100)
  // Five of this one product for ten shoppers who each want one.
  await db.run('update products set stock_quantity = 5 where id = ?', [item.productId])
  const startingStock = await readStock(db)
  const ordersBefore = await readOrderIds(db)
  const shoppers = Array.from(
    { length: 10 },
    (_, n) => new Shopper(server.url, customerNumber(n + 1, `cluster-checkout-${Date.now()}`)),
  )
  // Every shopper reaches the review step first (a review after the stock ran out would
  // rightly show the sold-out item gone), then all ten place their orders at once.
  const reviewed = await inParallel(shoppers, 10, async (shopper) => {
    await shopper.signUp()
    await shopper.add(item, 1)
    await shopper.choosePickupTime()
    await shopper.request('/checkout', checkoutFields(shopper.customer, 'to-payment'))
    const review = await shopper.request('/checkout', checkoutFields(shopper.customer, 'to-review'))
    const idempotencyKey = parseIdempotencyKey(review.body)
    if (!idempotencyKey) throw new Error(`no review step for ${shopper.customer.email}`)
    return { shopper, idempotencyKey }
  })
  // Why each refused shopper was refused, for the failure message: five units for ten means
  // exactly five refusals, each for the stock.
  const refusals: string[] = []
  const attempts: CheckoutAttempt[] = await Promise.all(
    reviewed.map(async ({ shopper, idempotencyKey }) => {
      const answer = await shopper.request(
        '/checkout',
        checkoutFields(shopper.customer, 'place-order', idempotencyKey),
      )
      const orderId = answer.status === 302 ? parseConfirmation(answer.location) : undefined
      if (!orderId) refusals.push(`${answer.status} ${answer.location ?? alertsOf(answer.body)}`)
      return {
        customer: shopper.customer.email,
        idempotencyKey,
        items: [{ item, quantity: 1 }],
        status: answer.status,
        orderId,
        outcome: orderId ? 'confirmed' : 'refused',
      } satisfies CheckoutAttempt
    }),
  )

  expect(attempts.filter((attempt) => (attempt.status ?? 0) >= 500)).toEqual([])
  expect(
    attempts.filter((attempt) => attempt.outcome === 'confirmed'),
    `refused: ${refusals.join(' | ')}`,
  ).toHaveLength(5)
  const audit = await auditOrders(db, attempts, startingStock, ordersBefore)
  expect(audit.problems).toEqual([])
  const [left] = await db.all<{ stock_quantity: number }>(
    'select stock_quantity from products where id = ?',
    [item.productId],
  )
  expect(left?.stock_quantity).toBe(0)
  expect(workersThatServed('POST', '/checkout')).toEqual(new Set([1, 2]))
  expect(logLines().filter((line) => (line.status ?? 0) >= 500)).toEqual([])
})

test('the primary sends each email in the outbox once', async () => {
  const recipients = Array.from({ length: 20 }, (_, n) => `cluster-${n}-${Date.now()}@example.com`)
  for (const to of recipients) {
    await db.run(
      `insert into email_outbox (id, to_address, subject, text_body) values (?, ?, 'Once only', 'Hello once.')`,
      [crypto.randomUUID(), to],
    )
  }
  await expect
    .poll(
      async () =>
        (
          await db.all<{ n: number }>(
            "select count(*) as n from email_outbox where subject = 'Once only' and status = 'sent'",
          )
        )[0]?.n,
      { timeout: 30_000 },
    )
    .toBe(recipients.length)
  await new Promise((resolve) => setTimeout(resolve, 1000))
  for (const to of recipients) {
    expect(
      smtp.messages.filter((mail) => mail.envelope.to.includes(to)),
      to,
    ).toHaveLength(1)
  }
})

test('a worker that dies is replaced, and the shop keeps answering', async () => {
  const before = workerPids()
  expect(before).toHaveLength(2)
  process.kill(before[0] as number, 'SIGKILL')
  await expect.poll(() => server.logs().includes('"msg":"worker exited"')).toBe(true)
  await expect
    .poll(() => {
      const now = workerPids()
      return now.length === 2 && !now.includes(before[0] as number)
    })
    .toBe(true)
  await expect.poll(() => server.logs().split('"msg":"worker listening"').length - 1).toBe(3)
  for (let n = 0; n < 6; n++) expect((await fresh('/')).status).toBe(200)
})

test('SIGTERM stops the workers, then the primary, which exits 0', async () => {
  const workers = workerPids()
  expect(await stopServer(server)).toBe(0)
  for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow()
  expect(server.logs()).toContain('"msg":"stopped"')
})

/** The text of a page's alerts (the checkout's error messages), tags stripped. */
function alertsOf(html: string): string {
  return [...html.matchAll(/role="alert"[^>]*>([\s\S]*?)<\/(?:div|p|section)>/g)]
    .map(([, inner = '']) =>
      inner
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean)
    .join('; ')
}
