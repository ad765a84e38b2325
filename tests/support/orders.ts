import type { DB } from '~/db/db.server'
import { createProduct, createVariant } from '~/db/seed/factories.server'
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
}

/** A customer with 2 of a plain product and 3 of an option in one order. */
export async function placeTestOrder(db: DB, options: TestOrderOptions = {}) {
  const plain = await createProduct(db, { stock_quantity: 10 })
  const withOptions = await createProduct(db, { stock_quantity: 20 })
  const option = await createVariant(db, withOptions.id, { stock_quantity: 20 })
  const customerId = crypto.randomUUID()
  const firstName = options.firstName ?? 'Ann'
  const lastName = options.lastName ?? 'Lee'
  const email = options.email ?? `${customerId}@example.com`
  await db
    .insertInto('customers')
    .values({
      id: customerId,
      name: `${firstName} ${lastName}`,
      email,
      first_name: firstName,
      last_name: lastName,
    })
    .execute()
  const cartId = crypto.randomUUID()
  await db.insertInto('carts').values({ id: cartId, customer_id: customerId }).execute()
  await db
    .insertInto('cart_lines')
    .values([
      { id: crypto.randomUUID(), cart_id: cartId, product_id: plain.id, quantity: 2 },
      {
        id: crypto.randomUUID(),
        cart_id: cartId,
        product_id: withOptions.id,
        product_variant_id: option.id,
        quantity: 3,
      },
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
    customerId,
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
