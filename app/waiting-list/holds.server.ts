import type { Logger } from 'pino'
import { changeHeld } from '~/catalog/held-stock.server'
import type { DB } from '~/platform/db/db.server'
import { hashHoldToken, isHoldToken } from './hold-token.server'
import type { HoldStatus } from './holds'
import { notifyWaitingGroup } from './restock.server'

// A hold's life after it is made (ADR 29): claimed by its holder's order, declined from the
// email's link, or expired by the sweep. Every change is one conditional UPDATE on the hold's
// status, so two sweeps, a sweep and a decline, or a sweep and the holder's order can never
// both settle one hold: the one that loses finds the status changed and does nothing. An
// expired or declined hold gives its units back and offers them to the next entry of the same
// product or option, in the same transaction; the hold row is locked before its stock row
// (the order restock.server.ts and placeOrder keep too).

export type HoldView = {
  id: string
  /** 'held' only while it lasts: a held row past its time reads 'expired' */
  status: HoldStatus
  customerId: string
  productId: string
  variantId: string | null
  productName: string
  variantName: string | null
  quantity: number
  expiresAt: Date
}

/** A hold with its customer and names, as the claim and decline pages and the account see it. */
function holdViews(db: DB) {
  return db
    .selectFrom('stock_holds as h')
    .innerJoin('waiting_list as w', 'w.id', 'h.waiting_list_id')
    .innerJoin('products as p', 'p.id', 'h.product_id')
    .leftJoin('product_variants as v', 'v.id', 'h.product_variant_id')
    .select([
      'h.id',
      'h.status',
      'w.customer_id',
      'h.product_id',
      'h.product_variant_id',
      'p.name as product_name',
      'v.name as variant_name',
      'h.quantity',
      'h.expires_at',
    ])
}

type HoldRow = Awaited<ReturnType<ReturnType<typeof holdViews>['execute']>>[number]

function toHoldView(row: HoldRow, now: Date): HoldView {
  const status = row.status as HoldStatus
  return {
    id: row.id,
    status: status === 'held' && row.expires_at <= now ? 'expired' : status,
    customerId: row.customer_id,
    productId: row.product_id,
    variantId: row.product_variant_id,
    productName: row.product_name,
    variantName: row.variant_name,
    quantity: row.quantity,
    expiresAt: row.expires_at,
  }
}

/** How a hold is named: by its email's token, or by id for its signed-in customer. */
export type HoldReference = { token: string } | { holdId: string }

/** The hold a token or an id names, with names; null when it names none of ours. */
export async function findHold(
  db: DB,
  reference: HoldReference,
  now = new Date(),
): Promise<HoldView | null> {
  let query = holdViews(db)
  if ('token' in reference) {
    if (!isHoldToken(reference.token)) return null
    query = query.where('h.token_hash', '=', hashHoldToken(reference.token))
  } else {
    query = query.where('h.id', '=', reference.holdId)
  }
  const row = await query.executeTakeFirst()
  return row ? toHoldView(row, now) : null
}

/** The customer's holds still live, soonest to end first (Account > Waiting List). */
export async function listLiveHolds(
  db: DB,
  customerId: string,
  now = new Date(),
): Promise<HoldView[]> {
  const rows = await holdViews(db)
    .where('w.customer_id', '=', customerId)
    .where('h.status', '=', 'held')
    .where('h.expires_at', '>', now)
    .orderBy('h.expires_at')
    .orderBy('h.id')
    .execute()
  return rows.map((row) => toHoldView(row, now))
}

/**
 * Ends a live hold as expired (only once past its time) or declined, gives its units back and
 * offers them to the next in line. False when it was not live (someone settled it first).
 */
export async function settleHold(
  trx: DB,
  holdId: string,
  to: 'expired' | 'declined',
  now = new Date(),
): Promise<boolean> {
  const hold = await trx
    .updateTable('stock_holds')
    .set({ status: to, settled_at: now })
    .where('id', '=', holdId)
    .where('status', '=', 'held')
    .$if(to === 'expired', (q) => q.where('expires_at', '<=', now))
    .returning(['product_id', 'product_variant_id', 'quantity'])
    .executeTakeFirst()
  if (!hold) return false
  const target = { productId: hold.product_id, variantId: hold.product_variant_id }
  await changeHeld(trx, target, -hold.quantity)
  await notifyWaitingGroup(trx, target, now)
  return true
}

