import { recordAdminChange } from '~/platform/audit.server'
import type { DB } from '~/platform/db/db.server'
import { balanceDueCents } from '../balance'
import { type CutSheet, readCutSheet } from '../cut-sheet'
import { shareSizeLabel } from '../shares'

// An animal's shares as the back office sees them (ADR 31): who holds which, their cut sheets
// and balances, and a balance the farm took in person.

export type AdminShare = {
  id: string
  order_id: string
  order_number: number
  first_name: string
  last_name: string
  email: string
  phone: string
  share_units: number
  size: string
  deposit_cents: number
  /** before tax; null until weighed */
  balance_cents: number | null
  balance_tax_cents: number | null
  /** the balance and its tax: what the holder owes */
  due_cents: number | null
  balance_status: string
  cancelled: boolean
  cut_sheet: CutSheet | null
}

/** An animal's shares, the live ones first, each with its cut sheet. One query. */
export async function listAnimalShares(db: DB, animalId: string): Promise<AdminShare[]> {
  const rows = await db
    .selectFrom('share_orders')
    .innerJoin('orders', 'orders.id', 'share_orders.order_id')
    .select([
      'share_orders.id',
      'share_orders.order_id',
      'orders.order_number',
      'orders.ship_first_name',
      'orders.ship_last_name',
      'orders.email',
      'orders.phone',
      'share_orders.share_units',
      'share_orders.deposit_cents',
      'share_orders.balance_cents',
      'share_orders.balance_tax_cents',
      'share_orders.balance_status',
      'share_orders.cancelled_at',
      'share_orders.cut_sheet',
    ])
    .where('share_orders.animal_id', '=', animalId)
    .orderBy('share_orders.created_at')
    .orderBy('share_orders.id')
    .execute()
  const shares = rows.map((row) => ({
    id: row.id,
    order_id: row.order_id,
    order_number: row.order_number,
    first_name: row.ship_first_name,
    last_name: row.ship_last_name,
    email: row.email,
    phone: row.phone,
    share_units: row.share_units,
    size: shareSizeLabel(row.share_units),
    deposit_cents: row.deposit_cents,
    balance_cents: row.balance_cents,
    balance_tax_cents: row.balance_tax_cents,
    due_cents:
      row.balance_cents === null ? null : balanceDueCents(row.balance_cents, row.balance_tax_cents),
    balance_status: row.balance_status,
    cancelled: row.cancelled_at !== null,
    cut_sheet: readCutSheet(row.cut_sheet),
  }))
  return [
    ...shares.filter((share) => !share.cancelled),
    ...shares.filter((share) => share.cancelled),
  ]
}

export const NOT_COLLECTABLE =
  'That balance is not owed any more (already paid, cancelled, or not billed yet).'

/** The farm took the balance in person: the share is paid. Only an owed balance can be. */
export async function markBalanceCollected(
  db: DB,
  actorId: string | null,
  animalId: string,
  shareId: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const paid = await trx
      .updateTable('share_orders')
      .set({ balance_status: 'paid', balance_paid_at: new Date() })
      .where('id', '=', shareId)
      .where('animal_id', '=', animalId)
      .where('cancelled_at', 'is', null)
      .where('balance_cents', '>', 0)
      .where('balance_status', '!=', 'paid')
      .returning(['balance_cents', 'balance_tax_cents'])
      .executeTakeFirst()
    if (!paid) return false
    await recordAdminChange(trx, {
      actorId,
      action: 'share.collect',
      entityType: 'animal',
      entityId: animalId,
      after: {
        share: shareId,
        balance_cents: paid.balance_cents,
        balance_tax_cents: paid.balance_tax_cents,
      },
    })
    return true
  })
}
