import type { DB } from '~/platform/db/db.server'
import {
  HOLD_NOT_FOUND,
  HOLD_OTHER_ACCOUNT,
  holdEndedMessage,
  holdItemName,
} from '~/waiting-list/holds'
import { findHold, type HoldReference } from '~/waiting-list/holds.server'
import { touchCart } from './cart-owner.server'

export type ClaimHoldResult =
  | { ok: true; item: string; quantity: number; reservedUntil: Date }
  | { ok: false; status: 403 | 404 | 410; message: string }

/**
 * The hold email's link (or Account > Waiting List's button), for its signed-in holder: puts the held units in their cart as a
 * line that carries the hold, so their order takes the held units (ADR 29). A line of the same
 * product and option already there takes the hold and at least the held quantity. Following
 * the link again changes nothing. Refused for another account's hold and for one that ended.
 */
export async function claimHoldIntoCart(
  db: DB,
  customerId: string,
  reference: HoldReference,
  now = new Date(),
): Promise<ClaimHoldResult> {
  const hold = await findHold(db, reference, now)
  if (!hold) return { ok: false, status: 404, message: HOLD_NOT_FOUND }
  if (hold.customerId !== customerId) {
    return { ok: false, status: 403, message: HOLD_OTHER_ACCOUNT }
  }
  if (hold.status !== 'held') {
    return { ok: false, status: 410, message: holdEndedMessage(hold.status) }
  }
  return db.transaction().execute(async (trx) => {
    const cartId = (await touchCart(trx, { kind: 'customer', customerId }, true)) as string
    const existing = await trx
      .selectFrom('cart_lines')
      .select(['id', 'quantity'])
      .where('cart_id', '=', cartId)
      .where('product_id', '=', hold.productId)
      .where('product_variant_id', hold.variantId === null ? 'is' : '=', hold.variantId)
      .executeTakeFirst()
    if (existing) {
      await trx
        .updateTable('cart_lines')
        .set({ stock_hold_id: hold.id, quantity: Math.max(existing.quantity, hold.quantity) })
        .where('id', '=', existing.id)
        .execute()
    } else {
      await trx
        .insertInto('cart_lines')
        .values({
          id: crypto.randomUUID(),
          cart_id: cartId,
          product_id: hold.productId,
          product_variant_id: hold.variantId,
          quantity: hold.quantity,
          stock_hold_id: hold.id,
        })
        .execute()
    }
    return {
      ok: true,
      item: holdItemName(hold.productName, hold.variantName),
      quantity: hold.quantity,
      reservedUntil: hold.expiresAt,
    } as const
  })
}
