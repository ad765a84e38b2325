import type { Insertable } from 'kysely'
import { placeOrder } from '~/flows/place-order.server'
import type { PaymentMethod } from '~/orders/place-order'
import type { Frequency } from '~/subscriptions/terms'
import type { DB } from '../../app/platform/db/db.server'
import type { Database } from '../../app/platform/db/schema'
import { createCustomer, createProduct, createVariant } from '../../app/seed/factories.server'

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
  const optionQuantity = options.optionQuantity ?? 3
  const cartId = await fillCart(
    db,
    customer.id,
    [
      { productId: plain.id, quantity: 2 },
      ...(optionQuantity > 0
        ? [{ productId: withOptions.id, variantId: option.id, quantity: optionQuantity }]
        : []),
    ],
    options.promoCode,
  )
  const result = await checkOut(db, customer, options)
  if (!result.ok) throw new Error(result.message)
  return {
    orderId: result.order.id,
    orderNumber: result.order.orderNumber,
    totalCents: result.order.totalCents,
    customerId: customer.id,
    cartId,
    email: customer.email,
    plain,
    withOptions,
    option,
  }
}

export type TestCartLine = {
  productId: string
  variantId?: string | null
  quantity: number
  /** a subscribed line: the first box of a subscription at this frequency */
  frequency?: Frequency
}

/** A new cart for the customer holding these lines (and the code, if one); its id. */
export async function fillCart(
  db: DB,
  customerId: string,
  lines: readonly TestCartLine[],
  promoCode: string | null = null,
) {
  const cartId = crypto.randomUUID()
  await db
    .insertInto('carts')
    .values({ id: cartId, customer_id: customerId, promo_code: promoCode })
    .execute()
  if (lines.length === 0) return cartId
  await db
    .insertInto('cart_lines')
    .values(
      lines.map((line) => ({
        id: crypto.randomUUID(),
        cart_id: cartId,
        product_id: line.productId,
        product_variant_id: line.variantId ?? null,
        quantity: line.quantity,
        subscription_frequency: line.frequency ?? null,
      })),
    )
    .execute()
  return cartId
}

/** The customer's cart checked out to a Boise address, by standard shipping unless told. */
export function checkOut(
  db: DB,
  customer: Awaited<ReturnType<typeof createCustomer>>,
  options: Pick<TestOrderOptions, 'shippingMethod' | 'paymentMethod'> & { slot?: string } = {},
) {
  return placeOrder(db, {
    customerId: customer.id,
    idempotencyKey: crypto.randomUUID(),
    contact: { email: customer.email, phone: '208-555-0100' },
    shippingAddress: {
      firstName: customer.first_name,
      lastName: customer.last_name,
      street: '12 Orchard Lane',
      city: 'Boise',
      state: 'ID',
      zipCode: '83702',
    },
    shippingMethod: options.shippingMethod ?? 'standard',
    ...(options.slot ? { slot: options.slot } : {}),
    paymentMethod: options.paymentMethod ?? 'offline',
  })
}

export type TestOrder = Awaited<ReturnType<typeof placeTestOrder>>

/** The order's status and the stock of its three rows, for before/after comparisons. */
export async function orderState(db: DB, order: TestOrder) {
  const row = await db
    .selectFrom('orders')
    .select(['status', 'payment_status', 'carrier', 'tracking_number'])
    .where('id', '=', order.orderId)
    .executeTakeFirstOrThrow()
  return {
    ...row,
    plain: await readStock(db, 'products', order.plain.id),
    aggregate: await readStock(db, 'products', order.withOptions.id),
    option: await readStock(db, 'product_variants', order.option.id),
  }
}

/** The stock of one product or option as it is now. */
export async function readStock(db: DB, table: 'products' | 'product_variants', id: string) {
  const row = await db
    .selectFrom(table)
    .select('stock_quantity')
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  return row.stock_quantity
}
