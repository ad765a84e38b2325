import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { SMTPServer } from 'smtp-server'
import {
  auditOrders,
  giveStock,
  openSqliteAudit,
  readCatalog,
  readOrderIds,
  readStock,
} from '../../scripts/load/audit'
import {
  type CheckoutAttempt,
  customerNumber,
  type Item,
  inParallel,
  Shopper,
} from '../../scripts/support/shopper'
import { parseMail, type ReceivedMail } from '../setup/smtp'
import { freePort, type Running, startServer } from './support/server-process'

// Issue 7, faults: the production server killed with SIGKILL in the middle of a checkout load,
// then started again on the same SQLite file. lifecycle.spec.ts covers SIGTERM and the
// database going away.
//
// The kill lands when the outbox worker starts sending a message (MAIL FROM), while shoppers
// are checking out: the email it is about to send is claimed ('sending') and not yet
// delivered, and the rest of its batch may be claimed too. That is the moment a crash can strand email. It never
// lands in the instant between the mail server accepting a message and the worker recording
// it: no outbox can tell afterwards whether that one went out, and it is sent again (with the
// same Message-ID, ADR 5).

const SHOPPERS = 12
/** A shopper's pause after each order. */
const THINK_MS = 500
/** Confirmed orders before the kill is armed. */
const ORDERS_BEFORE_KILL = 15

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T

/** Checks out again and again until the server stops answering. */
async function keepShopping(shopper: Shopper, items: Item[], attempts: CheckoutAttempt[]) {
  try {
    for (;;) {
      const first = pick(items)
      await shopper.add(first, 1 + Math.floor(Math.random() * 2))
      await shopper.add(pick(items.filter((item) => item.productId !== first.productId)))
      const attempt = await shopper.checkout()
      attempts.push(attempt)
      // A moment between orders, as a shopper has: with none, a dozen shoppers keep the shop's
      // one process so busy that its outbox falls minutes behind the orders it must send.
      await new Promise((resolve) => setTimeout(resolve, THINK_MS))
      if (attempt.outcome === 'unknown') return
      if (attempt.outcome === 'refused') await shopper.clearCart()
    }
  } catch {
    // The server went away between two steps: nothing was left unanswered at Place Order.
  }
}

