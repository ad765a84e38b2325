import { randomBytes, randomUUID } from 'node:crypto'
import type { Logger } from 'pino'
import { sendEmail } from '~/email/outbox.server'
import { getFarmName } from '~/farm/farm.server'
import { newsletterConfirmEmail } from '~/newsletter/emails/newsletter-confirm'
import type { DB } from '~/platform/db/db.server'
import { getEnv } from '~/platform/env.server'
import {
  isRateLimited,
  limits,
  recordAttempt,
  TOO_MANY_ATTEMPTS,
} from '~/platform/rate-limit.server'
import { NEWSLETTER_FAILED, NEWSLETTER_SUBSCRIBED } from './newsletter'

// Newsletter subscriptions with double opt-in (D13). A subscriber row is 'pending' until its
// confirmation link is followed, then 'confirmed', and 'unsubscribed' after the one-click
// link that ends every newsletter email. One unguessable token per row serves both links.

export type NewsletterStatus = 'pending' | 'confirmed' | 'unsubscribed'

export type NewsletterOutcome =
  | { ok: true; message: string }
  | { ok: false; status: 429 | 500; message: string }

/** 256 random bits, base64url: 43 characters (NewsletterTokenSchema). */
export function newNewsletterToken(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * Starts, or starts again, a subscription and queues the confirmation email, in one
 * transaction. A pending or unsubscribed address gets a fresh token (older links stop
 * working) and a new email; a confirmed one is left alone. One upsert decides, so two
 * requests at once cannot make two rows. Returns what happened, which callers must not
 * show: the visitor's answer is the same either way (no account discovery).
 */
export async function requestNewsletterSubscription(
  db: DB,
  email: string,
  baseUrl: string = getEnv().baseUrl,
): Promise<'confirmation-sent' | 'already-confirmed'> {
  return db.transaction().execute(async (trx) => {
    const token = newNewsletterToken()
    const row = await trx
      .insertInto('newsletter_subscribers')
      .values({ id: randomUUID(), email, token, status: 'pending' })
      .onConflict((conflict) =>
        conflict
          .column('email')
          .doUpdateSet({ token, status: 'pending', confirmed_at: null, unsubscribed_at: null })
          .where('newsletter_subscribers.status', '<>', 'confirmed'),
      )
      .returning('token')
      .executeTakeFirst()
    if (!row) return 'already-confirmed'
    const farmName = await getFarmName(trx)
    const content = newsletterConfirmEmail({ farmName, baseUrl, token: row.token })
    await sendEmail(trx, { to: email, ...content, template: 'newsletter-confirm' })
    return 'confirmation-sent'
  })
}

/**
 * The newsletter form's action: rate-limited per client IP and per address (each request may
 * send an email), then requestNewsletterSubscription. A failure is logged and answered with
 * the specification's error text.
 */
export async function subscribeToNewsletter(
  db: DB,
  email: string,
  { clientIp, log }: { clientIp: string; log: Logger },
): Promise<NewsletterOutcome> {
  const keys = [limits.newsletterByIp(clientIp), limits.newsletterByEmail(email)]
  try {
    if (await isRateLimited(db, keys)) return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS }
    await recordAttempt(db, keys)
    await requestNewsletterSubscription(db, email)
    return { ok: true, message: NEWSLETTER_SUBSCRIBED }
  } catch (error) {
    log.error({ err: error }, 'newsletter subscription failed')
    return { ok: false, status: 500, message: NEWSLETTER_FAILED }
  }
}

/**
 * Follows a confirmation link. True when the subscription is confirmed now or already was
 * (a second click is not an error); false for an unknown token or an unsubscribed address,
 * which has to subscribe again.
 */
export async function confirmNewsletterSubscription(db: DB, token: string): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_subscribers')
    .set({ status: 'confirmed', confirmed_at: new Date() })
    .where('token', '=', token)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  if (result.numUpdatedRows > 0n) return true
  const row = await findNewsletterSubscription(db, token)
  return row?.status === 'confirmed'
}

/** Follows an unsubscribe link. True when unsubscribed now or already; false for an unknown token. */
export async function unsubscribeFromNewsletter(db: DB, token: string): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_subscribers')
    .set({ status: 'unsubscribed', unsubscribed_at: new Date() })
    .where('token', '=', token)
    .where('status', 'in', ['pending', 'confirmed'])
    .executeTakeFirst()
  if (result.numUpdatedRows > 0n) return true
  return (await findNewsletterSubscription(db, token)) !== undefined
}

/** The address and status behind a token, for the unsubscribe page's question. */
export async function findNewsletterSubscription(
  db: DB,
  token: string,
): Promise<{ email: string; status: NewsletterStatus } | undefined> {
  const row = await db
    .selectFrom('newsletter_subscribers')
    .select(['email', 'status'])
    .where('token', '=', token)
    .executeTakeFirst()
  return row && { email: row.email, status: row.status as NewsletterStatus }
}
