import type { DB } from '~/platform/db/db.server'
import { syncReservations } from './reservations.server'
import { followingDate } from './schedule'
import { isFrequency } from './terms'

// The subscription's side of making a box (ADR 32; flows/renew-subscription.server.ts runs
// the box's one transaction over these): which subscriptions are due, claiming a box, and the
// cycle that records what became of it.

export type BoxDate = { subscriptionId: string; date: string; now: Date }

/** Active and paused subscriptions whose next box is on or before `lastDate`, soonest first. */
export function listSubscriptionsDueBy(db: DB, lastDate: string) {
  return db
    .selectFrom('subscriptions')
    .select(['id', 'next_date', 'window_id'])
    .where('status', 'in', ['active', 'paused'])
    .where('next_date', '<=', lastDate)
    .orderBy('next_date')
    .orderBy('id')
    .execute()
}

/**
 * Moves next_date past `date` if it is still that date and the subscription runs, and answers
 * the subscription as it is under the row lock that UPDATE took; null when there is no such
 * box (made by another run, skipped, moved, cancelled, or still waiting for its card).
 */
export async function claimBox(trx: DB, box: BoxDate) {
  const current = await trx
    .selectFrom('subscriptions')
    .select('frequency')
    .where('id', '=', box.subscriptionId)
    .executeTakeFirst()
  if (!current || !isFrequency(current.frequency)) return null
  const claimed = await trx
    .updateTable('subscriptions')
    .set({ next_date: followingDate(current.frequency, box.date), updated_at: box.now })
    .where('id', '=', box.subscriptionId)
    .where('next_date', '=', box.date)
    .where('frequency', '=', current.frequency)
    .where('status', 'in', ['active', 'paused'])
    .executeTakeFirst()
  if (claimed.numUpdatedRows === 0n) return null
  const sub = await trx
    .selectFrom('subscriptions')
    .select([
      'id',
      'customer_id',
      'status',
      'paused_until',
      'window_id',
      'shipping_method',
      'payment_method',
      'email',
      'phone',
      'first_name',
      'last_name',
      'street',
      'apartment',
      'city',
      'state',
      'zip_code',
    ])
    .where('id', '=', box.subscriptionId)
    .executeTakeFirstOrThrow()
  return { ...sub, frequency: current.frequency }
}

export type ClaimedBox = Awaited<ReturnType<typeof claimBox>> & {}

/** The first box after a pause: the subscription runs again. */
export async function resumeSubscription(trx: DB, subscriptionId: string): Promise<void> {
  await trx
    .updateTable('subscriptions')
    .set({ status: 'active', paused_until: null })
    .where('id', '=', subscriptionId)
    .execute()
}

/** The cycle row: one per subscription and date (a second insert breaks the unique pair). */
export async function recordCycle(
  trx: DB,
  box: Pick<BoxDate, 'subscriptionId' | 'date'>,
  status: 'ordered' | 'skipped' | 'failed',
  message: string | null,
): Promise<string> {
  const id = crypto.randomUUID()
  await trx
    .insertInto('subscription_cycles')
    .values({ id, subscription_id: box.subscriptionId, date: box.date, status, message })
    .execute()
  return id
}

/** The box's order, on its cycle. */
export async function setCycleOrder(trx: DB, cycleId: string, orderId: string): Promise<void> {
  await trx
    .updateTable('subscription_cycles')
    .set({ order_id: orderId })
    .where('id', '=', cycleId)
    .execute()
}

/** next_date moved on: the subscription's products are reserved for its next box, or not. */
export async function recountReservations(
  trx: DB,
  subscriptionId: string,
  now: Date,
): Promise<void> {
  const items = await trx
    .selectFrom('subscription_items')
    .select('product_id')
    .where('subscription_id', '=', subscriptionId)
    .execute()
  await syncReservations(trx, now, [...new Set(items.map((item) => item.product_id))])
}
