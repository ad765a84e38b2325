import type { CartLine } from '~/cart/cart'
import type { Frequency } from '~/catalog/subscription-terms'

// Checkout for a cart holding a subscription's first box (ADR 32), browser-safe: such a cart
// is picked up or delivered locally on a weekly window's day, and paid by card or at pickup.
// The refusal words are subscriptions/checkout-rules.ts's, which placeOrder says too.

/** The payment methods a subscription can be charged with each cycle. */
export const SUBSCRIPTION_PAYMENT_METHODS: readonly string[] = ['stripe', 'offline']

/** The frequencies of the cart's subscribed lines (those on sale); empty for a one-time cart. */
export function subscribedFrequencies(lines: readonly CartLine[]): Frequency[] {
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
