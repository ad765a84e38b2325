import { Writable } from 'node:stream'
import { sql } from 'kysely'
import pino from 'pino'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, test } from 'vitest'
import { passwordResetEmail } from '~/auth/emails/password-reset'
import { type DB, openDatabase } from '~/platform/db/db.server'
import {
  createTestDatabase,
  type TestDatabase,
  testDialect,
  withDatabase,
} from '../../tests/setup/database'
import { extractLinks, startTestSmtpServer, type TestSmtpServer } from '../../tests/setup/smtp'
import {
  claimDueEmails,
  type DrainResult,
  drainOutbox,
  retryDelayMs,
  STALE_CLAIM_MS,
  sendEmail,
} from './outbox.server'
import { createSmtpDelivery, type SmtpDelivery } from './transport.server'
import { startOutboxWorker } from './worker.server'

// The outbox against a real SMTP server on loopback, on SQLite and on PostgreSQL.

const FROM = 'Hillside Farm <shop@farm.example>'

let t: TestDatabase
let smtp: TestSmtpServer
let delivery: SmtpDelivery

beforeAll(async () => {
  t = await createTestDatabase()
  smtp = await startTestSmtpServer()
  delivery = createSmtpDelivery(smtp.url, FROM)
})
afterAll(async () => {
  delivery?.close()
  await smtp?.close()
  await t?.cleanup()
})
beforeEach(async () => {
  await t.db.deleteFrom('email_outbox').execute()
  smtp.messages.length = 0
  smtp.rejectNext(0)
})

