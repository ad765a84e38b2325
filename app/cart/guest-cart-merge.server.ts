import type { DB } from '~/platform/db/db.server'
import { loadCart } from './cart-lines.server'
import {
  type CartOwner,
  clearCartCookie,
  ownedBy,
  readGuestCartId,
  touchCart,
} from './cart-owner.server'

/**
 * At sign-in (or sign-up): the guest cart's lines join the customer's cart. The same product
 * and option add up, never beyond stock and never lowering what the customer already had;
 * lines no longer on sale are dropped. The guest's promo code comes along when the customer's
 * cart has none. The guest cart is then deleted.
 */
export async function mergeGuestCart(db: DB, guestCartId: string, customerId: string) {
  await db.transaction().execute(async (trx) => {
    const guest: CartOwner = { kind: 'guest', cartId: guestCartId }
    const guestCart = await trx
      .selectFrom('carts')
      .select(['id', 'promo_code'])
      .where(ownedBy(guest))
      .executeTakeFirst()
    if (!guestCart) return
    const customer: CartOwner = { kind: 'customer', customerId }
    const cartId = (await touchCart(trx, customer, true)) as string
    const guestLines = (await loadCart(trx, guest, new Date())).lines
    const customerCart = await trx
      .selectFrom('carts')
      .leftJoin('cart_lines', 'cart_lines.cart_id', 'carts.id')
      .select([
        'carts.promo_code',
        'cart_lines.id',
        'cart_lines.product_id',
        'cart_lines.product_variant_id',
        'cart_lines.quantity',
        'cart_lines.subscription_frequency',
      ])
      .where('carts.id', '=', cartId)
      .execute()
    // PostgreSQL's now() is the same for a whole transaction; explicit, increasing times keep
    // the guest's lines in the order they were added.
    const addedAt = Date.now()
    for (const [index, line] of guestLines.entries()) {
      if (!line.available) continue
      const existing = customerCart.find(
        (row) =>
          row.id !== null &&
          row.product_id === line.productId &&
          row.product_variant_id === line.variantId,
      )
      if (existing?.id && existing.quantity !== null) {
        const quantity = Math.max(
          existing.quantity,
          Math.min(existing.quantity + line.quantity, line.stock),
        )
        // The guest's purchase mode is the latest choice, as a second add's would be.
        if (
          quantity !== existing.quantity ||
          line.subscriptionFrequency !== (existing.subscription_frequency ?? null)
        ) {
          await trx
            .updateTable('cart_lines')
            .set({ quantity, subscription_frequency: line.subscriptionFrequency })
            .where('id', '=', existing.id)
            .execute()
        }
      } else {
        await trx
          .insertInto('cart_lines')
          .values({
            id: crypto.randomUUID(),
            cart_id: cartId,
            product_id: line.productId,
            product_variant_id: line.variantId,
            quantity: Math.min(line.quantity, line.stock),
            subscription_frequency: line.subscriptionFrequency,
            created_at: new Date(addedAt + index),
          })
          .execute()
      }
    }
    if (guestCart.promo_code && !customerCart[0]?.promo_code) {
      await trx
        .updateTable('carts')
        .set({ promo_code: guestCart.promo_code })
        .where('id', '=', cartId)
        .execute()
    }
    await trx.deleteFrom('carts').where('id', '=', guestCart.id).execute()
  })
}

/**
 * For the sign-in, sign-up and social callback flows: merges this browser's guest cart into
 * the customer's and answers the Set-Cookie that forgets the guest cart (nothing when there
 * was none). After this the customer's cart is found by their account, on any device.
 */
export async function mergeGuestCartAtSignIn(
  db: DB,
  request: Request,
  customerId: string,
): Promise<string | null> {
  const guestCartId = await readGuestCartId(request)
  if (!guestCartId) return null
  await mergeGuestCart(db, guestCartId, customerId)
  return clearCartCookie()
}
