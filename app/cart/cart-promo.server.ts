import type { Transaction } from 'kysely'
import type { DB } from '~/platform/db/db.server'
import type { Database } from '~/platform/db/schema'
import { currentPromoTerms, normalizePromoCode, PROMO_TERMS_COLUMNS } from '~/promotions/promo'
import type { PricingSettings } from '~/settings/settings'
import { getPricingSettings } from '~/settings/settings.server'
import type { AppliedPromo, CartLine } from './cart'
import type { CartChange } from './cart-changes.server'
import { loadCart } from './cart-lines.server'
import { type CartOwner, ownedBy, touchCart } from './cart-owner.server'
import { priceCart } from './pricing'
import {
  PROMO_EMPTY_CART,
  PROMO_INVALID,
  PROMO_REMOVED,
  promoAppliedMessage,
  promoMinimumMessage,
} from './words'

// The promo code a cart keeps: checked against promo_codes when applied, and again whenever the
// cart is priced (loadCart reads its current terms).

/** The discount a promo gives these lines: it does not depend on how the order is had. */
function discountFor(lines: CartLine[], promo: AppliedPromo, settings: PricingSettings) {
  return priceCart({
    lines: lines.filter((line) => line.available),
    promo: promo.terms,
    shippingMethod: 'pickup',
    settings,
  })
}

/**
 * Checks a code (any case) against promo_codes and, when it can be used on this cart, keeps
 * it with the cart; the message says how much it saves right now.
 */
export async function applyPromo(
  db: DB,
  owner: CartOwner,
  input: string,
  now = new Date(),
): Promise<CartChange> {
  const code = normalizePromoCode(input)
  return db.transaction().execute(async (trx) => {
    const cartId = await touchCart(trx, owner, false)
    const row = await trx
      .selectFrom('promo_codes')
      .select(PROMO_TERMS_COLUMNS)
      // upper() on the column too, should a code ever be stored in another case.
      .where((eb) => eb(eb.fn('upper', ['code']), '=', code))
      .executeTakeFirst()
    const terms = row ? currentPromoTerms(row, now) : null
    if (!row || !terms) return { ok: false, status: 400, message: PROMO_INVALID } as const
    // One after the other: a transaction is one connection.
    const { lines } = await loadCart(trx, owner, now)
    const settings = await getPricingSettings(trx)
    const totals = discountFor(lines, { code: row.code, terms }, settings)
    if (!cartId || totals.subtotalCents === 0) {
      return { ok: false, status: 400, message: PROMO_EMPTY_CART } as const
    }
    if (!totals.promoApplies) {
      return {
        ok: false,
        status: 400,
        message: promoMinimumMessage(row.code, terms.minSubtotalCents),
      } as const
    }
    await trx.updateTable('carts').set({ promo_code: row.code }).where('id', '=', cartId).execute()
    return { ok: true, cartId, message: promoAppliedMessage(totals.discountCents) } as const
  })
}

export async function removePromo(db: DB, owner: CartOwner): Promise<CartChange> {
  const result = await db
    .updateTable('carts')
    .set({ promo_code: null, updated_at: new Date() })
    .where(ownedBy(owner))
    .returning('carts.id')
    .executeTakeFirst()
  return { ok: true, cartId: result?.id ?? null, message: PROMO_REMOVED }
}

// Carts keep a promo code by its name; these follow the back office's changes to a code, in
// the transaction of the flow that makes the change (flows/promo-codes.server.ts).

/** Carts holding a code's old name keep the code under its new name. */
export async function renamePromoCodeInCarts(
  trx: Transaction<Database>,
  from: string,
  to: string,
): Promise<void> {
  await trx.updateTable('carts').set({ promo_code: to }).where('promo_code', '=', from).execute()
}

/** Carts holding a deleted code drop it. */
export async function dropPromoCodeFromCarts(
  trx: Transaction<Database>,
  code: string,
): Promise<void> {
  await trx.updateTable('carts').set({ promo_code: null }).where('promo_code', '=', code).execute()
}
