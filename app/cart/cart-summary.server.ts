import { type CustomerCount, getCurrentUserWithCount } from '~/auth/session.server'
import { listDeliveryZoneTerms } from '~/fulfilment/delivery-zones.server'
import type { DB } from '~/platform/db/db.server'
import { getPricingSettings } from '~/settings/settings.server'
import type { CartSummary } from './cart'
import { loadCart } from './cart-lines.server'
import { type CartOwner, ownedCartIds, readGuestCartId } from './cart-owner.server'
import { cartFigures } from './fulfilment-pricing'

/**
 * Everything the cart page and the checkout show: lines, promo, settings, the delivery zones
 * and the totals, priced the way the cart can be had (D21, cartFigures).
 */
export async function getCartSummary(
  db: DB,
  owner: CartOwner,
  now = new Date(),
): Promise<CartSummary> {
  const [{ lines, promo }, settings, zones] = await Promise.all([
    loadCart(db, owner, now),
    getPricingSettings(db),
    listDeliveryZoneTerms(db),
  ])
  return { lines, promo, settings, zones, ...cartFigures({ lines, promo, settings, zones }) }
}

/** The items in the signed-in customer's cart, read with their session (CustomerCount). */
const customerCartItems: CustomerCount = (eb) =>
  eb
    .selectFrom('cart_lines')
    .innerJoin('carts', 'carts.id', 'cart_lines.cart_id')
    .select((sub) => sub.fn.sum<number | string | null>('cart_lines.quantity').as('items'))
    .whereRef('carts.customer_id', '=', 'customers.id')
    .as('count')

/**
 * The count in the site header. A signed-in customer's usually comes with the session lookup
 * (one query fewer on every signed-in page view, ADR 16); a visitor without a cart cookie costs
 * no query at all.
 */
export async function headerCartCount(db: DB, request: Request): Promise<number> {
  const { user, count } = await getCurrentUserWithCount(request, customerCartItems)
  if (count !== undefined) return count
  const owner: CartOwner = user
    ? { kind: 'customer', customerId: user.id }
    : { kind: 'guest', cartId: await readGuestCartId(request) }
  return countCartItems(db, owner)
}

/** Items in the cart (sum of quantities); no query for a new visitor. */
export async function countCartItems(db: DB, owner: CartOwner): Promise<number> {
  if (owner.kind === 'guest' && !owner.cartId) return 0
  const row = await db
    .selectFrom('cart_lines')
    .select((eb) => eb.fn.sum<number | string | null>('cart_lines.quantity').as('items'))
    .where((eb) => eb('cart_lines.cart_id', 'in', ownedCartIds(db, owner)))
    .executeTakeFirst()
  return Number(row?.items ?? 0)
}
