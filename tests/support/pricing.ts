import type { CartOwner } from '../../app/cart/cart-owner.server'
import type { DB } from '../../app/platform/db/db.server'
import { createCustomer, createProduct } from '../../app/seed/factories.server'

// For tests of what the admin's prices reach (promo codes, settings): a shopper with a cart, the
// order they place from it, and what the audit log kept.

/** A customer whose cart holds `quantity` of a product at `priceCents`. */
export async function shopper(db: DB, priceCents: number, quantity = 1) {
  const { id: customerId } = await createCustomer(db)
  const product = await createProduct(db, { price_cents: priceCents, stock_quantity: 50 })
  const cartId = crypto.randomUUID()
  await db.insertInto('carts').values({ id: cartId, customer_id: customerId }).execute()
  await db
    .insertInto('cart_lines')
    .values({ id: crypto.randomUUID(), cart_id: cartId, product_id: product.id, quantity })
    .execute()
  return { customerId, owner: { kind: 'customer', customerId } as CartOwner }
}

/** The shopper's cart ordered to an address in `state`, by standard shipping, paid offline. */
export function orderInput(customerId: string, state = 'ID') {
  return {
    customerId,
    idempotencyKey: crypto.randomUUID(),
    contact: { email: 'ann@example.com', phone: '208-555-0100' },
    shippingAddress: {
      firstName: 'Ann',
      lastName: 'Lee',
      street: '12 Orchard Lane',
      city: 'Boise',
      state,
      zipCode: '83702',
    },
    shippingMethod: 'standard' as const,
    paymentMethod: 'offline' as const,
  }
}

/** What the audit log kept about one kind of entity, oldest first. */
export async function auditRows(db: DB, entityType: string) {
  return db
    .selectFrom('audit_log')
    .select(['action', 'entity_id', 'details'])
    .where('entity_type', '=', entityType)
    .orderBy('created_at')
    .execute()
}
