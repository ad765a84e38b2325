import { addToCart } from '../../app/cart/cart-changes.server'
import type { CartOwner } from '../../app/cart/cart-owner.server'
import type { DB } from '../../app/platform/db/db.server'
import { createCustomer } from '../../app/seed/factories.server'

// Scenes for the cart's database tests (app/cart/*.db.test.ts, app/flows/sign-in.db.test.ts).

/** A guest cart is made by the first add; this gives the owner that add created. */
export async function guestWith(db: DB, productId: string, quantity = 1, variantId?: string) {
  const result = await addToCart(
    db,
    { kind: 'guest', cartId: null },
    { productId, quantity, variantId },
  )
  if (!result.ok || !result.cartId) throw new Error(`add failed: ${JSON.stringify(result)}`)
  return { kind: 'guest', cartId: result.cartId } as const satisfies CartOwner
}

/** A new customer, as the owner of their (not yet made) cart. */
export async function newCustomer(db: DB): Promise<CartOwner & { kind: 'customer' }> {
  const { id } = await createCustomer(db)
  return { kind: 'customer', customerId: id }
}

/** Lines added within the same millisecond have no order between them; compare as sets. */
export function unordered<T>(rows: T[]): T[] {
  return [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
}
