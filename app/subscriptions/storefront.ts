import { FREQUENCY_LABELS, type Frequency } from './terms'

// What the shopper's side of subscribing says (ADR 32): the product page's choice, the cart
// line, the checkout's note and the confirmation. Browser-safe, so the pages, their actions
// and the tests read the same words.

export const PURCHASE_CHOICES = ['one-time', 'subscribe'] as const
export type PurchaseChoice = (typeof PURCHASE_CHOICES)[number]

export const PURCHASE_LEGEND = 'How would you like it?'
export const PURCHASE_LABELS: Record<PurchaseChoice, string> = {
  'one-time': 'One time',
  subscribe: 'Subscribe',
}
export const FREQUENCY_LEGEND = 'How often'

/** "save 10%" beside Subscribe, when the product has a subscriber discount. */
export function saveText(discountPercent: number): string {
  return `save ${discountPercent}%`
}

/** The cart line's "Subscription: Every 2 weeks". */
export function subscriptionLineText(frequency: Frequency): string {
  return `Subscription: ${FREQUENCY_LABELS[frequency]}`
}

export const OPTION_NOT_SUBSCRIBABLE_NOTE =
  'This option is for one-time orders only; it cannot be subscribed to.'

/**
 * The product page's stock words when units are kept for subscribers: what one-time shoppers
 * may still buy (free stock already has the reserved units taken off).
 */
export function keptForSubscribersText(left: number): string {
  return left > 0
    ? `${left} left for one-time orders (the rest are kept for subscribers)`
    : "Sold out: what is left is kept for subscribers' boxes"
}

const EVERY: Record<Frequency, string> = {
  weekly: 'every week',
  biweekly: 'every 2 weeks',
  monthly: 'every month',
}

/** Checkout's note for a cart holding subscribed lines, in the words of their frequencies. */
export function firstBoxNote(frequencies: readonly Frequency[]): string {
  const every = [...new Set(frequencies)].map((frequency) => EVERY[frequency]).join(' or ')
  return `Your first box comes on the day you choose, then ${every} on that weekday. You can skip, pause or cancel in your account.`
}

export const SUBSCRIPTIONS_PATH = '/account/subscriptions'

/** The confirmation page's words for an order that started subscriptions. */
export function subscriptionsStartedText(count: number): string {
  return count === 1
    ? 'This order is the first box of your subscription.'
    : `This order is the first box of your ${count} subscriptions.`
}
export const MANAGE_SUBSCRIPTIONS_LINK = 'Manage your subscriptions'
