import type { Transaction } from 'kysely'
import { sendEmail } from '~/email/outbox.server'
import { getFarmBasics } from '~/farm/farm.server'
import { isFulfilmentMethod } from '~/fulfilment/methods'
import { getWindowCutoff } from '~/fulfilment/window-cutoffs.server'
import { cutoffOf, slotKey } from '~/fulfilment/windows'
import { boxNotMadeEmail } from '~/orders/emails/box-not-made'
import { loadBoxLines } from '~/orders/order-lines.server'
import { PAYMENT_METHODS, type PaymentMethod } from '~/orders/place-order'
import { Refusal, writeOrder } from '~/orders/place-order.server'
import type { DB } from '~/platform/db/db.server'
import type { Database } from '~/platform/db/schema'
import { getEnv } from '~/platform/env.server'
import { farmDayOf } from '~/platform/farm-clock'
import {
  type BoxDate,
  type ClaimedBox,
  claimBox,
  recordCycle,
  recountReservations,
  resumeSubscription,
  setCycleOrder,
} from '~/subscriptions/renewals.server'
import { isFrequency } from '~/subscriptions/terms'
import {
  BOX_MISSED,
  BOX_NOTHING_LEFT,
  BOX_PAUSED,
  BOX_WINDOW_GONE,
  boxRefusalMessage,
} from './renew-subscription'

// A subscription's box (ADR 32): made when its cut-off passes, through the same writeOrder as
// a shopper's checkout (catalog prices now, the subscriber discount, tax, stock, the window's
// capacity, the confirmation email), as of one millisecond before the cut-off.
//
// Once per subscription and date, however many instances run the scheduler: the transaction
// first claims the box by moving next_date on with a conditional UPDATE (`where next_date =
// :date`). On PostgreSQL a second instance's UPDATE waits for the first's row lock and then
// finds next_date moved (0 rows: 'already'); on SQLite transactions run one at a time. The
// cycle row (unique subscription + date) and the order's idempotency key
// (`subscription:{id}:{date}`) would refuse a second one in any case.
//
// A box that cannot be made (sold out, the day closed or full, nothing left to subscribe to)
// rolls back that transaction; a second one claims the box the same way, records the cycle as
// failed with why, and emails the customer. Nothing is charged and the next box goes on.

export type SubscriptionOrderResult =
  | { kind: 'ordered'; orderId: string; cycleId: string }
  | { kind: 'skipped'; cycleId: string }
  | { kind: 'failed'; cycleId: string; message: string }
  /** another run made or recorded this box first (or the subscription moved on or ended) */
  | { kind: 'already' }

/** Makes the box of `date`, or records why not. */
export async function placeSubscriptionOrder(
  db: DB,
  box: BoxDate,
): Promise<SubscriptionOrderResult> {
  const farm = await getFarmBasics(db)
  try {
    return await db.transaction().execute(async (trx) => {
      const sub = await claimBox(trx, box)
      if (!sub) return { kind: 'already' } as const
      if (sub.status === 'paused' && sub.paused_until !== null && sub.paused_until >= box.date) {
        const cycleId = await recordCycle(trx, box, 'skipped', BOX_PAUSED)
        await recountReservations(trx, sub.id, box.now)
        return { kind: 'skipped', cycleId } as const
      }
      if (box.date < farmDayOf(box.now)) {
        const cycleId = await recordCycle(trx, box, 'failed', BOX_MISSED)
        await recountReservations(trx, sub.id, box.now)
        await emailBoxNotMade(trx, sub, box, farm.name, BOX_MISSED)
        return { kind: 'failed', cycleId, message: BOX_MISSED } as const
      }
      // The cycle first: were it ever recorded already, nothing else is written.
      const cycleId = await recordCycle(trx, box, 'ordered', null)
      const orderId = await makeBox(trx, sub, box, farm.name)
      await setCycleOrder(trx, cycleId, orderId)
      await recountReservations(trx, sub.id, box.now)
      return { kind: 'ordered', orderId, cycleId } as const
    })
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: 'already' }
    if (!(error instanceof Refusal)) throw error
    return recordFailure(db, box, farm.name, boxRefusalMessage(error.result))
  }
}

