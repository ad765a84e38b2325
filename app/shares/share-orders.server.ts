import type { DB } from '~/platform/db/db.server'
import { farmDayOf } from '~/platform/farm-clock'
import { balanceDueCents, shareMeatCents, shareWeightLb } from './balance'
import { type CutSheet, cutSheetOpen, readCutSheet } from './cut-sheet'
import { shareSizeLabel } from './shares'

// A customer's beef shares (ADR 31): the cut sheet they fill in after ordering, and the
// balance they pay once the animal is weighed.

/** An order's shares, for links from the order page to each cut sheet. */
export async function listSharesOfOrder(db: DB, orderId: string, customerId: string) {
  const rows = await db
    .selectFrom('share_orders')
    .innerJoin('animals', 'animals.id', 'share_orders.animal_id')
    .select([
      'share_orders.id',
      'share_orders.share_units',
      'share_orders.cut_sheet',
      'share_orders.cancelled_at',
      'animals.name as animal_name',
      'animals.cut_sheet_cutoff',
    ])
    .where('share_orders.order_id', '=', orderId)
    .where('share_orders.customer_id', '=', customerId)
    .orderBy('share_orders.id')
    .execute()
  return rows
    .filter((row) => row.cancelled_at === null)
    .map((row) => ({
      id: row.id,
      animalName: row.animal_name,
      size: shareSizeLabel(row.share_units),
      cutoff: row.cut_sheet_cutoff,
      filled: readCutSheet(row.cut_sheet) !== null,
    }))
}

export type CustomerShare = {
  id: string
  orderId: string
  animalName: string
  size: string
  cutoff: string
  pickupDate: string
  cancelled: boolean
  open: boolean
  cutSheet: CutSheet | null
}

/** One of the customer's shares with its cut sheet; null when it is not theirs. */
export async function getCustomerShare(
  db: DB,
  shareId: string,
  customerId: string,
  now = new Date(),
): Promise<CustomerShare | null> {
  const row = await db
    .selectFrom('share_orders')
    .innerJoin('animals', 'animals.id', 'share_orders.animal_id')
    .select([
      'share_orders.id',
      'share_orders.order_id',
      'share_orders.share_units',
      'share_orders.cut_sheet',
      'share_orders.cancelled_at',
      'animals.name as animal_name',
      'animals.cut_sheet_cutoff',
      'animals.pickup_date',
    ])
    .where('share_orders.id', '=', shareId)
    .where('share_orders.customer_id', '=', customerId)
    .executeTakeFirst()
  if (!row) return null
  const cancelled = row.cancelled_at !== null
  return {
    id: row.id,
    orderId: row.order_id,
    animalName: row.animal_name,
    size: shareSizeLabel(row.share_units),
    cutoff: row.cut_sheet_cutoff,
    pickupDate: row.pickup_date,
    cancelled,
    open: !cancelled && cutSheetOpen(row.cut_sheet_cutoff, farmDayOf(now)),
    cutSheet: readCutSheet(row.cut_sheet),
  }
}

export type SaveCutSheetResult = 'saved' | 'closed' | 'cancelled' | 'not-found'

/**
 * Saves the cut sheet while the animal's cut-off day lasts on the farm's clock. The cut-off is
 * checked by the UPDATE itself, so an admin moving it earlier at the same moment still wins.
 */
export async function saveCutSheet(
  db: DB,
  shareId: string,
  customerId: string,
  sheet: CutSheet,
  now = new Date(),
): Promise<SaveCutSheetResult> {
  const today = farmDayOf(now)
  const saved = await db
    .updateTable('share_orders')
    .set({ cut_sheet: JSON.stringify(sheet), cut_sheet_updated_at: now })
    .where('id', '=', shareId)
    .where('customer_id', '=', customerId)
    .where('cancelled_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('animals')
          .select('animals.id')
          .whereRef('animals.id', '=', 'share_orders.animal_id')
          .where('animals.cut_sheet_cutoff', '>=', today),
      ),
    )
    .executeTakeFirst()
  if (saved.numUpdatedRows > 0n) return 'saved'
  const share = await getCustomerShare(db, shareId, customerId, now)
  if (!share) return 'not-found'
  return share.cancelled ? 'cancelled' : 'closed'
}

export type BalanceView = {
  id: string
  animalName: string
  size: string
  firstName: string
  email: string
  orderNumber: number
  pickupDate: string
  hangingWeightCentiLb: number | null
  shareWeightLb: number | null
  pricePerLbHangingCents: number
  meatCents: number | null
  processingFeeCents: number
  depositCents: number
  /** before tax; null until the animal is weighed */
  balanceCents: number | null
  balanceTaxCents: number | null
  /** what is owed: the balance and its tax, as billed */
  dueCents: number | null
  status: string
  cancelled: boolean
}

