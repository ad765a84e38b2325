import { randomUUID } from 'node:crypto'
import type { Logger } from 'pino'
import { sendEmail } from '~/email/outbox.server'
import { getFarmBasics } from '~/farm/farm.server'
import { contactNotificationEmail } from '~/messages/emails/contact-notification'
import type { DB } from '~/platform/db/db.server'
import { getEnv } from '~/platform/env.server'
import {
  isRateLimited,
  limits,
  recordAttempt,
  TOO_MANY_ATTEMPTS,
} from '~/platform/rate-limit.server'
import { CONTACT_FAILED, CONTACT_SENT, type ContactInput, subjectLabel } from './contact'

// The contact form on the server (D12): the message is stored for the admin inbox and the
// farm is emailed about it, in one transaction, so there is never a notification about a
// message that was not saved, nor a saved message nobody was told about.

export type ContactOutcome =
  | { ok: true; id: string; message: string }
  | { ok: false; status: 429 | 500; message: string }

/** Stores the message and queues the farm's notification on the caller's executor. */
export async function storeContactMessage(
  trx: DB,
  input: ContactInput,
  baseUrl: string,
): Promise<string> {
  const id = randomUUID()
  await trx
    .insertInto('contact_submissions')
    .values({
      id,
      name: input.name,
      email: input.email,
      phone: input.phone,
      subject: input.subject,
      message: input.message,
      status: 'unread',
    })
    .execute()
  const farm = await getFarmBasics(trx)
  const content = contactNotificationEmail({
    farmName: farm.name,
    baseUrl,
    name: input.name,
    email: input.email,
    phone: input.phone,
    subject: subjectLabel(input.subject),
    message: input.message,
  })
  await sendEmail(trx, { to: farm.contact_email, ...content, template: 'contact-notification' })
  return id
}

/**
 * What the contact page's action calls: rate-limited per client IP (each message costs an
 * email to the farm), then stored and notified in one transaction. A failure is logged and
 * answered with the specification's error text; nothing half-done remains.
 */
export async function submitContactMessage(
  db: DB,
  input: ContactInput,
  { clientIp, log }: { clientIp: string; log: Logger },
): Promise<ContactOutcome> {
  const keys = [limits.contactByIp(clientIp)]
  try {
    if (await isRateLimited(db, keys)) return { ok: false, status: 429, message: TOO_MANY_ATTEMPTS }
    await recordAttempt(db, keys)
    const id = await db
      .transaction()
      .execute((trx) => storeContactMessage(trx, input, getEnv().baseUrl))
    return { ok: true, id, message: CONTACT_SENT }
  } catch (error) {
    log.error({ err: error }, 'contact message could not be stored')
    return { ok: false, status: 500, message: CONTACT_FAILED }
  }
}

/**
 * The contact page: the farm's details (the same columns as every page's footer, which the
 * LocalBusiness JSON-LD needs too), the public origin, and a Google Maps embed URL when
 * MAPS_EMBED_KEY is set. Without a key the page shows a static map card and a link.
 */
export async function getContactPage(db: DB) {
  const env = getEnv()
  const farm = await getFarmBasics(db)
  const mapEmbedUrl = env.mapsEmbedKey
    ? `https://www.google.com/maps/embed/v1/place?${new URLSearchParams({
        key: env.mapsEmbedKey,
        q: `${farm.name}, ${farm.address}`,
      })}`
    : null
  return { farm, mapEmbedUrl, siteUrl: env.baseUrl }
}
