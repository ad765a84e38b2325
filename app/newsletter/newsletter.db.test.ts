import pino from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { signUp } from '~/auth/accounts.server'
import { TOO_MANY_ATTEMPTS } from '~/platform/rate-limit.server'
import { createTestApp, TEST_BASE_URL } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { extractLinks } from '../../tests/setup/smtp'
import { NEWSLETTER_SUBSCRIBED, NewsletterTokenSchema } from './newsletter'
import {
  confirmNewsletterSubscription,
  findNewsletterSubscription,
  requestNewsletterSubscription,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from './newsletter.server'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})
beforeEach(async () => {
  await t.db.deleteFrom('newsletter_subscribers').execute()
  await t.db.deleteFrom('email_outbox').execute()
})

const log = pino({ level: 'silent' })
let ip = 0
const caller = () => ({ clientIp: `192.0.2.${++ip}`, log })

function subscriber(email: string) {
  return t.db
    .selectFrom('newsletter_subscribers')
    .select(['id', 'status', 'token', 'confirmed_at', 'unsubscribed_at'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow()
}

function emailsTo(to: string) {
  return t.db
    .selectFrom('email_outbox')
    .select(['subject', 'text_body', 'html_body', 'template'])
    .where('to_address', '=', to)
    .orderBy('created_at')
    .execute()
}

describe('subscribing', () => {
  test('a pending subscriber with an unguessable token and a confirmation email', async () => {
    expect(await subscribeToNewsletter(t.db, 'ann@example.com', caller())).toEqual({
      ok: true,
      message: NEWSLETTER_SUBSCRIBED,
    })
    const row = await subscriber('ann@example.com')
    expect(row).toMatchObject({ status: 'pending', confirmed_at: null, unsubscribed_at: null })
    expect(NewsletterTokenSchema.safeParse(row.token).success).toBe(true)

    const [email, ...more] = await emailsTo('ann@example.com')
    expect(more).toEqual([])
    expect(email?.template).toBe('newsletter-confirm')
    const query = new URLSearchParams({ token: row.token })
    const links = extractLinks(email?.text_body ?? '')
    expect(links).toContain(`${TEST_BASE_URL}/newsletter/confirm?${query}`)
    expect(links).toContain(`${TEST_BASE_URL}/newsletter/unsubscribe?${query}`)
    expect(email?.html_body).toContain(`${TEST_BASE_URL}/newsletter/unsubscribe?${query}`)
  })

  test('asking again while pending sends a fresh link; the old one stops working', async () => {
    await requestNewsletterSubscription(t.db, 'bea@example.com')
    const first = await subscriber('bea@example.com')
    await requestNewsletterSubscription(t.db, 'bea@example.com')
    const second = await subscriber('bea@example.com')
    expect(second.id).toBe(first.id)
    expect(second.token).not.toBe(first.token)
    expect(await emailsTo('bea@example.com')).toHaveLength(2)
    expect(await confirmNewsletterSubscription(t.db, first.token)).toBe(false)
    expect(await confirmNewsletterSubscription(t.db, second.token)).toBe(true)
  })

  test('an address already confirmed: same answer, no second row, no email', async () => {
    await requestNewsletterSubscription(t.db, 'cal@example.com')
    const row = await subscriber('cal@example.com')
    await confirmNewsletterSubscription(t.db, row.token)
    expect(await subscribeToNewsletter(t.db, 'cal@example.com', caller())).toEqual({
      ok: true,
      message: NEWSLETTER_SUBSCRIBED,
    })
    expect(await requestNewsletterSubscription(t.db, 'cal@example.com')).toBe('already-confirmed')
    const rows = await t.db
      .selectFrom('newsletter_subscribers')
      .select(['status', 'token'])
      .where('email', '=', 'cal@example.com')
      .execute()
    expect(rows).toEqual([{ status: 'confirmed', token: row.token }])
    expect(await emailsTo('cal@example.com')).toHaveLength(1)
  })

  test('two requests at once make one row', async () => {
    await Promise.all([
      requestNewsletterSubscription(t.db, 'dee@example.com'),
      requestNewsletterSubscription(t.db, 'dee@example.com'),
    ])
    const rows = await t.db
      .selectFrom('newsletter_subscribers')
      .select('id')
      .where('email', '=', 'dee@example.com')
      .execute()
    expect(rows).toHaveLength(1)
  })

  test('rate-limited per address and per client address', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await subscribeToNewsletter(t.db, 'eve@example.com', caller())).ok).toBe(true)
    }
    expect(await subscribeToNewsletter(t.db, 'eve@example.com', caller())).toEqual({
      ok: false,
      status: 429,
      message: TOO_MANY_ATTEMPTS,
    })
    expect(await emailsTo('eve@example.com')).toHaveLength(3)

    const oneClient = caller()
    for (let i = 0; i < 10; i++) {
      const outcome = await subscribeToNewsletter(t.db, `many-${i}@example.com`, oneClient)
      expect(outcome.ok).toBe(true)
    }
    expect((await subscribeToNewsletter(t.db, 'many-x@example.com', oneClient)).ok).toBe(false)
  })

  test('ticking the newsletter box at sign-up starts the same double opt-in', async () => {
    const outcome = await signUp(
      {
        firstName: 'Fay',
        lastName: 'Lee',
        email: 'fay@example.com',
        password: 'pasture-fresh-42',
        newsletter: true,
      },
      { request: new Request(`${TEST_BASE_URL}/signup`), clientIp: '192.0.2.250' },
    )
    expect(outcome.ok).toBe(true)
    expect((await subscriber('fay@example.com')).status).toBe('pending')
    const templates = (await emailsTo('fay@example.com')).map((email) => email.template)
    expect(templates).toContain('newsletter-confirm')
  })
})

