import { Writable } from 'node:stream'
import pino from 'pino'
import { afterEach, describe, expect, test } from 'vitest'
import { passwordResetEmail } from '~/auth/emails/password-reset'
import { openDatabase } from '~/platform/db/db.server'
import { OUTBOX_FROM, setUpOutboxTest } from '../../tests/support/outbox'
import { claimDueEmails, sendEmail } from './outbox.server'
import { startOutboxWorker } from './worker.server'

// The outbox worker, on SQLite and on PostgreSQL: logging without SMTP, sending with it, picking
// up what a killed run left, its timer, and its failures.

const scene = setUpOutboxTest()

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
      db: scene.t.db,
      smtpUrl: undefined,
      mailFrom: OUTBOX_FROM,
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
    const first = await sendEmail(scene.t.db, {
      to: 'ann@example.com',
      ...reset,
      template: 'password-reset',
    })
    const second = await sendEmail(scene.t.db, {
      to: 'bob@example.com',
      subject: 'Welcome',
      text: 'Hi',
    })

    await worker.drainNow()
    await worker.drainNow()

    expect((await scene.row(first.id)).status).toBe('not_sent')
    expect((await scene.row(second.id)).status).toBe('not_sent')
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
    const stored = await scene.t.db
      .selectFrom('email_outbox')
      .select('text_body')
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow()
    expect(stored.text_body).toContain(`reset-password?token=${token}`)
    expect(scene.smtp.messages).toHaveLength(0)
  })

  test('with SMTP it sends what business code queued', async () => {
    const { log, lines } = memoryLogger()
    const worker = startOutboxWorker({
      db: scene.t.db,
      smtpUrl: scene.smtp.url,
      mailFrom: OUTBOX_FROM,
      log,
      intervalMs: 60_000,
      batch: 2,
    })
    stopWorker = worker.stop
    const connectionsBefore = scene.smtp.connections()
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      await sendEmail(scene.t.db, {
        to: `${name}@example.com`,
        subject: `Hello ${name}`,
        text: 'x',
      })
    }
    // Batches of 2: one run keeps going while batches come back full.
    await worker.drainNow()
    expect(scene.smtp.messages.map((m) => m.subject).sort()).toEqual([
      'Hello a',
      'Hello b',
      'Hello c',
      'Hello d',
      'Hello e',
    ])
    expect(lines.filter((line) => line.msg === 'email sent')).toHaveLength(5)
    // One SMTP connection for the run, not one per email.
    expect(scene.smtp.connections() - connectionsBefore).toBe(1)
  })

  test('what a killed run left sending is sent when the next one starts on SQLite, and waits for the stale timeout on PostgreSQL', async () => {
    const a = await sendEmail(scene.t.db, { to: 'ann@example.com', subject: 'Left a', text: 'x' })
    const b = await sendEmail(scene.t.db, { to: 'bob@example.com', subject: 'Left b', text: 'x' })
    // The earlier run claimed both and was killed before it recorded anything.
    expect(await claimDueEmails(scene.t.db)).toHaveLength(2)
    await new Promise((resolve) => setTimeout(resolve, 5))
    const { log, lines } = memoryLogger()
    const worker = startOutboxWorker({
      db: scene.t.db,
      smtpUrl: scene.smtp.url,
      mailFrom: OUTBOX_FROM,
      log,
      intervalMs: 60_000,
    })
    stopWorker = worker.stop
    await worker.drainNow()
    if (scene.t.dialect === 'sqlite') {
      // One process per SQLite file (ADR 2): nobody else can be sending them.
      expect(scene.smtp.messages.map((m) => m.subject).sort()).toEqual(['Left a', 'Left b'])
      expect((await scene.row(a.id)).status).toBe('sent')
      expect((await scene.row(b.id)).status).toBe('sent')
      expect(lines).toContainEqual(
        expect.objectContaining({
          released: 2,
          msg: 'emails left sending by an earlier run queued again',
        }),
      )
    } else {
      // Another instance that is alive may be sending them right now.
      expect(scene.smtp.messages).toHaveLength(0)
      expect((await scene.row(a.id)).status).toBe('sending')
      expect((await scene.row(b.id)).status).toBe('sending')
    }
  })

  test('polls on its own timer', async () => {
    const { log } = memoryLogger()
    const worker = startOutboxWorker({
      db: scene.t.db,
      smtpUrl: scene.smtp.url,
      mailFrom: OUTBOX_FROM,
      log,
      intervalMs: 20,
    })
    stopWorker = worker.stop
    await sendEmail(scene.t.db, { to: 'ann@example.com', subject: 'By timer', text: 'x' })
    expect((await scene.smtp.waitFor((m) => m.subject === 'By timer')).to).toBe('ann@example.com')
  })

  test('a failing run is logged, not thrown, and stop() still resolves', async () => {
    const { log, lines } = memoryLogger()
    // A database without the outbox table: every query fails.
    const broken = openDatabase({ kind: 'sqlite', path: ':memory:' })
    const worker = startOutboxWorker({
      db: broken,
      smtpUrl: undefined,
      mailFrom: OUTBOX_FROM,
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
