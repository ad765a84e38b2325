import pino from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { TOO_MANY_ATTEMPTS } from '~/platform/rate-limit.server'
import { createTestApp, TEST_BASE_URL } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { CONTACT_FAILED, CONTACT_SENT, type ContactInput } from './contact'
import { getContactPage, storeContactMessage, submitContactMessage } from './contact.server'

// The outbox as it is, unless a test asks it to fail: the failure must take the stored
// message with it (one transaction, D12).
const outbox = vi.hoisted(() => ({ fail: false }))
vi.mock('~/email/outbox.server', async (importOriginal) => {
  const actual = await importOriginal<typeof import('~/email/outbox.server')>()
  return {
    ...actual,
    sendEmail: async (...args: Parameters<typeof actual.sendEmail>) => {
      if (outbox.fail) throw new Error('outbox unavailable')
      return actual.sendEmail(...args)
    },
  }
})

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
  await t.db
    .updateTable('farm_info')
    .set({ name: 'Hillside Farm', contact_email: 'farm@hillside.example' })
    .where('id', '=', 1)
    .execute()
})
afterAll(async () => {
  await t?.cleanup()
})
beforeEach(async () => {
  outbox.fail = false
  await t.db.deleteFrom('contact_submissions').execute()
  await t.db.deleteFrom('email_outbox').execute()
})

const log = pino({ level: 'silent' })
let ip = 0
const caller = () => ({ clientIp: `203.0.113.${++ip}`, log })

const message: ContactInput = {
  name: 'Ann <b>Lee</b>',
  email: 'ann@example.com',
  phone: '(208) 555-0100',
  subject: 'visit',
  message: 'Can we visit on Saturday?\nWe are four.',
}

async function counts() {
  const [submissions, emails] = await Promise.all([
    t.db.selectFrom('contact_submissions').select('id').execute(),
    t.db.selectFrom('email_outbox').select('id').execute(),
  ])
  return { submissions: submissions.length, emails: emails.length }
}

describe('a contact message', () => {
  test('is stored unread and the farm is emailed about it', async () => {
    const outcome = await submitContactMessage(t.db, message, caller())
    expect(outcome).toMatchObject({ ok: true, message: CONTACT_SENT })
    if (!outcome.ok) return
    const stored = await t.db
      .selectFrom('contact_submissions')
      .select(['id', 'name', 'email', 'phone', 'subject', 'message', 'status'])
      .executeTakeFirstOrThrow()
    expect(stored).toEqual({ id: outcome.id, ...message, status: 'unread' })

    const email = await t.db
      .selectFrom('email_outbox')
      .select(['to_address', 'subject', 'text_body', 'html_body', 'template', 'status'])
      .executeTakeFirstOrThrow()
    expect(email).toMatchObject({
      to_address: 'farm@hillside.example',
      subject: 'New message from Ann <b>Lee</b>: Farm Visit',
      template: 'contact-notification',
      status: 'pending',
    })
    expect(email.text_body).toContain('Can we visit on Saturday?\nWe are four.')
    expect(email.html_body).toContain('Ann &lt;b&gt;Lee&lt;/b&gt;')
    expect(email.html_body).toContain('href="mailto:ann@example.com?subject=Re%3A%20Farm%20Visit"')
  })

  test('without a phone number', async () => {
    const outcome = await submitContactMessage(t.db, { ...message, phone: null }, caller())
    expect(outcome.ok).toBe(true)
    const stored = await t.db
      .selectFrom('contact_submissions')
      .select('phone')
      .executeTakeFirstOrThrow()
    expect(stored.phone).toBeNull()
  })

  test('when the email cannot be queued, nothing is stored and the visitor is told', async () => {
    outbox.fail = true
    const outcome = await submitContactMessage(t.db, message, caller())
    expect(outcome).toEqual({ ok: false, status: 500, message: CONTACT_FAILED })
    expect(await counts()).toEqual({ submissions: 0, emails: 0 })
  })

  test('message and email share the caller transaction: a rollback leaves neither', async () => {
    await expect(
      t.db.transaction().execute(async (trx) => {
        await storeContactMessage(trx, message, TEST_BASE_URL)
        expect(await trx.selectFrom('contact_submissions').select('id').execute()).toHaveLength(1)
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    expect(await counts()).toEqual({ submissions: 0, emails: 0 })
  })

  test('five a minute per client address, then 429 and nothing more is stored', async () => {
    const sameClient = caller()
    for (let i = 0; i < 5; i++) {
      expect((await submitContactMessage(t.db, message, sameClient)).ok).toBe(true)
    }
    expect(await submitContactMessage(t.db, message, sameClient)).toEqual({
      ok: false,
      status: 429,
      message: TOO_MANY_ATTEMPTS,
    })
    expect(await counts()).toEqual({ submissions: 5, emails: 5 })
    // Another visitor is not held up.
    expect((await submitContactMessage(t.db, message, caller())).ok).toBe(true)
  })
})

describe('the contact page', () => {
  test('farm details and no map embed without MAPS_EMBED_KEY', async () => {
    const page = await getContactPage(t.db)
    expect(page.farm).toMatchObject({
      name: 'Hillside Farm',
      contact_email: 'farm@hillside.example',
    })
    expect(page.mapEmbedUrl).toBeNull()
    expect(page.siteUrl).toBe(TEST_BASE_URL)
  })
})