describe('confirming and unsubscribing', () => {
  test('confirm, confirm again, unsubscribe, unsubscribe again', async () => {
    await requestNewsletterSubscription(t.db, 'gus@example.com')
    const { token } = await subscriber('gus@example.com')

    expect(await confirmNewsletterSubscription(t.db, token)).toBe(true)
    const confirmed = await subscriber('gus@example.com')
    expect(confirmed.status).toBe('confirmed')
    expect(confirmed.confirmed_at).toBeInstanceOf(Date)
    // A second click is not an error, and does not move the date.
    expect(await confirmNewsletterSubscription(t.db, token)).toBe(true)
    expect((await subscriber('gus@example.com')).confirmed_at).toEqual(confirmed.confirmed_at)

    expect(await findNewsletterSubscription(t.db, token)).toEqual({
      email: 'gus@example.com',
      status: 'confirmed',
    })
    expect(await unsubscribeFromNewsletter(t.db, token)).toBe(true)
    const gone = await subscriber('gus@example.com')
    expect(gone.status).toBe('unsubscribed')
    expect(gone.unsubscribed_at).toBeInstanceOf(Date)
    expect(await unsubscribeFromNewsletter(t.db, token)).toBe(true)
    expect((await subscriber('gus@example.com')).unsubscribed_at).toEqual(gone.unsubscribed_at)

    // The confirmation link cannot undo an unsubscribe.
    expect(await confirmNewsletterSubscription(t.db, token)).toBe(false)
    expect((await subscriber('gus@example.com')).status).toBe('unsubscribed')
  })

  test('a pending subscriber can unsubscribe from the confirmation email', async () => {
    await requestNewsletterSubscription(t.db, 'hal@example.com')
    const { token } = await subscriber('hal@example.com')
    expect(await unsubscribeFromNewsletter(t.db, token)).toBe(true)
    expect((await subscriber('hal@example.com')).status).toBe('unsubscribed')
  })

  test('subscribing again after unsubscribing: pending, new token, new email', async () => {
    await requestNewsletterSubscription(t.db, 'ivy@example.com')
    const first = await subscriber('ivy@example.com')
    await confirmNewsletterSubscription(t.db, first.token)
    await unsubscribeFromNewsletter(t.db, first.token)
    expect(await requestNewsletterSubscription(t.db, 'ivy@example.com')).toBe('confirmation-sent')
    const again = await subscriber('ivy@example.com')
    expect(again).toMatchObject({ id: first.id, status: 'pending', confirmed_at: null })
    expect(again.token).not.toBe(first.token)
    expect(await emailsTo('ivy@example.com')).toHaveLength(2)
  })

  test('unknown tokens change nothing', async () => {
    await requestNewsletterSubscription(t.db, 'jo@example.com')
    const unknown = 'A'.repeat(43)
    expect(await confirmNewsletterSubscription(t.db, unknown)).toBe(false)
    expect(await unsubscribeFromNewsletter(t.db, unknown)).toBe(false)
    expect(await findNewsletterSubscription(t.db, unknown)).toBeUndefined()
    expect(await confirmNewsletterSubscription(t.db, '')).toBe(false)
    expect((await subscriber('jo@example.com')).status).toBe('pending')
  })
})
