import { placeSubscriptionOrder } from '~/flows/renew-subscription.server'
import { longestCutoffLeadDays, windowCutoffsById } from '~/fulfilment/window-cutoffs.server'
import { cutoffOf } from '~/fulfilment/windows'
import type { DB } from '~/platform/db/db.server'
import { addDays, farmDayOf, farmDayStart } from '~/platform/farm-clock'
import { getLogger } from '~/platform/log.server'
import { listSubscriptionsDueBy } from '~/subscriptions/renewals.server'

// The scheduler's first step (ADR 32): every box whose cut-off has passed is made now, or
// recorded as skipped or failed. Each box is its own transaction (placeSubscriptionOrder), so
// one that fails leaves the others alone, and several instances may run this at once.

export type DueCyclesResult = { made: number; failed: number; skipped: number }

/** Makes the boxes of active and paused subscriptions whose next box's cut-off is <= now. */
export async function makeDueCycles(db: DB, now: Date): Promise<DueCyclesResult> {
  // A cut-off falls at most this many days before its box: only boxes that near can be due.
  const leadDays = (await longestCutoffLeadDays(db)) + 1
  const candidates = await listSubscriptionsDueBy(db, addDays(farmDayOf(now), leadDays))
  const cutoffs = await windowCutoffsById(
    db,
    candidates.map((row) => row.window_id),
  )

  const result: DueCyclesResult = { made: 0, failed: 0, skipped: 0 }
  for (const row of candidates) {
    // A window gone from the table has no cut-off: its box is due when its day begins, and is
    // recorded as failed with why (placeSubscriptionOrder).
    const rule = cutoffs.get(row.window_id)
    const cutoff = rule ? cutoffOf(rule, row.next_date) : farmDayStart(row.next_date)
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
