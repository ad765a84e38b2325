import { z } from 'zod'
import { recordAdminChange } from '~/platform/audit.server'
import type { DB } from '~/platform/db/db.server'
import { parseSubmission, replyDone, replyRefused } from '~/platform/forms/conform'
import { settleHold } from '../holds.server'
import { notifyWaitingGroup } from '../restock.server'

// What the farm does to its waiting list (issue 6 item 6): "Notify now" for a group, and an
// entry marked fulfilled or removed.

/** Notify now: holds the group's free units for its queue and emails those it reaches. */
export async function notifyGroupNow(
  db: DB,
  actorId: string,
  group: { productId: string; variantId: string | null },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const notified = await notifyWaitingGroup(trx, group)
    if (notified > 0) {
      await recordAdminChange(trx, {
        actorId,
        action: 'waiting_list.notify',
        entityType: 'product',
        entityId: group.productId,
        after: { variantId: group.variantId, notified },
      })
    }
    return notified
  })
}

export type EntryChange = 'fulfilled' | 'removed'

/**
 * Marks a waiting or notified entry fulfilled, or removes it (kept, with status 'removed', so
 * the history stays). False when there is no such entry still open.
 */
export async function changeWaitingEntry(
  db: DB,
  actorId: string,
  entryId: string,
  to: EntryChange,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('waiting_list')
      .select(['status', 'product_id'])
      .where('id', '=', entryId)
      .executeTakeFirst()
    if (!before) return false
    const changed = await trx
      .updateTable('waiting_list')
      .set({ status: to })
      .where('id', '=', entryId)
      .where('status', 'in', ['waiting', 'notified'])
      .executeTakeFirst()
    if (changed.numUpdatedRows === 0n) return false
    // A live hold of the entry ends with it, and its units go on to the next in line.
    const live = await trx
      .selectFrom('stock_holds')
      .select('id')
      .where('waiting_list_id', '=', entryId)
      .where('status', '=', 'held')
      .execute()
    for (const hold of live) await settleHold(trx, hold.id, 'declined')
    await recordAdminChange(trx, {
      actorId,
      action: to === 'fulfilled' ? 'waiting_list.fulfil' : 'waiting_list.remove',
      entityType: 'waiting_list',
      entityId: entryId,
      before: { status: before.status, product_id: before.product_id },
      after: { status: to },
    })
    return true
  })
}

const id = z.string().min(1).max(100)
const WaitingListActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('notify'),
    productId: id,
    variantId: z
      .string()
      .max(100)
      .optional()
      .transform((text) => text || null),
  }),
  z.object({ intent: z.literal('fulfil'), entryId: id }),
  z.object({ intent: z.literal('remove'), entryId: id }),
])

/** The waiting list page's buttons, answered in the words shown above the list. */
export async function answerWaitingListForm(db: DB, form: FormData, actorId: string) {
  const submission = parseSubmission(form, WaitingListActionSchema)
  // Buttons, nothing typed: a bad post is told in words above the list.
  if (submission.status !== 'success') {
    return replyRefused(submission, 'That change could not be made.', 400)
  }
  const input = submission.value
  if (input.intent === 'notify') {
    const notified = await notifyGroupNow(db, actorId, input)
    return replyDone(
      submission,
      notified === 0
        ? 'Nobody emailed: nothing is free to hold (stock less the units already held), or everyone who asked has a hold already.'
        : `${notified} ${notified === 1 ? 'customer was' : 'customers were'} emailed, with units held for them.`,
    )
  }
  const to = input.intent === 'fulfil' ? 'fulfilled' : 'removed'
  const changed = await changeWaitingEntry(db, actorId, input.entryId, to)
  return changed
    ? replyDone(submission, to === 'fulfilled' ? 'Entry marked fulfilled.' : 'Entry removed.')
    : replyRefused(submission, 'That entry was not found, or it is already closed.', 404)
}