test('SIGKILL during checkouts: confirmed orders, stock and every email survive, once each', async () => {
  // The outbox sends a few emails a second under this load; after the restart it works through
  // every order's confirmation.
  test.setTimeout(150_000)
  const dir = mkdtempSync(path.join(tmpdir(), 'farm-faults-'))
  const file = path.join(dir, 'shop.db')
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const env = {
    DATABASE_URL: `file:${file}`,
    BASE_URL: url,
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
    // The demo subscriptions' boxes and reminders come or not by the day of the week (ADR 32);
    // this test counts the emails its own shoppers cause.
    SUBSCRIPTION_SCHEDULER: 'false',
  }

  // A real SMTP server; it pulls the trigger when the worker starts a message, once the load
  // is on (the worker keeps one connection open while emails keep coming).
  const mail: ReceivedMail[] = []
  let server: Running | undefined
  let armed = false
  let killedAt = 0
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (armed && server && !killedAt) {
        killedAt = Date.now()
        server.process.kill('SIGKILL')
        // Only once it is dead: a refusal it could still read would count as a failed attempt.
        void server.exited.then(() => callback(new Error('the shop is gone')))
        return
      }
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        mail.push(
          parseMail(Buffer.concat(chunks), {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          }),
        )
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const smtpPort = (smtp.server.address() as { port: number }).port
  const serverEnv = { ...env, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }

  server = await startServer(serverEnv, { port })
  const db = openSqliteAudit(file)
  try {
    const catalog = await readCatalog(db)
    await giveStock(db, 10_000)
    const startingStock = await readStock(db)
    const ordersBefore = await readOrderIds(db)
    const shoppers = await inParallel(
      Array.from({ length: SHOPPERS }, (_, n) => customerNumber(n + 1, `faults-${Date.now()}`)),
      4,
      async (customer) => {
        const shopper = new Shopper(url, customer)
        await shopper.signUp()
        return shopper
      },
    )

    const attempts: CheckoutAttempt[] = []
    const shopping = Promise.all(
      shoppers.map((shopper) => keepShopping(shopper, catalog.items, attempts)),
    )
    const orderMail = () => mail.filter((m) => /^Order FS-\d+ confirmed$/.test(m.subject))
    await expect
      .poll(
        () =>
          attempts.filter((a) => a.outcome === 'confirmed').length >= ORDERS_BEFORE_KILL &&
          // The worker is sending: the sign-ups' emails go first, and on a busy machine the
          // orders' confirmations can be a minute behind them (issue 16's checkout does more
          // per request); every one of them is checked after the restart.
          mail.length > 0,
        { timeout: 40_000, intervals: [50] },
      )
      .toBe(true)
    armed = true
    // The worker polls every 2 s while orders keep queueing email: it connects soon.
    await expect.poll(() => killedAt > 0, { timeout: 10_000, intervals: [20] }).toBe(true)
    expect(await server.exited).toBeNull()
    await shopping
    const confirmed = attempts.filter((a) => a.outcome === 'confirmed')
    const unanswered = attempts.filter((a) => a.outcome === 'unknown')
    const refused = attempts.filter((a) => a.outcome === 'refused')
    test.info().annotations.push({
      type: 'faults',
      description: `${confirmed.length} orders confirmed, ${unanswered.length} Place Orders cut off by the kill, ${refused.length} refused; ${mail.length} emails before the kill`,
    })
    expect(confirmed.length).toBeGreaterThanOrEqual(ORDERS_BEFORE_KILL)
    expect(refused).toEqual([])

    // The same database, the same port; nobody repairs anything in between.
    server = await startServer(serverEnv, { port })
    const restarted = server
    // The email being sent at the kill was left claimed; the new run queues it again.
    await expect
      .poll(() => restarted.logs().includes('emails left sending by an earlier run queued again'))
      .toBe(true)
    const audit = await auditOrders(db, attempts, startingStock, ordersBefore)
    expect(audit.problems).toEqual([])
    expect(audit.confirmed).toBe(confirmed.length)

    // Every order's confirmation arrives, including those queued or being sent at the kill...
    // (the demo farm's own orders were seeded, not placed: they have no confirmation)
    const orders = (
      await db.all<{ id: string; order_number: number }>('select id, order_number from orders')
    ).filter((order) => !ordersBefore.has(order.id))
    const subjects = orders.map((order) => `Order FS-${order.order_number} confirmed`)
    await expect
      .poll(() => subjects.filter((subject) => !mail.some((m) => m.subject === subject)), {
        // The outbox sends one email at a time: time for each, on top of a margin.
        timeout: 20_000 + 100 * orders.length,
        intervals: [250],
      })
      .toEqual([])
    // ...and, a worker run later, none has come twice; nor has any other email.
    await new Promise((resolve) => setTimeout(resolve, 2500))
    const copies = new Map<string, number>()
    for (const m of orderMail()) copies.set(m.subject, (copies.get(m.subject) ?? 0) + 1)
    expect([...copies].filter(([, count]) => count > 1)).toEqual([])
    expect(copies.size).toBe(orders.length)
    const messageIds = mail.map((m) => m.messageId)
    expect(new Set(messageIds).size).toBe(messageIds.length)
    // Every email was sent; the shoppers' welcomes and the orders' confirmations are all of
    // them but the day-before pickup and delivery reminders, which the day of the week brings
    // or not (on a Friday, the demo's and these orders' Saturday pickups).
    const outbox = await db.all<{ status: string; n: number }>(
      'select status, count(*) as n from email_outbox group by status',
    )
    expect(outbox.map((row) => row.status)).toEqual(['sent'])
    const reminders = await db.all<{ n: number }>(
      "select count(*) as n from email_outbox where subject like 'Your % tomorrow:%'",
    )
    expect(outbox[0]?.n).toBe(orders.length + SHOPPERS + (reminders[0]?.n ?? 0))
  } finally {
    if (server?.process.exitCode === null) {
      server.process.kill('SIGTERM')
      await server.exited
    }
    await db.close()
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
    rmSync(dir, { recursive: true, force: true })
  }
})
