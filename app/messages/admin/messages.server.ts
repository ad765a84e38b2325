import type { PageInfo, PageRequest } from '~/platform/admin/pagination'
import { pageInfo } from '~/platform/admin/pagination'
import { recordAdminChange } from '~/platform/audit.server'
import type { DB } from '~/platform/db/db.server'
import { type ContactSubject, subjectLabel } from '../contact'

// The contact inbox (issue 6 item 7). A message arrives 'unread' (storeContactMessage),
// becomes 'read' when an admin opens it, and can be archived or moved back to the inbox.
// Every status change is audited with the admin who made it.

export const MESSAGE_STATUSES = ['unread', 'read', 'archived'] as const
export type MessageStatus = (typeof MESSAGE_STATUSES)[number]

export function isMessageStatus(value: unknown): value is MessageStatus {
  return MESSAGE_STATUSES.includes(value as MessageStatus)
}

export type MessageRow = {
  id: string
  name: string
  email: string
  subject: string
  created_at: Date
}

/** One tab of the inbox, newest first, with the count of every tab (three queries). */
export async function listMessages(
  db: DB,
  { status, page }: { status: MessageStatus; page: PageRequest },
): Promise<{ messages: MessageRow[]; info: PageInfo; counts: Record<MessageStatus, number> }> {
  const [grouped, rows] = await Promise.all([
    db
      .selectFrom('contact_submissions')
      .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute(),
    db
      .selectFrom('contact_submissions')
      .select(['id', 'name', 'email', 'subject', 'created_at'])
      .where('status', '=', status)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ])
  const counts: Record<MessageStatus, number> = { unread: 0, read: 0, archived: 0 }
  for (const row of grouped) if (isMessageStatus(row.status)) counts[row.status] = Number(row.n)
  return {
    messages: rows.map((row) => ({ ...row, subject: subjectText(row.subject) })),
    info: pageInfo(page, counts[status]),
    counts,
  }
}

/** The stored subject is the form's option value ('visit'); the admin reads its label. */
function subjectText(subject: string): string {
  return subjectLabel(subject as ContactSubject)
}

export type Message = MessageRow & {
  phone: string | null
  message: string
  status: MessageStatus
}

/**
 * Opens a message for an admin: an unread one becomes read (audited; a conditional UPDATE, so
 * two admins opening it at once record one change). Null for an unknown id.
 */
export async function openMessage(db: DB, id: string, actorId: string): Promise<Message | null> {
  await db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('contact_submissions')
      .set({ status: 'read' })
      .where('id', '=', id)
      .where('status', '=', 'unread')
      .executeTakeFirst()
    if (changed.numUpdatedRows > 0n) {
      await recordAdminChange(trx, {
        actorId,
        action: 'message.read',
        entityType: 'message',
        entityId: id,
        before: { status: 'unread' },
        after: { status: 'read' },
      })
    }
  })
  const row = await db
    .selectFrom('contact_submissions')
    .select(['id', 'name', 'email', 'phone', 'subject', 'message', 'status', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!row) return null
  return {
    ...row,
    subject: subjectText(row.subject),
    status: isMessageStatus(row.status) ? row.status : 'read',
  }
}

/** Moves a message to another tab; false for an unknown id. Audited when it changed. */
export async function setMessageStatus(
  db: DB,
  { id, status, actorId }: { id: string; status: MessageStatus; actorId: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('contact_submissions')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst()
    if (!row) return false
    if (row.status === status) return true
    await trx.updateTable('contact_submissions').set({ status }).where('id', '=', id).execute()
    await recordAdminChange(trx, {
      actorId,
      action: `message.${status === 'read' && row.status === 'archived' ? 'unarchive' : status}`,
      entityType: 'message',
      entityId: id,
      before: { status: row.status },
      after: { status },
    })
    return true
  })
}

/** The "Reply by email" link: the sender's address with "Re: <subject>", encoded. */
export function replyHref(email: string, subject: string): string {
  return `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}?subject=${encodeURIComponent(`Re: ${subject}`)}`
}
