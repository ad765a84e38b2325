import type { ExpressionBuilder } from 'kysely'
import type { DB } from '~/platform/db/db.server'
import type { Database } from '~/platform/db/schema'

// The order's side of payments' hold sweep (ADR 30, issue 31 item 6; payments/hold-renewal):
// which orders hold a card, and the conditional UPDATEs that claim, renew or give up a hold,
// each guarded by the hold's reference so that only one sweep's answer lands.

/** Not claimed by a sweep, or claimed before `staleBefore` by one that died. */
const unclaimed = (staleBefore: Date) => (eb: ExpressionBuilder<Database, 'orders'>) =>
  eb.or([
    eb('hold_renewal_claimed_at', 'is', null),
    eb('hold_renewal_claimed_at', '<', staleBefore),
  ])

/** Cancelled orders still holding a card authorised after `since`: holds to release. */
export function listCancelledHolds(db: DB, since: Date, limit: number) {
  return db
    .selectFrom('orders')
    .select('id')
    .where('payment_status', '=', 'authorized')
    .where('hold_authorised_at', '>', since)
    .where('status', '=', 'cancelled')
    .limit(limit)
    .execute()
}

/**
 * Open, unweighed orders whose Stripe hold was authorised by `authorisedBy`, not given up and
 * not claimed by a live sweep (a claim before `staleBefore` is a dead sweep's), oldest first.
 */
export function listLapsingHolds(
  db: DB,
  { authorisedBy, staleBefore, limit }: { authorisedBy: Date; staleBefore: Date; limit: number },
) {
  return db
    .selectFrom('orders')
    .select([
      'id',
      'order_number',
      'customer_id',
      'authorised_cents',
      'authorization_reference',
      'hold_renewal_claimed_at',
    ])
    .where('payment_status', '=', 'authorized')
    .where('hold_authorised_at', '<=', authorisedBy)
    .where('payment_method', '=', 'stripe')
    .where('status', 'not in', ['cancelled', 'completed'])
    .where('weighed_at', 'is', null)
    .where('captured_cents', 'is', null)
    .where('hold_renewal_failed_at', 'is', null)
    .where(unclaimed(staleBefore))
    .orderBy('hold_authorised_at')
    .limit(limit)
    .execute()
}

/** Takes the order's hold renewal for this sweep; false when another sweep has it. */
export async function claimHoldRenewal(
  db: DB,
  { orderId, reference, now, staleBefore }: HoldRef & { now: Date; staleBefore: Date },
): Promise<boolean> {
  const claimed = await db
    .updateTable('orders')
    .set({ hold_renewal_claimed_at: now })
    .where('id', '=', orderId)
    .where('authorization_reference', '=', reference)
    .where('payment_status', '=', 'authorized')
    .where('weighed_at', 'is', null)
    .where('hold_renewal_failed_at', 'is', null)
    .where(unclaimed(staleBefore))
    .executeTakeFirst()
  return claimed.numUpdatedRows > 0n
}

type HoldRef = { orderId: string; reference: string }

/** The hold could not be renewed: it will lapse, and the order is not tried again. */
export async function markHoldUnrenewable(
  db: DB,
  { orderId, reference, now }: HoldRef & { now: Date },
): Promise<void> {
  await db
    .updateTable('orders')
    .set({ hold_renewal_failed_at: now, hold_renewal_claimed_at: null })
    .where('id', '=', orderId)
    .where('authorization_reference', '=', reference)
    .execute()
}

/**
 * The order now holds the renewed authorisation, only while it still holds the old one,
 * uncaptured, unweighed and not cancelled; false otherwise.
 */
export async function replaceHold(
  db: DB,
  { orderId, reference, renewed, now }: HoldRef & { renewed: string; now: Date },
): Promise<boolean> {
  const swapped = await db
    .updateTable('orders')
    .set({
      authorization_reference: renewed,
      hold_authorised_at: now,
      hold_renewal_claimed_at: null,
      updated_at: now,
    })
    .where('id', '=', orderId)
    .where('authorization_reference', '=', reference)
    .where('payment_status', '=', 'authorized')
    .where('status', '!=', 'cancelled')
    .where('weighed_at', 'is', null)
    .where('captured_cents', 'is', null)
    .executeTakeFirst()
  return swapped.numUpdatedRows > 0n
}
