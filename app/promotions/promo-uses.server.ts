import type { DB } from '~/platform/db/db.server'
import { currentPromoTerms, PROMO_TERMS_COLUMNS, type PricingPromo } from './promo'

// A code's uses (promo_codes.times_used) belong to promotions. placeOrder counts a use, inside
// its transaction, only when the code took something off; an order it counted names the code
// in orders.promo_code. A cancelled order gives that use back, so a limited code is not used
// up by orders nobody bought.

/**
 * Gives one use of `code` back. Not idempotent on its own: call it in the transaction whose
 * conditional UPDATE moved the order to 'cancelled', so that status change is the guard and
 * a use comes back once however often, or however concurrently, the order is cancelled.
 * Never below zero (the column's CHECK): a count already at zero stays there.
 */
export async function givePromoUseBack(trx: DB, code: string): Promise<boolean> {
  const updated = await trx
    .updateTable('promo_codes')
    .set((eb) => ({ times_used: eb('times_used', '-', 1) }))
    .where('code', '=', code)
    .where('times_used', '>', 0)
    .executeTakeFirst()
  return updated.numUpdatedRows > 0n
}

/** The code's terms as they are now, or null when there is no such code or it cannot be used. */
export async function findPromoTerms(
  trx: DB,
  code: string,
  now: Date,
): Promise<{ code: string; terms: PricingPromo } | null> {
  const row = await findPromoCode(trx, code)
  const terms = row ? currentPromoTerms(row, now) : null
  return row && terms ? { code: row.code, terms } : null
}

/**
 * Counts one use of `code`, in the order's transaction. The limit is checked again by the
 * update itself, so two last uses of a limited code cannot both succeed: false for the loser.
 */
export async function countPromoUse(trx: DB, code: string): Promise<boolean> {
  const counted = await trx
    .updateTable('promo_codes')
    .set((eb) => ({ times_used: eb('times_used', '+', 1) }))
    .where('code', '=', code)
    .where('is_active', '=', true)
    .where((eb) =>
      eb.or([eb('usage_limit', 'is', null), eb('times_used', '<', eb.ref('usage_limit'))]),
    )
    .executeTakeFirst()
  return counted.numUpdatedRows > 0n
}

/** The code's row as stored, whether or not it can still be used (an order's settled terms). */
export function findPromoCode(db: DB, code: string) {
  return db
    .selectFrom('promo_codes')
    .select(PROMO_TERMS_COLUMNS)
    .where('code', '=', code)
    .executeTakeFirst()
}
