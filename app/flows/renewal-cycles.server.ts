import { placeSubscriptionOrder } from '~/flows/renew-subscription.server'
import { cutoffOf } from '~/fulfilment/windows'
import type { DB } from '~/platform/db/db.server'
import { addDays, farmDayOf, farmDayStart } from '~/platform/farm-clock'
import { getLogger } from '~/platform/log.server'

// The scheduler's first step (ADR 32): every box whose cut-off has passed is made now, or
// recorded as skipped or failed. Each box is its own transaction (placeSubscriptionOrder), so
// one that fails leaves the others alone, and several instances may run this at once.

export type DueCyclesResult = { made: number; failed: number; skipped: number }

/** Makes the boxes of active and paused subscriptions whose next box's cut-off is <= now. */
export async function makeDueCycles(db: DB, now: Date): Promise<DueCyclesResult> {
  // A cut-off falls at most this many days before its box: only boxes that near can be due.
  const lead = await db
    .selectFrom('fulfilment_windows')
    .select((eb) => [
      eb.fn.max('cutoff_days_before').as('days'),
      eb.fn.max('cutoff_hours').as('hours'),
    ])
    .executeTakeFirst()
  const leadDays = Math.max(Number(lead?.days ?? 0), Math.ceil(Number(lead?.hours ?? 0) / 24)) + 1
  const candidates = await db
    .selectFrom('subscriptions')
    .leftJoin('fulfilment_windows', 'fulfilment_windows.id', 'subscriptions.window_id')
    .select([
      'subscriptions.id',
      'subscriptions.next_date',
      'fulfilment_windows.id as window_id',
      'fulfilment_windows.start_time',
      'fulfilment_windows.cutoff_hours',
      'fulfilment_windows.cutoff_days_before',
      'fulfilment_windows.cutoff_time',
    ])
    .where('subscriptions.status', 'in', ['active', 'paused'])
    .where('subscriptions.next_date', '<=', addDays(farmDayOf(now), leadDays))
    .orderBy('subscriptions.next_date')
    .orderBy('subscriptions.id')
    .execute()

  const result: DueCyclesResult = { made: 0, failed: 0, skipped: 0 }
  for (const row of candidates) {
    // A window gone from the table has no cut-off: its box is due when its day begins, and is
    // recorded as failed with why (placeSubscriptionOrder).
    const cutoff =
      row.window_id !== null && row.start_time !== null
        ? cutoffOf(
            {
              startTime: row.start_time,
              cutoffHours: row.cutoff_hours,
              cutoffDaysBefore: row.cutoff_days_before,
              cutoffTime: row.cutoff_time,
            },
            row.next_date,
          )
        : farmDayStart(row.next_date)
    if (cutoff.getTime() > now.getTime()) continue
    try {
      const made = await placeSubscriptionOrder(db, {
        subscriptionId: row.id,
        date: row.next_date,
        now,
      })
      if (made.kind === 'ordered') result.made++
      else if (made.kind === 'failed') result.failed++
      else if (made.kind === 'skipped') result.skipped++
    } catch (error) {
      // One box that cannot be written must not stop the others; the next run tries it again.
      getLogger().error(
        { err: error, subscriptionId: row.id, date: row.next_date },
        'making a subscription box failed',
      )
    }
  }
  return result
}
