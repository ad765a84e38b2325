import { dropPromoCodeFromCarts, renamePromoCodeInCarts } from '~/cart/cart-promo.server'
import type { DB } from '~/platform/db/db.server'
import type { PromoCodeInput } from '~/promotions/admin/promo-code-form'
import {
  type PromoSaveResult,
  removePromoCode,
  savingPromoCode,
  updatePromoCode,
} from '~/promotions/admin/promo-codes.server'

// An admin's change to a promo code that carts hold by name: the code and the carts change in
// one transaction, so no cart is ever left holding a name that no code has.

/** Saves an existing code; carts holding its old name keep it under the new one. */
export function editPromoCode(
  db: DB,
  actorId: string,
  id: string,
  input: PromoCodeInput,
): Promise<PromoSaveResult> {
  return savingPromoCode(db, input.code, id, async (trx) => {
    const saved = await updatePromoCode(trx, actorId, id, input)
    if (saved.ok && 'renamedFrom' in saved) {
      await renamePromoCodeInCarts(trx, saved.renamedFrom, input.code)
    }
    return saved
  })
}

/** Deletes an unused code, which carts then drop, or switches a used one off. */
export function withdrawPromoCode(db: DB, actorId: string, id: string) {
  return db.transaction().execute(async (trx) => {
    const removed = await removePromoCode(trx, actorId, id)
    if (removed.kind === 'deleted') await dropPromoCodeFromCarts(trx, removed.code)
    return removed
  })
}