function row(id: string) {
  return t.db
    .selectFrom('email_outbox')
    .select(['status', 'attempts', 'last_error', 'send_after', 'sent_at', 'claimed_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
}

/** A second connection to the same database, as a second app instance would have. */
async function openSecondInstance(): Promise<DB> {
  if (t.dialect === 'sqlite') {
    const { rows } = await sql<{ file: string }>`
      select file from pragma_database_list where name = 'main'`.execute(t.db)
    return openDatabase({ kind: 'sqlite', path: rows[0]?.file ?? '' })
  }
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db)
  return openDatabase({
    kind: 'postgres',
    url: withDatabase(inject('pgServerUrl'), rows[0]?.name ?? ''),
  })
}

describe('sendEmail writes inside the caller’s transaction', () => {
  test('a rolled-back transaction leaves no email behind', async () => {
    let id = ''
    await expect(
      t.db.transaction().execute(async (trx) => {
        id = (await sendEmail(trx, { to: 'ann@example.com', subject: 'Hi', text: 'Hello' })).id
        throw new Error('the order failed')
      }),
    ).rejects.toThrow('the order failed')
    expect(id).not.toBe('')
    const found = await t.db
      .selectFrom('email_outbox')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst()
    expect(found).toBeUndefined()
  })

  test('a committed one is pending, due now, with no attempts', async () => {
    const { id } = await t.db.transaction().execute((trx) =>
      sendEmail(trx, {
        to: 'ann@example.com',
        subject: 'Hi',
        text: 'Hello',
        html: '<p>Hello</p>',
        template: 'greeting',
      }),
    )
    const stored = await t.db
      .selectFrom('email_outbox')
      .select(['to_address', 'subject', 'text_body', 'html_body', 'template', 'status', 'attempts'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(stored).toEqual({
      to_address: 'ann@example.com',
      subject: 'Hi',
      text_body: 'Hello',
      html_body: '<p>Hello</p>',
      template: 'greeting',
      status: 'pending',
      attempts: 0,
    })
    const { send_after } = await row(id)
    expect(send_after.getTime()).toBeLessThanOrEqual(Date.now() + 1000)
  })
})

describe('drainOutbox over SMTP', () => {
  test('delivers subject, recipient, text and HTML, and marks the row sent', async () => {
    const email = passwordResetEmail({
      farmName: 'Hillside Farm',
      baseUrl: 'https://shop.example',
      firstName: 'Zoë',
      resetUrl: '/reset-password/tok_123?callback=%2Faccount',
      expiresInMinutes: 60,
    })
    const { id } = await sendEmail(t.db, {
      to: 'zoe@example.com',
      ...email,
      template: 'password-reset',
    })

    const result = await drainOutbox(t.db, delivery.deliver)
    expect(result).toEqual({ sent: 1, retried: 0, failed: 0 })

    const mail = await smtp.waitFor((m) => m.envelope.to.includes('zoe@example.com'))
    expect(mail.subject).toBe('Reset your password')
    expect(mail.to).toBe('zoe@example.com')
    expect(mail.from).toBe(FROM)
    expect(mail.envelope.from).toBe('shop@farm.example')
    expect(mail.messageId).toBe(`<${id}@farm.example>`)
    // What arrives, decoded, is what the template made (line endings aside).
    expect(mail.text).toBe(email.text)
    expect(mail.html).toBe(email.html)
    expect(mail.text).toContain('Hello Zoë,')
    expect(extractLinks(mail.text ?? '')).toContain(
      'https://shop.example/reset-password/tok_123?callback=%2Faccount',
    )
    expect(extractLinks(mail.html ?? '')).toContain(
      'https://shop.example/reset-password/tok_123?callback=%2Faccount',
    )

    const after = await row(id)
    expect(after.status).toBe('sent')
    expect(after.sent_at).toBeInstanceOf(Date)
    expect(after.claimed_at).toBeNull()
    expect(after.attempts).toBe(0)
  })

  test('encoded subjects, long lines and text-only mail survive the trip', async () => {
    const subject = `Grüße von der Farm: ${'sehr '.repeat(20)}lang ✓`
    const text = `${'A long line without breaks '.repeat(12)}\nÄpfel & Eier = frisch\n`
    await sendEmail(t.db, { to: 'ann@example.com', subject, text })
    await drainOutbox(t.db, delivery.deliver)
    const mail = await smtp.waitFor()
    expect(mail.subject).toBe(subject)
    expect(mail.text).toBe(text)
    expect(mail.html).toBeUndefined()
  })

  test('a refused message goes back to pending with backoff, then fails after maxAttempts', async () => {
    const { id } = await sendEmail(t.db, { to: 'ann@example.com', subject: 'Retry', text: 'x' })
    smtp.rejectNext(3, 451)
    const now = new Date()

    expect(await drainOutbox(t.db, delivery.deliver, { now, maxAttempts: 3 })).toEqual({
      sent: 0,
      retried: 1,
      failed: 0,
    })
    const first = await row(id)
    expect(first.status).toBe('pending')
    expect(first.attempts).toBe(1)
    expect(first.last_error).toMatch(/451|refuses/)
    expect(first.send_after.getTime()).toBe(now.getTime() + retryDelayMs(1))
    expect(first.claimed_at).toBeNull()

    // Not due again until its send_after.
    expect(await drainOutbox(t.db, delivery.deliver, { now, maxAttempts: 3 })).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    })

    const later = new Date(now.getTime() + retryDelayMs(1))
    await drainOutbox(t.db, delivery.deliver, { now: later, maxAttempts: 3 })
    const second = await row(id)
    expect([second.status, second.attempts]).toEqual(['pending', 2])
    expect(second.send_after.getTime()).toBe(later.getTime() + retryDelayMs(2))

    const last = new Date(later.getTime() + retryDelayMs(2))
    expect(await drainOutbox(t.db, delivery.deliver, { now: last, maxAttempts: 3 })).toEqual({
      sent: 0,
      retried: 0,
      failed: 1,
    })
    const failed = await row(id)
    expect([failed.status, failed.attempts]).toEqual(['failed', 3])
    expect(failed.last_error).toBeTruthy()
    expect(smtp.rejected()).toBe(3)
    expect(smtp.messages).toHaveLength(0)

    // Given up means given up.
    const muchLater = new Date(last.getTime() + 24 * 60 * 60 * 1000)
    expect(await claimDueEmails(t.db, { now: muchLater })).toEqual([])
  })

  test('backoff doubles from 30 seconds and stops growing at an hour', () => {
    expect([1, 2, 3, 4, 8, 20].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000,
    ])
  })

  test('a long error is stored truncated', async () => {
    const { id } = await sendEmail(t.db, { to: 'ann@example.com', subject: 'Long', text: 'x' })
    await drainOutbox(t.db, async () => {
      throw new Error('e'.repeat(5000))
    })
    expect((await row(id)).last_error).toHaveLength(1000)
  })

  test('two instances draining at once deliver each of 20 emails exactly once', async () => {
    const ids = new Set<string>()
    for (let i = 0; i < 20; i++) {
      ids.add((await sendEmail(t.db, { to: `c${i}@example.com`, subject: `n${i}`, text: 'x' })).id)
    }
    const other = await openSecondInstance()
    const otherDelivery = createSmtpDelivery(smtp.url, FROM)
    const drainAll = async (db: DB, deliver: SmtpDelivery['deliver']) => {
      const total: DrainResult = { sent: 0, retried: 0, failed: 0 }
      for (;;) {
        const result = await drainOutbox(db, deliver, { batch: 3 })
        total.sent += result.sent
        total.retried += result.retried
        total.failed += result.failed
        if (result.sent + result.retried + result.failed === 0) return total
      }
    }
    try {
      const [a, b] = await Promise.all([
        drainAll(t.db, delivery.deliver),
        drainAll(other, otherDelivery.deliver),
      ])
      expect(a.sent + b.sent).toBe(20)
      expect(a.retried + a.failed + b.retried + b.failed).toBe(0)
    } finally {
      otherDelivery.close()
      await other.destroy()
    }

    const arrivedIds = smtp.messages.map((m) => /^<([^@]+)@/.exec(m.messageId)?.[1])
    expect(arrivedIds).toHaveLength(20)
    expect(new Set(arrivedIds)).toEqual(ids)
    const statuses = await t.db.selectFrom('email_outbox').select('status').execute()
    expect(statuses.every((s) => s.status === 'sent')).toBe(true)
  })

  // SQLite has one writer: a claim there cannot overlap another, so this case exists (and is
  // declared) only on PostgreSQL rather than shown as skipped on SQLite.
  const onPostgres = testDialect() === 'postgres' ? test : () => undefined
  onPostgres(
    'rows another worker is still claiming are skipped, not waited for or taken twice',
    async () => {
      for (let i = 0; i < 10; i++) {
        await sendEmail(t.db, { to: `c${i}@example.com`, subject: `n${i}`, text: 'x' })
      }
      let release = () => {}
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      let first: { id: string }[] = []
      let firstClaimed = () => {}
      const claimedInTransaction = new Promise<void>((resolve) => {
        firstClaimed = resolve
      })
      // Worker A claims 5 rows in a transaction it keeps open, so their row locks stay held.
      const workerA = t.db.transaction().execute(async (trx) => {
        first = await claimDueEmails(trx, { limit: 5 })
        firstClaimed()
        await held
      })
      try {
        await claimedInTransaction
        let timer: NodeJS.Timeout | undefined
        const blocked = new Promise<'blocked'>((resolve) => {
          timer = setTimeout(() => resolve('blocked'), 3000)
        })
        const second = await Promise.race([claimDueEmails(t.db, { limit: 10 }), blocked])
        clearTimeout(timer)
        expect(second).not.toBe('blocked')
        const secondIds = second === 'blocked' ? [] : second.map((email) => email.id)
        expect(first).toHaveLength(5)
        expect(secondIds).toHaveLength(5)
        expect(secondIds.filter((id) => first.some((email) => email.id === id))).toEqual([])
      } finally {
        release()
        await workerA
      }
    },
  )

  test('a claim left by a crashed worker is taken over once it is stale, not before', async () => {
    const stale = await sendEmail(t.db, { to: 'ann@example.com', subject: 'Stale', text: 'x' })
    const live = await sendEmail(t.db, { to: 'bob@example.com', subject: 'Live', text: 'x' })
    const now = new Date()
    await t.db
      .updateTable('email_outbox')
      .set({ status: 'sending', claimed_at: new Date(now.getTime() - STALE_CLAIM_MS - 1000) })
      .where('id', '=', stale.id)
      .execute()
    await t.db
      .updateTable('email_outbox')
      .set({ status: 'sending', claimed_at: new Date(now.getTime() - 60_000) })
      .where('id', '=', live.id)
      .execute()

    expect(await drainOutbox(t.db, delivery.deliver, { now })).toEqual({
      sent: 1,
      retried: 0,
      failed: 0,
    })
    expect(smtp.messages.map((m) => m.subject)).toEqual(['Stale'])
    expect((await row(stale.id)).status).toBe('sent')
    expect((await row(live.id)).status).toBe('sending')
  })

  test('a worker killed while sending leaves only that email claimed, not its whole batch', async () => {
    for (let i = 0; i < 5; i++) {
      await sendEmail(t.db, { to: `c${i}@example.com`, subject: `n${i}`, text: 'x' })
    }
    let died = () => {}
    const dead = new Promise<void>((resolve) => {
      died = resolve
    })
    let deliveries = 0
    // The second delivery never ends: the process was killed in the middle of it.
    void drainOutbox(t.db, async (email) => {
      deliveries++
      if (deliveries === 2) {
        died()
        await new Promise(() => {})
      }
      await delivery.deliver(email)
    })
    await dead
    const rows = await t.db.selectFrom('email_outbox').select('status').execute()
    expect(rows.map((r) => r.status).sort()).toEqual([
      'pending',
      'pending',
      'pending',
      'sending',
      'sent',
    ])
  })

  test('a worker whose claim was taken over does not overwrite the new result', async () => {
    const { id } = await sendEmail(t.db, { to: 'ann@example.com', subject: 'Slow', text: 'x' })
    const result = await drainOutbox(t.db, async () => {
      // Meanwhile the row is reclaimed by another worker, which marks it sent.
      await t.db
        .updateTable('email_outbox')
        .set({ status: 'sent', sent_at: new Date(), claimed_at: null })
        .where('id', '=', id)
        .execute()
      throw new Error('timed out')
    })
    expect(result).toEqual({ sent: 0, retried: 0, failed: 0 })
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 0, last_error: null })
  })
})

