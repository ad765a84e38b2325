import type { Insertable } from 'kysely'
import { placeOrder } from '~/flows/place-order.server'
import type { PlaceOrderResult } from '~/orders/place-order'
import type { DB } from '~/platform/db/db.server'
import type { Database } from '~/platform/db/schema'
import {
  createCustomer,
  createPickupPlace,
  createProduct,
  createWindow,
} from '~/seed/factories.server'
import type { Frequency } from '~/subscriptions/terms'
import { fillCart } from './orders'

// Subscriptions for data-layer tests, made the way a customer makes one (ADR 32): a cart with a
// subscribed line checked out to a weekly pickup window, through placeOrder.

/** Monday 2026-11-23, noon in Boise: before the cut-off of Thursday 2026-11-26's window. */
export const MONDAY_NOON = new Date('2026-11-23T19:00:00Z')
/** The first box's Thursday, and the one a week on (a weekly subscription's next box). */
export const FIRST_BOX = '2026-11-26'
export const NEXT_BOX = '2026-12-03'
/**
 * Just after the cut-off of NEXT_BOX in the default window (Thursday 3-6 pm, 24 hours before):
 * Wednesday 2026-12-02, 3:01 pm in Boise.
 */
export const AFTER_NEXT_CUTOFF = new Date('2026-12-02T22:01:00Z')

export type SubscribeOptions = {
  frequency?: Frequency
  quantity?: number
  paymentMethod?: 'offline' | 'stripe' | 'paypal'
  shippingMethod?: 'pickup' | 'delivery' | 'standard' | 'express'
  /** the subscribed product's fields (stock 20, $10.00, 10% off for subscribers unless told) */
  product?: Partial<Insertable<Database['products']>>
  /** the pickup window's fields (Thursday 3-6 pm, cut-off 24 hours before, unless told) */
  window?: Partial<Insertable<Database['fulfilment_windows']>>
  /** the first box's date (FIRST_BOX unless told) */
  date?: string
  /** when the customer checks out (MONDAY_NOON unless told) */
  now?: Date
}

/**
 * A new customer subscribes to a new subscribable product at checkout, for pickup in a new
 * weekly window. Answers placeOrder's result as it is (a refusal too) with what was made.
 */
export async function subscribeAtCheckout(db: DB, options: SubscribeOptions = {}) {
  const place = await createPickupPlace(db, { name: 'Red Barn' })
  const window = await createWindow(db, { place_id: place.id }, options.window)
  const product = await createProduct(db, {
    name: 'Veg Box',
    price_cents: 1000,
    stock_quantity: 20,
    subscription_frequencies: 'weekly,biweekly,monthly',
    subscriber_discount_percent: 10,
    ...options.product,
  })
  const customer = await createCustomer(db, { first_name: 'Ann', last_name: 'Lee' })
  await fillCart(db, customer.id, [
    {
      productId: product.id,
      quantity: options.quantity ?? 1,
      frequency: options.frequency ?? 'weekly',
    },
  ])
  const result: PlaceOrderResult = await placeOrder(
    db,
    {
      customerId: customer.id,
      idempotencyKey: crypto.randomUUID(),
      contact: { email: customer.email, phone: '208-555-0100' },
      shippingAddress: {
        firstName: 'Ann',
        lastName: 'Lee',
        street: '12 Orchard Lane',
        city: 'Boise',
        state: 'ID',
        zipCode: '83702',
      },
      shippingMethod: options.shippingMethod ?? 'pickup',
      slot: `${window.id}:${options.date ?? FIRST_BOX}`,
      paymentMethod: options.paymentMethod ?? 'offline',
    },
    { now: options.now ?? MONDAY_NOON },
  )
  const subscription = result.ok
    ? await db
        .selectFrom('subscriptions')
        .select(['id', 'status', 'next_date'])
        .where('first_order_id', '=', result.order.id)
        .executeTakeFirst()
    : undefined
  return { result, customer, place, window, product, subscription }
}

/** subscribeAtCheckout that must succeed: the order and its one subscription. */
export async function subscribed(db: DB, options: SubscribeOptions = {}) {
  const made = await subscribeAtCheckout(db, options)
  if (!made.result.ok) throw new Error(`expected a subscription, got ${made.result.message}`)
  if (!made.subscription) throw new Error('the order made no subscription')
  return { ...made, order: made.result.order, subscription: made.subscription }
}
