import { toCsv } from '~/platform/admin/csv'
import { type PageInfo, type PageRequest, pageInfo } from '~/platform/admin/pagination'
import type { DB } from '~/platform/db/db.server'
import type { NewsletterStatus } from '../newsletter.server'

// Newsletter subscribers for the admin (D13): a list by status and the CSV export the farm
// takes to its mailing tool.

export const SUBSCRIBER_STATUSES = [
  'confirmed',
  'pending',
  'unsubscribed',
] as const satisfies readonly NewsletterStatus[]

export function isSubscriberStatus(value: unknown): value is NewsletterStatus {
  return SUBSCRIBER_STATUSES.includes(value as NewsletterStatus)
}

export type SubscriberRow = {
  id: string
  email: string
  status: string
  created_at: Date
  confirmed_at: Date | null
  unsubscribed_at: Date | null
}

const SUBSCRIBER_COLUMNS = [
  'id',
  'email',
  'status',
  'created_at',
  'confirmed_at',
  'unsubscribed_at',
] as const

/** One page of subscribers (all, or one status), newest first, with counts by status. */
export async function listSubscribers(
  db: DB,
  { status, page }: { status: NewsletterStatus | null; page: PageRequest },
): Promise<{
  subscribers: SubscriberRow[]
  info: PageInfo
  counts: Record<NewsletterStatus, number>
}> {
  const [grouped, subscribers] = await Promise.all([
    db
      .selectFrom('newsletter_subscribers')
      .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute(),
    db
      .selectFrom('newsletter_subscribers')
      .select(SUBSCRIBER_COLUMNS)
      .$if(status !== null, (q) => q.where('status', '=', status as NewsletterStatus))
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ])
  const counts: Record<NewsletterStatus, number> = { confirmed: 0, pending: 0, unsubscribed: 0 }
  for (const row of grouped) if (isSubscriberStatus(row.status)) counts[row.status] = Number(row.n)
  const total = status ? counts[status] : counts.confirmed + counts.pending + counts.unsubscribed
  return { subscribers, info: pageInfo(page, total), counts }
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled.
 * A cell a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage
 * return) is prefixed with a single quote, so an address like "=HYPERLINK(...)" stays text.
 */
const iso = (date: Date | null) => (date ? date.toISOString() : null)

/** Every subscriber (or one status) as CSV, oldest first; one query. */
export async function exportSubscribersCsv(
  db: DB,
  status: NewsletterStatus | null,
): Promise<string> {
  const rows = await db
    .selectFrom('newsletter_subscribers')
    .select(SUBSCRIBER_COLUMNS)
    .$if(status !== null, (q) => q.where('status', '=', status as NewsletterStatus))
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return toCsv([
    ['email', 'status', 'subscribed', 'confirmed', 'unsubscribed'],
    ...rows.map((row) => [
      row.email,
      row.status,
      iso(row.created_at),
      iso(row.confirmed_at),
      iso(row.unsubscribed_at),
    ]),
  ])
}