describe('the worker', () => {
  function memoryLogger() {
    const lines: Record<string, unknown>[] = []
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
        done()
      },
    })
    return { log: pino({ level: 'info' }, stream), lines }
  }

  let stopWorker: (() => Promise<void>) | undefined
  afterEach(async () => {
    await stopWorker?.()
    stopWorker = undefined
  })

  test('without SMTP_URL each email is logged once, its links redacted, and marked not_sent', async () => {
    const { log, lines } = memoryLogger()
    const worker = startOutboxWorker({
      db: t.db,
      smtpUrl: undefined,
      mailFrom: FROM,
      log,
      intervalMs: 60_000,
    })
    stopWorker = worker.stop
    const token = 'a-reset-token-that-works-once-0123456789'
    const reset = passwordResetEmail({
      farmName: 'Hillside Farm',
      baseUrl: 'https://shop.example',
      firstName: 'Ann',
      resetUrl: `/reset-password?token=${token}`,
      expiresInMinutes: 60,
    })
    const first = await sendEmail(t.db, {
      to: 'ann@example.com',
      ...reset,
      template: 'password-reset',
    })
    const second = await sendEmail(t.db, { to: 'bob@example.com', subject: 'Welcome', text: 'Hi' })

    await worker.drainNow()
    await worker.drainNow()

    expect((await row(first.id)).status).toBe('not_sent')
    expect((await row(second.id)).status).toBe('not_sent')
    const logged = lines.filter((line) => line.emailId !== undefined)
    expect(logged).toHaveLength(2)
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 30,
        emailId: first.id,
        to: 'ann@example.com',
        subject: 'Reset your password',
        text: expect.stringContaining('https://shop.example/reset-password?[redacted]'),
        template: 'password-reset',
      }),
    )
    // Anyone who reads the log could otherwise choose Ann's password.
    expect(JSON.stringify(lines)).not.toContain(token)
    // The admin's view of the outbox still has the working link.
    const stored = await t.db
      .selectFrom('email_outbox')
      .select('text_body')
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow()
    expect(stored.text_body).toContain(`reset-password?token=${token}`)
    expect(smtp.messages).toHaveLength(0)
  })

  test('with SMTP it sends what business code queued', async () => {
    const { log, lines } = memoryLogger()
    const worker = startOutboxWorker({
      db: t.db,
      smtpUrl: smtp.url,
      mailFrom: FROM,
      log,
      intervalMs: 60_000,
      batch: 2,
    })
    stopWorker = worker.stop
    const connectionsBefore = smtp.connections()
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      await sendEmail(t.db, { to: `${name}@example.com`, subject: `Hello ${name}`, text: 'x' })
    }
    // Batches of 2: one run keeps going while batches come back full.
    await worker.drainNow()
    expect(smtp.messages.map((m) => m.subject).sort()).toEqual([
      'Hello a',
      'Hello b',
      'Hello c',
      'Hello d',
      'Hello e',
    ])
    expect(lines.filter((line) => line.msg === 'email sent')).toHaveLength(5)
    // One SMTP connection for the run, not one per email.
    expect(smtp.connections() - connectionsBefore).toBe(1)
  })

  test('what a killed run left sending is sent when the next one starts on SQLite, and waits for the stale timeout on PostgreSQL', async () => {
    const a = await sendEmail(t.db, { to: 'ann@example.com', subject: 'Left a', text: 'x' })
    const b = await sendEmail(t.db, { to: 'bob@example.com', subject: 'Left b', text: 'x' })
    // The earlier run claimed both and was killed before it recorded anything.
    expect(await claimDueEmails(t.db)).toHaveLength(2)
    await new Promise((resolve) => setTimeout(resolve, 5))
    const { log, lines } = memoryLogger()
    const worker = startOutboxWorker({
      db: t.db,
      smtpUrl: smtp.url,
      mailFrom: FROM,
      log,
      intervalMs: 60_000,
    })
    stopWorker = worker.stop
    await worker.drainNow()
    if (t.dialect === 'sqlite') {
      // One process per SQLite file (ADR 2): nobody else can be sending them.
      expect(smtp.messages.map((m) => m.subject).sort()).toEqual(['Left a', 'Left b'])
      expect((await row(a.id)).status).toBe('sent')
      expect((await row(b.id)).status).toBe('sent')
      expect(lines).toContainEqual(
        expect.objectContaining({
          released: 2,
          msg: 'emails left sending by an earlier run queued again',
        }),
      )
    } else {
      // Another instance that is alive may be sending them right now.
      expect(smtp.messages).toHaveLength(0)
      expect((await row(a.id)).status).toBe('sending')
      expect((await row(b.id)).status).toBe('sending')
    }
  })

  test('polls on its own timer', async () => {
    const { log } = memoryLogger()
    const worker = startOutboxWorker({
      db: t.db,
      smtpUrl: smtp.url,
      mailFrom: FROM,
      log,
      intervalMs: 20,
    })
    stopWorker = worker.stop
    await sendEmail(t.db, { to: 'ann@example.com', subject: 'By timer', text: 'x' })
    expect((await smtp.waitFor((m) => m.subject === 'By timer')).to).toBe('ann@example.com')
  })

  test('a failing run is logged, not thrown, and stop() still resolves', async () => {
    const { log, lines } = memoryLogger()
    // A database without the outbox table: every query fails.
    const broken = openDatabase({ kind: 'sqlite', path: ':memory:' })
    const worker = startOutboxWorker({
      db: broken,
      smtpUrl: undefined,
      mailFrom: FROM,
      log,
      intervalMs: 60_000,
    })
    await expect(worker.drainNow()).resolves.toBeUndefined()
    await worker.stop()
    await broken.destroy()
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 50, msg: 'email outbox run failed' }),
    )
  })
})