/** The share behind a balance link (its token is the only key); null for an unknown token. */
export async function getShareByToken(db: DB, token: string): Promise<BalanceView | null> {
  const row = await db
    .selectFrom('share_orders')
    .innerJoin('animals', 'animals.id', 'share_orders.animal_id')
    .innerJoin('orders', 'orders.id', 'share_orders.order_id')
    .select([
      'share_orders.id',
      'share_orders.share_units',
      'share_orders.deposit_cents',
      'share_orders.balance_cents',
      'share_orders.balance_tax_cents',
      'share_orders.balance_status',
      'share_orders.cancelled_at',
      'animals.name as animal_name',
      'animals.units_total',
      'animals.hanging_weight_centi_lb',
      'animals.price_per_lb_hanging_cents',
      'animals.processing_fee_cents',
      'animals.pickup_date',
      'orders.ship_first_name',
      'orders.email',
      'orders.order_number',
    ])
    .where('share_orders.token', '=', token)
    .executeTakeFirst()
  if (!row) return null
  const terms =
    row.hanging_weight_centi_lb === null
      ? null
      : {
          hangingWeightCentiLb: row.hanging_weight_centi_lb,
          shareUnits: row.share_units,
          unitsTotal: row.units_total,
          pricePerLbHangingCents: row.price_per_lb_hanging_cents,
          processingFeeCents: row.processing_fee_cents,
          depositCents: row.deposit_cents,
        }
  return {
    id: row.id,
    animalName: row.animal_name,
    size: shareSizeLabel(row.share_units),
    firstName: row.ship_first_name,
    email: row.email,
    orderNumber: row.order_number,
    pickupDate: row.pickup_date,
    hangingWeightCentiLb: row.hanging_weight_centi_lb,
    shareWeightLb: terms ? shareWeightLb(terms) : null,
    pricePerLbHangingCents: row.price_per_lb_hanging_cents,
    meatCents: terms ? shareMeatCents(terms) : null,
    processingFeeCents: row.processing_fee_cents * row.share_units,
    depositCents: row.deposit_cents,
    balanceCents: row.balance_cents,
    balanceTaxCents: row.balance_tax_cents,
    dueCents:
      row.balance_cents === null ? null : balanceDueCents(row.balance_cents, row.balance_tax_cents),
    status: row.balance_status,
    cancelled: row.cancelled_at !== null,
  }
}

/** The share of this token while something is owed on it (not cancelled, balance above 0). */
const owedShare = (db: DB, token: string) =>
  db
    .updateTable('share_orders')
    .where('token', '=', token)
    .where('cancelled_at', 'is', null)
    .where('balance_cents', '>', 0)

/** The customer will pay at pickup. Only an unpaid balance can be switched to it. */
export async function choosePayAtPickup(db: DB, token: string): Promise<boolean> {
  const chosen = await owedShare(db, token)
    .set({ balance_status: 'pay_at_pickup' })
    .where('balance_status', '=', 'unpaid')
    .executeTakeFirst()
  return chosen.numUpdatedRows > 0n
}

/** The card page opened for the balance: only its completion marks the balance paid. */
export async function recordBalanceSession(
  db: DB,
  token: string,
  sessionId: string,
): Promise<boolean> {
  const recorded = await owedShare(db, token)
    .set({ balance_reference: sessionId })
    .where('balance_status', '!=', 'paid')
    .executeTakeFirst()
  return recorded.numUpdatedRows > 0n
}

export type BalancePaidResult = 'paid' | 'already-paid' | 'unknown'

/**
 * The payment company says the balance's card page was paid (a signed webhook). Safe to run
 * twice: the first marks it paid, the second finds it so. A session the share no longer
 * points at (the weight was corrected since) is not taken as payment of the new amount.
 */
export async function markBalancePaid(
  db: DB,
  ref: { shareOrderId: string; sessionId: string },
): Promise<BalancePaidResult> {
  const paid = await db
    .updateTable('share_orders')
    .set({ balance_status: 'paid', balance_paid_at: new Date() })
    .where('id', '=', ref.shareOrderId)
    .where('balance_reference', '=', ref.sessionId)
    .where('balance_status', '!=', 'paid')
    .executeTakeFirst()
  if (paid.numUpdatedRows > 0n) return 'paid'
  const share = await db
    .selectFrom('share_orders')
    .select(['balance_status', 'balance_reference'])
    .where('id', '=', ref.shareOrderId)
    .executeTakeFirst()
  return share?.balance_status === 'paid' && share.balance_reference === ref.sessionId
    ? 'already-paid'
    : 'unknown'
}
