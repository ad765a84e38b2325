import { placeOrder } from '~/flows/place-order.server'
import type {
  PaymentMethod,
  PlaceOrderFields,
  PlaceOrderInput,
  PlaceOrderResult,
} from '~/orders/place-order'
import type { PieceWeight } from '~/orders/weights'
import type { DB } from '~/platform/db/db.server'
import type { TableName } from '~/platform/db/schema'
import {
  createCustomer,
  createPickupPlace,
  createProduct,
  createWindow,
} from '~/seed/factories.server'
import { fillCart } from './orders'

// The one scene most order tests start from: a product, a cart, an order placed through the
// place-order flow as checkout places it. Checkout's fields for Ann Lee, the by-weight pickup
// order of the weighing and card-hold tests, and what to read back afterwards.

/** Monday 2026-11-23, noon in Boise; Thursday 2026-11-26 is the default window's next day. */
export const MONDAY = new Date('2026-11-23T19:00:00Z')
export const THURSDAY = '2026-11-26'

/** Checkout's fields for Ann Lee, shipping to Boise by standard shipping, paying offline. */
export function orderInput(
  customerId: string,
  overrides: Partial<PlaceOrderFields> = {},
): PlaceOrderInput {
  return {
    customerId,
    idempotencyKey: crypto.randomUUID(),
    contact: { email: 'Ann@Example.com', phone: '208-555-0100' },
    shippingAddress: {
      firstName: 'Ann',
      lastName: 'Lee',
      street: '12 Orchard Lane',
      apartment: 'Unit 3',
      city: 'Boise',
      state: 'ID',
      zipCode: '83702',
    },
    shippingMethod: 'standard',
    paymentMethod: 'offline',
    ...overrides,
  }
}

/** ...picked up in `slot` ("windowId:YYYY-MM-DD"): names only, no address. */
export function pickupInput(
  customerId: string,
  slot: string,
  overrides: Partial<PlaceOrderFields> = {},
): PlaceOrderInput {
  return orderInput(customerId, {
    contact: { email: 'ann@example.com', phone: '208-555-0100' },
    shippingAddress: { firstName: 'Ann', lastName: 'Lee' },
    shippingMethod: 'pickup',
    slot,
    ...overrides,
  })
}

/** The placed order, or the test fails with the refusal. */
export function expectPlaced(result: PlaceOrderResult) {
  if (!result.ok) throw new Error(`expected an order, got ${JSON.stringify(result)}`)
  return result.order
}

export async function countRows(db: DB, table: TableName): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** How many lines the customer's cart holds (0 once the order emptied it). */
export async function countCartLines(db: DB, customerId: string): Promise<number> {
  const rows = await db
    .selectFrom('cart_lines')
    .innerJoin('carts', 'carts.id', 'cart_lines.cart_id')
    .select('cart_lines.id')
    .where('carts.customer_id', '=', customerId)
    .execute()
  return rows.length
}

/** Orders, items and emails together: what a half-written order would leave behind. */
export async function writtenRows(db: DB) {
  return {
    orders: await countRows(db, 'orders'),
    items: await countRows(db, 'order_items'),
    emails: await countRows(db, 'email_outbox'),
  }
}

/** The emails of one template sent to one address, oldest first. */
export function emailsTo(db: DB, to: string, template: string) {
  return db
    .selectFrom('email_outbox')
    .select(['subject', 'text_body'])
    .where('to_address', '=', to)
    .where('template', '=', template)
    .execute()
}

// Priced by weight (ADR 30): 2 ribeyes at $18.99/lb, about 1.10 lb each (est. $20.89 each),
// and an $11.00 jar, 6 % tax on 5278 = 316.68 -> 317. The ribeyes cost at most 4178 x 1.15 =
// 4804.7 -> 4805; the order at most (4805 + 1100) + 354 tax.
export const ESTIMATE = 2 * 2089 + 1100
export const ESTIMATED_TOTAL = ESTIMATE + 317
export const MAXIMUM = 4805 + 1100 + 354

/** 2 ribeyes and a jar, picked up on THURSDAY, placed on MONDAY, not paid yet. */
export async function placeByWeightOrder(db: DB, paymentMethod: PaymentMethod) {
  const place = await createPickupPlace(db, { name: `Barn ${crypto.randomUUID().slice(0, 6)}` })
  const window = await createWindow(db, { place_id: place.id })
  const ribeye = await createProduct(db, {
    name: 'Ribeye',
    unit: 'lb',
    price_cents: 1899,
    sold_by_weight: true,
    average_weight_centi_lb: 110,
  })
  const jam = await createProduct(db, { name: 'Huckleberry Jam', price_cents: 1100 })
  const customer = await createCustomer(db, { first_name: 'Ann', last_name: 'Lee' })
  await fillCart(db, customer.id, [
    { productId: ribeye.id, quantity: 2 },
    { productId: jam.id, quantity: 1 },
  ])
  const input = pickupInput(customer.id, `${window.id}:${THURSDAY}`, {
    contact: { email: customer.email, phone: '208-555-0100' },
    paymentMethod,
  })
  const placed = expectPlaced(await placeOrder(db, input, { now: MONDAY }))
  const item = await db
    .selectFrom('order_items')
    .select('id')
    .where('order_id', '=', placed.id)
    .where('sold_by_weight', '=', true)
    .executeTakeFirstOrThrow()
  return {
    orderId: placed.id,
    itemId: item.id,
    email: customer.email,
    customerId: customer.id,
    windowId: window.id,
  }
}

/** The weights of an item's pieces, piece 1 first (null: not weighed yet). */
export const pieces = (itemId: string, ...weights: Array<number | null>): PieceWeight[] =>
  weights.map((centiLb, index) => ({ itemId, piece: index + 1, centiLb }))

/** Where an order's money stands: its totals, its card hold and what was captured. */
export function orderPayment(db: DB, orderId: string) {
  return db
    .selectFrom('orders')
    .select([
      'status',
      'payment_status',
      'subtotal_cents',
      'tax_cents',
      'total_cents',
      'authorised_cents',
      'authorization_reference',
      'captured_cents',
      'hold_authorised_at',
      'hold_renewal_failed_at',
    ])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow()
}
