import { describe, expect, test } from 'vitest'
import { passwordResetEmail } from '~/auth/emails/password-reset'
import { extractLinks } from '../../tests/setup/smtp'
import { OUTBOX_FROM, setUpOutboxTest } from '../../tests/support/outbox'
import { claimDueEmails, drainOutbox, retryDelayMs, sendEmail } from './outbox.server'

// The outbox against a real SMTP server on loopback, on SQLite and on PostgreSQL: an email
// written in the caller's transaction, and its delivery, retries and failure.

const scene = setUpOutboxTest()

describe('sendEmail writes inside the caller’s transaction', () => {
  test('a rolled-back transaction leaves no email behind', async () => {
    let id = ''
    await expect(
      scene.t.db.transaction().execute(async (trx) => {
        id = (await sendEmail(trx, { to: 'ann@example.com', subject: 'Hi', text: 'Hello' })).id
        throw new Error('the order failed')
      }),
    ).rejects.toThrow('the order failed')
    expect(id).not.toBe('')
    const found = await scene.t.db
      .selectFrom('email_outbox')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst()
    expect(found).toBeUndefined()
  })

  test('a committed one is pending, due now, with no attempts', async () => {
    const { id } = await scene.t.db.transaction().execute((trx) =>
      sendEmail(trx, {
        to: 'ann@example.com',
        subject: 'Hi',
        text: 'Hello',
        html: '<p>Hello</p>',
        template: 'greeting',
      }),
    )
    const stored = await scene.t.db
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
    const { send_after } = await scene.row(id)
    expect(send_after.getTime()).toBeLessThanOrEqual(Date.now() + 1000)
  })

  test('a subject holding a line break is stored as one line, so it cannot add a header', async () => {
    const { id } = await sendEmail(scene.t.db, {
      to: 'ann@example.com',
      subject: 'Welcome to Lee meadow farm Subject: hi\r\nBcc: everyone@evil.example',
      text: 'Hello',
    })
    const { subject } = await scene.t.db
      .selectFrom('email_outbox')
      .select('subject')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(subject).toBe('Welcome to Lee meadow farm Subject: hi Bcc: everyone@evil.example')
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
    const { id } = await sendEmail(scene.t.db, {
      to: 'zoe@example.com',
      ...email,
      template: 'password-reset',
    })

    const result = await drainOutbox(scene.t.db, scene.delivery.deliver)
    expect(result).toEqual({ sent: 1, retried: 0, failed: 0 })

    const mail = await scene.smtp.waitFor((m) => m.envelope.to.includes('zoe@example.com'))
    expect(mail.subject).toBe('Reset your password')
    expect(mail.to).toBe('zoe@example.com')
    expect(mail.from).toBe(OUTBOX_FROM)
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

    const after = await scene.row(id)
    expect(after.status).toBe('sent')
    expect(after.sent_at).toBeInstanceOf(Date)
    expect(after.claimed_at).toBeNull()
    expect(after.attempts).toBe(0)
  })

  test('encoded subjects, long lines and text-only mail survive the trip', async () => {
    const subject = `Grüße von der Farm: ${'sehr '.repeat(20)}lang ✓`
    const text = `${'A long line without breaks '.repeat(12)}\nÄpfel & Eier = frisch\n`
    await sendEmail(scene.t.db, { to: 'ann@example.com', subject, text })
    await drainOutbox(scene.t.db, scene.delivery.deliver)
    const mail = await scene.smtp.waitFor()
    expect(mail.subject).toBe(subject)
    expect(mail.text).toBe(text)
    expect(mail.html).toBeUndefined()
  })

  test('a refused message goes back to pending with backoff, then fails after maxAttempts', async () => {
    const { id } = await sendEmail(scene.t.db, {
      to: 'ann@example.com',
      subject: 'Retry',
      text: 'x',
    })
    scene.smtp.rejectNext(3, 451)
    const now = new Date()

    expect(await drainOutbox(scene.t.db, scene.delivery.deliver, { now, maxAttempts: 3 })).toEqual({
      sent: 0,
      retried: 1,
      failed: 0,
    })
    const first = await scene.row(id)
    expect(first.status).toBe('pending')
    expect(first.attempts).toBe(1)
    expect(first.last_error).toMatch(/451|refuses/)
    expect(first.send_after.getTime()).toBe(now.getTime() + retryDelayMs(1))
    expect(first.claimed_at).toBeNull()

    // Not due again until its send_after.
    expect(await drainOutbox(scene.t.db, scene.delivery.deliver, { now, maxAttempts: 3 })).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    })

    const later = new Date(now.getTime() + retryDelayMs(1))
    await drainOutbox(scene.t.db, scene.delivery.deliver, { now: later, maxAttempts: 3 })
    const second = await scene.row(id)
    expect([second.status, second.attempts]).toEqual(['pending', 2])
    expect(second.send_after.getTime()).toBe(later.getTime() + retryDelayMs(2))

    const last = new Date(later.getTime() + retryDelayMs(2))
    expect(
      await drainOutbox(scene.t.db, scene.delivery.deliver, { now: last, maxAttempts: 3 }),
    ).toEqual({
      sent: 0,
      retried: 0,
      failed: 1,
    })
    const failed = await scene.row(id)
    expect([failed.status, failed.attempts]).toEqual(['failed', 3])
    expect(failed.last_error).toBeTruthy()
    expect(scene.smtp.rejected()).toBe(3)
    expect(scene.smtp.messages).toHaveLength(0)

    // Given up means given up.
    const muchLater = new Date(last.getTime() + 24 * 60 * 60 * 1000)
    expect(await claimDueEmails(scene.t.db, { now: muchLater })).toEqual([])
  })

  test('backoff doubles from 30 seconds and stops growing at an hour', () => {
    expect([1, 2, 3, 4, 8, 20].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000,
    ])
  })

  test('a long error is stored truncated', async () => {
    const { id } = await sendEmail(scene.t.db, {
      to: 'ann@example.com',
      subject: 'Long',
      text: 'x',
    })
    await drainOutbox(scene.t.db, async () => {
      throw new Error('e'.repeat(5000))
    })
    expect((await scene.row(id)).last_error).toHaveLength(1000)
  })
})