async function recordFailure(
  db: DB,
  box: BoxDate,
  farmName: string,
  message: string,
): Promise<SubscriptionOrderResult> {
  try {
    return await db.transaction().execute(async (trx) => {
      const sub = await claimBox(trx, box)
      if (!sub) return { kind: 'already' } as const
      const cycleId = await recordCycle(trx, box, 'failed', message)
      await recountReservations(trx, sub.id, box.now)
      await emailBoxNotMade(trx, sub, box, farmName, message)
      return { kind: 'failed', cycleId, message } as const
    })
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: 'already' }
    throw error
  }
}

/** Writes the box's order; throws a Refusal when it cannot be made. Answers the order's id. */
async function makeBox(
  trx: Transaction<Database>,
  sub: ClaimedBox,
  box: BoxDate,
  farmName: string,
): Promise<string> {
  const refuse = (message: string): never => {
    throw new Refusal({ ok: false, reason: 'unavailable', message })
  }
  const window = await getWindowCutoff(trx, sub.window_id)
  if (!window?.isActive) return refuse(BOX_WINDOW_GONE)
  const cutoff = cutoffOf(window, box.date)
  if (!isFrequency(sub.frequency)) return refuse(BOX_NOTHING_LEFT)
  // What the farm stopped offering is left out of the box; the rest is still made.
  const items = await loadBoxLines(trx, sub.id, sub.frequency)
  const lines = items.filter((line) => line.onSale && line.subscribable)
  if (lines.length === 0) return refuse(BOX_NOTHING_LEFT)

  const shippingMethod = isFulfilmentMethod(sub.shipping_method) ? sub.shipping_method : 'pickup'
  const written = await writeOrder(
    trx,
    {
      customerId: sub.customer_id,
      idempotencyKey: `subscription:${sub.id}:${box.date}`,
      lines,
      contact: { email: sub.email, phone: sub.phone },
      shippingMethod,
      slot: slotKey(sub.window_id, box.date),
      shipTo: {
        firstName: sub.first_name,
        lastName: sub.last_name,
        street: sub.street,
        apartment: sub.apartment,
        city: sub.city,
        state: sub.state,
        zipCode: sub.zip_code,
      },
      paymentMethod: paymentMethodOf(sub.payment_method),
      promoCode: null,
    },
    // As of just before the cut-off: the box is due then, whenever this run got to it.
    {
      stock: 'subscriber',
      now: new Date(cutoff.getTime() - 1),
      farmName,
      // Every item's reservation is recounted once the box is made, the left-out ones too.
      lockAlso: items.map((item) => item.productId),
    },
  )
  // The first box after a pause: the subscription runs again.
  if (sub.status === 'paused') await resumeSubscription(trx, sub.id)
  // Card boxes stay 'pending_payment' for the charge step (chargeDueCycles); paid at pickup,
  // they wait for the handover like any pay-at-pickup order (the offline provider does nothing).
  return written.order.id
}

function paymentMethodOf(method: string): PaymentMethod {
  return (PAYMENT_METHODS as readonly string[]).includes(method)
    ? (method as PaymentMethod)
    : 'offline'
}

async function emailBoxNotMade(
  trx: DB,
  sub: ClaimedBox,
  box: BoxDate,
  farmName: string,
  reason: string,
): Promise<void> {
  const content = boxNotMadeEmail({
    farmName,
    baseUrl: getEnv().baseUrl,
    firstName: sub.first_name,
    date: box.date,
    reason,
  })
  await sendEmail(trx, { to: sub.email, ...content, template: 'box-not-made' })
}

function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const { code } = error as Error & { code?: unknown }
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE'
}
