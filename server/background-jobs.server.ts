import type { Logger } from 'pino'
import { startGuestCartCleanup } from '../app/cart/cart-cleanup.server'
import { startOutboxWorker } from '../app/email/worker.server'
import { startScheduler } from '../app/flows/subscription-scheduler.server'
import { startReminders } from '../app/orders/fulfilment-reminders.server'
import { startHoldRenewals } from '../app/payments/hold-renewal.server'
import { startPayPalSweep } from '../app/payments/paypal-settle.server'
import { getPayPalClient } from '../app/payments/providers.server'
import type { DB } from '../app/platform/db/db.server'
import type { Env } from '../app/platform/env.server'
import { startHoldSweep } from '../app/waiting-list/holds.server'

// The shop's work done outside requests, run by one process per shop: the primary of a
// cluster, or the only process (in a cluster the primary sends email: one outbox per database
// file, releaseClaimsOfEarlierRuns).

/** Starts every background job; `stop` ends them, the outbox last, once its sends are done. */
export function startBackgroundJobs(db: DB, env: Env, log: Logger): { stop(): Promise<void> } {
  const outbox = startOutboxWorker({ db, smtpUrl: env.smtpUrl, mailFrom: env.mailFrom, log })
  const reminders = startReminders(db, log)
  // Waiting-list holds past their time go to the next in line (ADR 29).
  const holdSweep = startHoldSweep(db, log)
  // Card holds of by-weight orders renewed before they lapse, released when cancelled.
  const cardHolds = startHoldRenewals(db, log)
  // Guest carts nobody has changed for 30 days are deleted (issue 31).
  const cartCleanup = startGuestCartCleanup(db, log)
  // Subscription boxes made, charged and reminded (ADR 32); safe on every instance at once.
  const scheduler = env.subscriptionScheduler ? startScheduler(db, log) : undefined
  const paypal = getPayPalClient()
  const paypalSweep = paypal ? startPayPalSweep(db, paypal, log) : undefined
  return {
    async stop() {
      reminders.stop()
      holdSweep.stop()
      cardHolds.stop()
      cartCleanup.stop()
      scheduler?.stop()
      paypalSweep?.stop()
      await outbox.stop()
    },
  }
}
