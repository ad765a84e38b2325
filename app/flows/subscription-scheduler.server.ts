import type { Logger } from 'pino'
import type { DB } from '~/platform/db/db.server'
import { remindSubscribers } from '~/subscriptions/reminders.server'
import { syncReservations } from '~/subscriptions/reservations.server'
import { chargeDueCycles } from './charge-renewals.server'
import { makeDueCycles } from './renewal-cycles.server'

// The subscription scheduler (ADR 32): every minute, on the single server or a cluster's
// primary, and on every instance of a multi-instance shop. Running it on several instances at
// once is safe by design, not by a lock: each step claims its rows with a conditional UPDATE
// (a box by its subscription's next_date, a charge by its cycle's charge_status, a reminder
// by reminded_for), so whichever instance gets there first does the work and the others find
// nothing left to do.

export type SchedulerRun = {
  /** boxes whose order was placed, recorded as not made, and skipped (paused) */
  made: number
  failed: number
  skipped: number
  /** card charges that went through, and that were declined */
  paid: number
  declined: number
  reminded: number
}

/** One pass: make the boxes whose cut-off passed, charge them, remind, then recount reservations. */
export async function runScheduler(db: DB, now: Date): Promise<SchedulerRun> {
  const boxes = await makeDueCycles(db, now)
  const charges = await chargeDueCycles(db, now)
  const reminded = await remindSubscribers(db, now)
  // The horizon moves with the calendar: boxes come into the coming week without any change.
  await db.transaction().execute((trx) => syncReservations(trx, now))
  return { ...boxes, paid: charges.paid, declined: charges.failed, reminded }
}

const EVERY_MS = 60 * 1000

/** Runs the scheduler now and every minute; a run still going when the next is due is not doubled. */
export function startScheduler(db: DB, log: Logger): { stop(): void } {
  let running = false
  const run = () => {
    if (running) return
    running = true
    runScheduler(db, new Date())
      .then(
        (result) => {
          if (Object.values(result).some((count) => count > 0)) {
            log.info(result, 'subscription scheduler ran')
          }
        },
        (error) => log.error({ err: error }, 'the subscription scheduler failed'),
      )
      .finally(() => {
        running = false
      })
  }
  run()
  const timer = setInterval(run, EVERY_MS)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}
