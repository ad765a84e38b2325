import { isShipping } from '~/fulfilment/methods'
import type { FulfilmentOffer } from '~/fulfilment/offer'
import { weeklyWindowIds } from '~/fulfilment/weekly-windows.server'
import { parseSlotKey } from '~/fulfilment/windows'
import type { DB } from '~/platform/db/db.server'
import {
  SUBSCRIPTION_NEEDS_LOCAL,
  SUBSCRIPTION_NEEDS_WEEKLY_DAY,
  SUBSCRIPTION_PAYMENT,
  SUBSCRIPTION_PAYMENT_METHODS,
} from './checkout-rules'

// The server side of a subscribing checkout (ADR 32): only weekly windows' days are offered,
// and each step checks the choice before placeOrder checks it once more.

/** The offer with only weekly windows' days: a subscription's box comes on that weekday. */
export async function weeklyOffer(db: DB, offer: FulfilmentOffer): Promise<FulfilmentOffer> {
  const weekly = await weeklyWindowIds(db)
  const keep = <S extends { windowId: string }>(slots: S[]) =>
    slots.filter((slot) => weekly.has(slot.windowId))
  return {
    ...offer,
    pickup:
      offer.pickup.kind === 'windows'
        ? {
            kind: 'windows',
            places: offer.pickup.places.map((place) => ({ ...place, slots: keep(place.slots) })),
          }
        : offer.pickup,
    delivery: offer.delivery?.map((zone) => ({ ...zone, slots: keep(zone.slots) })) ?? null,
  }
}

export type SubscriptionProblem = {
  field: 'shippingMethod' | 'slot' | 'paymentMethod'
  message: string
}

/** What a subscribing cart's choice of method and day breaks, if anything. */
export async function subscriptionFulfilmentProblem(
  db: DB,
  choice: { method: string; slot: string },
): Promise<SubscriptionProblem | null> {
  if (isShipping(choice.method)) {
    return { field: 'shippingMethod', message: SUBSCRIPTION_NEEDS_LOCAL }
  }
  const parsed = parseSlotKey(choice.slot)
  if (!parsed || !(await weeklyWindowIds(db)).has(parsed.windowId)) {
    return { field: 'slot', message: SUBSCRIPTION_NEEDS_WEEKLY_DAY }
  }
  return null
}

/** What a subscribing cart's payment method breaks, if anything. */
export function subscriptionPaymentProblem(paymentMethod: string): SubscriptionProblem | null {
  return SUBSCRIPTION_PAYMENT_METHODS.includes(paymentMethod)
    ? null
    : { field: 'paymentMethod', message: SUBSCRIPTION_PAYMENT }
}

/** How many subscriptions this customer's order started (its confirmation says so). */
export async function countSubscriptionsStarted(
  db: DB,
  customerId: string,
  orderId: string,
): Promise<number> {
  const row = await db
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('first_order_id', '=', orderId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}
