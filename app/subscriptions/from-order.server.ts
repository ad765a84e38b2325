import type { DB } from '~/platform/db/db.server'
import { syncReservations } from './reservations.server'
import { followingDate } from './schedule'
import type { Frequency } from './terms'

// Subscribing is checking out (ADR 32): a cart line with a frequency is the first box, and
// placeOrder calls this in its own transaction once the order is written, so the order and
// its subscriptions exist together or not at all.

/** What a subscription keeps of an order line: a line without a frequency is bought once. */
export type OrderedLine = {
  productId: string
  variantId: string | null
  quantity: number
  subscriptionFrequency: Frequency | null
}

/** Where the boxes go, as the order says it. */
export type SubscriberAddress = {
  firstName: string
  lastName: string
  street: string
  apartment: string | null
  city: string
  state: string
  zipCode: string
}

export type NewSubscriptionsInput = {
  orderId: string
  customerId: string
  /** the order's lines; those with a frequency are subscribed */
  lines: readonly OrderedLine[]
  /** the first box's weekly window and date */
  booking: { windowId: string; date: string }
  shippingMethod: 'pickup' | 'delivery'
  paymentMethod: 'stripe' | 'offline'
  contact: { email: string; phone: string }
  shipTo: SubscriberAddress
  now: Date
}

/**
 * One subscription per frequency in the order, its items that frequency's lines. Paid at
 * pickup it is active at once; by card it waits ('pending') until Stripe's webhook saves the
 * card. Its next box is the one after the first order's. Returns the new subscriptions' ids.
 */
export async function createSubscriptionsFromOrder(
  trx: DB,
  input: NewSubscriptionsInput,
): Promise<string[]> {
  const byFrequency = new Map<Frequency, OrderedLine[]>()
  for (const line of input.lines) {
    if (!line.subscriptionFrequency) continue
    const same = byFrequency.get(line.subscriptionFrequency) ?? []
    byFrequency.set(line.subscriptionFrequency, [...same, line])
  }
  const ids: string[] = []
  for (const [frequency, lines] of byFrequency) {
    const id = crypto.randomUUID()
    await trx
      .insertInto('subscriptions')
      .values({
        id,
        customer_id: input.customerId,
        status: input.paymentMethod === 'stripe' ? 'pending' : 'active',
        frequency,
        window_id: input.booking.windowId,
        shipping_method: input.shippingMethod,
        next_date: followingDate(frequency, input.booking.date),
        payment_method: input.paymentMethod,
        email: input.contact.email,
        phone: input.contact.phone,
        first_name: input.shipTo.firstName,
        last_name: input.shipTo.lastName,
        street: input.shipTo.street,
        apartment: input.shipTo.apartment,
        city: input.shipTo.city,
        state: input.shipTo.state,
        zip_code: input.shipTo.zipCode,
        first_order_id: input.orderId,
      })
      .execute()
    await trx
      .insertInto('subscription_items')
      .values(
        lines.map((line) => ({
          id: crypto.randomUUID(),
          subscription_id: id,
          product_id: line.productId,
          product_variant_id: line.variantId,
          quantity: line.quantity,
        })),
      )
      .execute()
    ids.push(id)
  }
  const productIds = [...new Set(input.lines.map((line) => line.productId))]
  await syncReservations(trx, input.now, productIds)
  return ids
}

/**
 * A first order cancelled or expired before it was paid takes its card-paid subscriptions
 * with it: they never started. Call it in the transaction that cancels the order. Pending
 * subscriptions reserve nothing, so no reservation changes. Returns how many were cancelled.
 */
export async function cancelPendingSubscriptions(trx: DB, orderId: string): Promise<number> {
  const result = await trx
    .updateTable('subscriptions')
    .set({ status: 'cancelled', cancelled_at: new Date(), updated_at: new Date() })
    .where('first_order_id', '=', orderId)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}
