import type { DB } from '~/platform/db/db.server'

// The cycle's side of charging a box's saved card (ADR 32, issue 31; the charge itself is
// flows/charge-renewals.server.ts): taking the box's payment for a run, and what became of it.

/** A box's cycle as the charge step found it. */
export type ChargeCycle = {
  id: string
  charge_status: string
  charge_attempts: number
  payment_key: string | null
}

export type CardClaim = { attempt: number; key: string }

/**
 * Takes the cycle's payment for this run: the attempt to make and its key, or null when
 * another run, or the customer's pay link, has it (or it was paid meanwhile).
 */
export async function claimCardCharge(
  db: DB,
  cycle: ChargeCycle,
  now: Date,
  staleBefore: Date,
): Promise<CardClaim | null> {
  // A stale claim keeps its attempt and its key: see flows/charge-renewals.server.ts.
  const again = cycle.charge_status === 'charging'
  const attempt = again ? cycle.charge_attempts : cycle.charge_attempts + 1
  const key = (again && cycle.payment_key) || `charge:${cycle.id}:${attempt}`
  let update = db
    .updateTable('subscription_cycles')
    .set({
      charge_status: 'charging',
      charge_attempts: attempt,
      payer: 'card',
      payment_key: key,
      checkout_session_id: null,
      updated_at: now,
    })
    .where('id', '=', cycle.id)
    .where('charge_status', '=', cycle.charge_status)
    .where('charge_attempts', '=', cycle.charge_attempts)
  if (again) {
    update = update
      .where('updated_at', '<', staleBefore)
      .where((eb) => eb.or([eb('payer', 'is', null), eb('payer', '=', 'card')]))
  }
  if (cycle.charge_status === 'failed') update = update.where('retry_at', '<=', now)
  const claimed = await update.executeTakeFirst()
  return claimed.numUpdatedRows > 0n ? { attempt, key } : null
}

/**
 * The card was declined under this claim: 'failed' with a retry time, or 'retry_failed' on the
 * last attempt. False when the claim is no longer this run's.
 */
export async function markChargeFailed(
  trx: DB,
  claim: { cycleId: string; key: string; last: boolean; retryAt: Date | null; now: Date },
): Promise<boolean> {
  const failed = await trx
    .updateTable('subscription_cycles')
    .set({
      charge_status: claim.last ? 'retry_failed' : 'failed',
      retry_at: claim.retryAt,
      payer: null,
      updated_at: claim.now,
    })
    .where('id', '=', claim.cycleId)
    .where('charge_status', '=', 'charging')
    .where('payment_key', '=', claim.key)
    .executeTakeFirst()
  return failed.numUpdatedRows > 0n
}

/**
 * The money for the box is taken whatever became of its order: the cycle is paid, so its card
 * is never charged for it. Only under the claim with `key`, when one is given.
 */
export async function markCyclePaid(db: DB, cycleId: string, key?: string): Promise<void> {
  let update = db
    .updateTable('subscription_cycles')
    .set({ charge_status: 'paid', retry_at: null, updated_at: new Date() })
    .where('id', '=', cycleId)
  if (key !== undefined) update = update.where('payment_key', '=', key)
  await update.execute()
}
