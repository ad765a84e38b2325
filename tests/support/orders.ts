import type { Insertable } from 'kysely'
import type { DB } from '~/db/db.server'
import type { Database } from '~/db/schema'
import { createCustomer, createProduct, createVariant } from '~/db/seed/factories.server'
import type { PaymentMethod } from '~/orders/place-order'
import { placeOrder } from '~/orders/place-order.server'

// Orders for data-layer tests, placed through placeOrder exactly as checkout does, so the
// stock, items and snapshot totals are the real thing.

export type TestOrderOptions = {
  email?: string
  firstName?: string
  lastName?: string
  shippingMethod?: 'standard' | 'express' | 'pickup'
  paymentMethod?: PaymentMethod
  /** A code the shopper applied to the cart before checking out */
  promoCode?: string | null
  /** The plain product's own fields, for tests that read its name or price back */
  plain?: Partial<Insertable<Database['products']>>
  /** How many of the option are in the cart (3 unless told); 0 leaves its line out */
  optionQuantity?: number
}

/** A customer with 2 of a plain product and 3 of an option in one order. */
export async function placeTestOrder(db: DB, options: TestOrderOptions = {}) {
  const plain = await createProduct(db, { stock_quantity: 10, ...options.plain })
  const withOptions = await createProduct(db, { stock_quantity: 20 })
  const option = await createVariant(db, withOptions.id, { stock_quantity: 20 })
  const customer = await createCustomer(db, {
    first_name: options.firstName ?? 'Ann',
    last_name: options.lastName ?? 'Lee',
    ...(options.email && { email: options.email }),
  })
  const customerId = customer.id
  const { email, first_name: firstName, last_name: lastName } = customer
  const cartId = crypto.randomUUID()
  await db
    .insertInto('carts')
    .values({ id: cartId, customer_id: customerId, promo_code: options.promoCode ?? null })
    .execute()
  const optionQuantity = options.optionQuantity ?? 3
  await db
    .insertInto('cart_lines')
    .values([
      { id: crypto.randomUUID(), cart_id: cartId, product_id: plain.id, quantity: 2 },
      ...(optionQuantity > 0
        ? [
            {
              id: crypto.randomUUID(),
              cart_id: cartId,
              product_id: withOptions.id,
              product_variant_id: option.id,
              quantity: optionQuantity,
            },
          ]
        : []),
    ])
    .execute()
  const result = await placeOrder(db, {
    customerId,
    idempotencyKey: crypto.randomUUID(),
    contact: { email, phone: '208-555-0100' },
    shippingAddress: {
      firstName,
      lastName,
      street: '12 Orchard Lane',
      city: 'Boise',
      state: 'ID',
      zipCode: '83702',
    },
    shippingMethod: options.shippingMethod ?? 'standard',
    paymentMethod: options.paymentMethod ?? 'offline',
  })
  if (!result.ok) throw new Error(result.message)
  return {
    orderId: result.order.id,
    orderNumber: result.order.orderNumber,
    totalCents: result.order.totalCents,
    customerId,
    cartId,
    email,
    plain,
    withOptions,
    option,
  }
}

export type TestOrder = Awaited<ReturnType<typeof placeTestOrder>>

/** The order's status and the stock of its three rows, for before/after comparisons. */
export async function orderState(db: DB, order: TestOrder) {
  const row = await db
    .selectFrom('orders')
    .select(['status', 'payment_status', 'carrier', 'tracking_number'])
    .where('id', '=', order.orderId)
    .executeTakeFirstOrThrow()
  const stock = async (table: 'products' | 'product_variants', id: string) =>
    (
      await db
        .selectFrom(table)
        .select('stock_quantity')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).stock_quantity
  return {
    ...row,
    plain: await stock('products', order.plain.id),
    aggregate: await stock('products', order.withOptions.id),
    option: await stock('product_variants', order.option.id),
  }
}