export type DeclineResult =
  | { ok: true; hold: HoldView }
  | { ok: false; reason: 'not-found' }
  | { ok: false; reason: 'ended'; hold: HoldView & { status: Exclude<HoldStatus, 'held'> } }

/** The email's "pass it on" link: the token is the holder's word, as an unsubscribe link is. */
export async function declineHold(db: DB, token: string, now = new Date()): Promise<DeclineResult> {
  const hold = await findHold(db, { token }, now)
  if (!hold) return { ok: false, reason: 'not-found' }
  if (hold.status !== 'held')
    return { ok: false, reason: 'ended', hold: { ...hold, status: hold.status } }
  const declined = await db
    .transaction()
    .execute((trx) => settleHold(trx, hold.id, 'declined', now))
  if (declined) return { ok: true, hold }
  // Settled meanwhile (the sweep, or a second click): say how it ended.
  const after = await findHold(db, { token }, now)
  if (after && after.status !== 'held') {
    return { ok: false, reason: 'ended', hold: { ...after, status: after.status } }
  }
  return { ok: false, reason: 'not-found' }
}

/** At most this many holds a run; the next run takes the rest. */
const SWEEP_BATCH = 100

/**
 * Expires the holds past their time, each in its own transaction (a short lock on one stock
 * row at a time), and offers their units to the next in line. Any number of instances may run
 * it at once. Returns how many this run expired.
 */
export async function expireStockHolds(db: DB, now = new Date()): Promise<number> {
  const due = await db
    .selectFrom('stock_holds')
    .select('id')
    .where('status', '=', 'held')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .orderBy('id')
    .limit(SWEEP_BATCH)
    .execute()
  let expired = 0
  for (const { id } of due) {
    if (await db.transaction().execute((trx) => settleHold(trx, id, 'expired', now))) expired++
  }
  return expired
}

const SWEEP_EVERY_MS = 60 * 1000

/** Runs the sweep now and every minute (the single server, or a cluster's primary). */
export function startHoldSweep(db: DB, log: Logger): { stop(): void } {
  const run = () => {
    expireStockHolds(db).then(
      (expired) => {
        if (expired > 0) log.info({ expired }, 'waiting-list holds expired and passed on')
      },
      (error) => log.error({ err: error }, 'the waiting-list hold sweep failed'),
    )
  }
  run()
  const timer = setInterval(run, SWEEP_EVERY_MS)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}

/**
 * placeOrder's step for a cart line claimed from a hold: marks the hold claimed when it is
 * still live, and answers how many units it held (0: expired or settled meanwhile, and the
 * line buys from the free stock like any other). Call before taking that line's stock.
 */
export async function claimHoldForOrder(trx: DB, holdId: string, now: Date): Promise<number> {
  const claimed = await trx
    .updateTable('stock_holds')
    .set({ status: 'claimed', settled_at: now })
    .where('id', '=', holdId)
    .where('status', '=', 'held')
    .where('expires_at', '>', now)
    .returning('quantity')
    .executeTakeFirst()
  return claimed?.quantity ?? 0
}

/**
 * After the order row is written: the claimed holds name it (the admin's "who bought"), and
 * their waiting-list entries are fulfilled.
 */
export async function recordHoldOrder(
  trx: DB,
  holdIds: readonly string[],
  orderId: string,
): Promise<void> {
  if (holdIds.length === 0) return
  await trx
    .updateTable('stock_holds')
    .set({ order_id: orderId })
    .where('id', 'in', holdIds)
    .execute()
  await trx
    .updateTable('waiting_list')
    .set({ status: 'fulfilled' })
    .where('id', 'in', (eb) =>
      eb.selectFrom('stock_holds').select('waiting_list_id').where('id', 'in', holdIds),
    )
    .where('status', '=', 'notified')
    .execute()
}
