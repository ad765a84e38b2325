import { type PageInfo, type PageRequest, pageInfo } from '~/platform/admin/pagination'
import { recordAdminChange } from '~/platform/audit.server'
import type { DB } from '~/platform/db/db.server'
import type { OutboxStatus } from '../outbox.server'

// The outbox as the admin sees it (issue 6 item 11): every email the shop queued, its status
// and, when delivery failed, the reason; a failed or never-sent email can be sent again.

export const OUTBOX_STATUSES = [
  'pending',
  'sending',
  'sent',
  'failed',
  'not_sent',
] as const satisfies readonly OutboxStatus[]

export function isOutboxStatus(value: unknown): value is OutboxStatus {
  return OUTBOX_STATUSES.includes(value as OutboxStatus)
}

/** Statuses an admin may send again: delivery gave up, or there was no mail server (ADR 5). */
export const RESENDABLE: readonly OutboxStatus[] = ['failed', 'not_sent']

export type OutboxRow = {
  id: string
  to_address: string
  subject: string
  template: string | null
  status: string
  attempts: number
  last_error: string | null
  created_at: Date
  sent_at: Date | null
}

const ROW_COLUMNS = [
  'id',
  'to_address',
  'subject',
  'template',
  'status',
  'attempts',
  'last_error',
  'created_at',
  'sent_at',
] as const

/** One page of the outbox (all, or one status), newest first, with counts by status. */
export async function listOutbox(
  db: DB,
  { status, page }: { status: OutboxStatus | null; page: PageRequest },
): Promise<{ emails: OutboxRow[]; info: PageInfo; counts: Record<OutboxStatus, number> }> {
  const [grouped, emails] = await Promise.all([
    db
      .selectFrom('email_outbox')
      .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute(),
    db
      .selectFrom('email_outbox')
      .select(ROW_COLUMNS)
      .$if(status !== null, (q) => q.where('status', '=', status as OutboxStatus))
      // Both descending, so email_outbox_created_idx (created_at, id) read backwards is the
      // order (or email_outbox_status_created_idx for one status).
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ])
  const counts = Object.fromEntries(OUTBOX_STATUSES.map((s) => [s, 0])) as Record<
    OutboxStatus,
    number
  >
  for (const row of grouped) if (isOutboxStatus(row.status)) counts[row.status] = Number(row.n)
  const total = status ? counts[status] : Object.values(counts).reduce((a, b) => a + b, 0)
  return { emails, info: pageInfo(page, total), counts }
}

export type OutboxEmailView = OutboxRow & { text_body: string; send_after: Date }

/** One email with its text body (never its HTML: the admin reads it as text). */
export async function getOutboxEmail(db: DB, id: string): Promise<OutboxEmailView | null> {
  const row = await db
    .selectFrom('email_outbox')
    .select([...ROW_COLUMNS, 'text_body', 'send_after'])
    .where('id', '=', id)
    .executeTakeFirst()
  return row ?? null
}

export type ResendOutcome = 'queued' | 'not_found' | 'not_resendable'

/**
 * Puts a failed or never-sent email back in the queue: the same row becomes 'pending', due
 * now, with its attempts reset so the worker tries it the usual five times. The UPDATE is
 * conditional on the status, so a double click or two admins queue it once. Audited.
 */
export async function resendEmail(
  db: DB,
  { id, actorId }: { id: string; actorId: string },
): Promise<ResendOutcome> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('email_outbox')
      .select(['status', 'attempts', 'last_error', 'to_address', 'subject'])
      .where('id', '=', id)
      .executeTakeFirst()
    if (!row) return 'not_found'
    if (!RESENDABLE.includes(row.status as OutboxStatus)) return 'not_resendable'
    const result = await trx
      .updateTable('email_outbox')
      .set({
        status: 'pending',
        attempts: 0,
        last_error: null,
        send_after: new Date(),
        claimed_at: null,
      })
      .where('id', '=', id)
      .where('status', '=', row.status)
      .executeTakeFirst()
    if (result.numUpdatedRows === 0n) return 'not_resendable'
    await recordAdminChange(trx, {
      actorId,
      action: 'email.resend',
      entityType: 'email',
      entityId: id,
      before: {
        to: row.to_address,
        subject: row.subject,
        status: row.status,
        attempts: row.attempts,
        last_error: row.last_error,
      },
      after: { to: row.to_address, subject: row.subject, status: 'pending', attempts: 0 },
    })
    return 'queued'
  })
}
