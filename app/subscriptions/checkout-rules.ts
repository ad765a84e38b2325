import type { Frequency } from './terms'

// Checkout for a cart holding a subscription's first box (ADR 32), browser-safe: such a cart
// is picked up or delivered locally on a weekly window's day, and paid by card or at pickup.
// The checkout page and placeOrder say the same refusal words.

export const SUBSCRIPTION_NEEDS_LOCAL =
  'Subscription boxes are for pickup or local delivery. Please choose one.'
export const SUBSCRIPTION_NEEDS_WEEKLY_DAY =
  'Subscription boxes need a weekly pickup or delivery day. Please choose one.'
export const SUBSCRIPTION_PAYMENT =
  'Subscriptions are paid by card or at pickup. Please choose one.'

/** The payment methods a subscription can be charged with each cycle. */
export const SUBSCRIPTION_PAYMENT_METHODS: readonly string[] = ['stripe', 'offline']

/** The frequencies of the cart's subscribed lines (those on sale); empty for a one-time cart. */
export function subscribedFrequencies(
  lines: readonly { available: boolean; subscriptionFrequency: Frequency | null }[],
): Frequency[] {
  const frequencies = lines.flatMap((line) =>
    line.available && line.subscriptionFrequency ? [line.subscriptionFrequency] : [],
  )
  return [...new Set(frequencies)]
}

/** The payment options a cart may use: a subscribing cart has no PayPal. */
export function paymentOptionsFor<Option extends { id: string }>(
  options: readonly Option[],
  subscribing: boolean,
): Option[] {
  return subscribing
    ? options.filter((option) => SUBSCRIPTION_PAYMENT_METHODS.includes(option.id))
    : [...options]
}
