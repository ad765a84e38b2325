import { formatCents } from '~/platform/ui/price'

// Every word the cart says, in one browser-safe place: the server answers with them and the
// components (and tests) compare against them. The specification's texts are kept exactly.

// Specification, section 4 (cart page) and section 8 (promo).
export const CONFIRM_REMOVE = 'Are you sure you want to remove this item from your cart?'
export const CONFIRM_CLEAR = 'Are you sure you want to clear your entire cart?'
export const PROMO_INVALID = 'Invalid promo code. Please try again.'

/** "Promo code applied! You saved $4.20." (formatCents brings the dollar sign.) */
export function promoAppliedMessage(savedCents: number): string {
  return `Promo code applied! You saved ${formatCents(savedCents)}.`
}

/** Specification, section 9: "Add $X more to qualify for free shipping!" */
export function freeShippingHint(remainingCents: number): string {
  return `Add ${formatCents(remainingCents)} more to qualify for free shipping!`
}

// Ours, where the specification says nothing.
export function freeDeliveryHint(remainingCents: number): string {
  return `Add ${formatCents(remainingCents)} more for free delivery!`
}

/** D21: under the summary of a cart that cannot be shipped, priced its cheapest way. */
export const CHOSEN_AT_CHECKOUT = 'Pickup or local delivery, chosen at checkout.'

export const PROMO_REQUIRED = 'Please enter a promo code.'
export const PROMO_EMPTY_CART = 'Add something to your cart before using a promo code.'
export const PROMO_REMOVED = 'Promo code removed.'
export const PROMO_NO_LONGER_VALID = 'This promo code is no longer valid.'

/** For codes with a minimum subtotal (FARM10 has none): says what is needed. */
export function promoMinimumMessage(code: string, minSubtotalCents: number): string {
  return `Promo code ${code} needs a subtotal of ${formatCents(minSubtotalCents)} or more.`
}

export const ADDED_TO_CART = 'Added to cart'
export const QUANTITY_UPDATED = 'Quantity updated.'
export const ITEM_REMOVED = 'Item removed from your cart.'
export const CART_CLEARED = 'Your cart has been cleared.'
export const CART_CHANGE_FAILED = 'That cart change could not be made. Please try again.'
export const PRODUCT_UNAVAILABLE = 'Sorry, this product is no longer available.'
export const OPTION_UNAVAILABLE = 'Sorry, that option is not available right now.'
export const LINE_NOT_FOUND = 'That item is no longer in your cart.'

export const outOfStockMessage = (name: string) => `Sorry, ${name} is out of stock.`
export const onlyLeftMessage = (stock: number) =>
  `Only ${stock} left in stock, so your cart now has ${stock}.`
export const allInCartMessage = (stock: number) =>
  `Only ${stock} left in stock, and your cart already has ${stock === 1 ? 'it' : 'them all'}.`

// Subscribing from the cart (ADR 32).
export const PURCHASE_INVALID = 'Please choose One time or Subscribe.'
export const FREQUENCY_INVALID = 'Please choose Weekly, Every 2 weeks or Monthly.'
export const FREQUENCY_REQUIRED = 'Please choose how often your subscription box comes.'
export const notSubscribableMessage = (name: string) =>
  `${name} is not offered by subscription. Please choose One time.`
export const optionNotSubscribableMessage = (name: string) =>
  `${name} cannot be subscribed to: that option is for one-time orders only. Please choose One time or another option.`
export const frequencyNotOfferedMessage = (name: string, wanted: string, offered: string[]) =>
  `${name} is not offered ${wanted.toLowerCase()}. Please choose ${offered.join(' or ')}.`
export const addedAsSubscriptionMessage = (frequency: string) =>
  `Added to cart as a subscription: ${frequency}.`
export const nowSubscriptionMessage = (frequency: string) => `Now a subscription: ${frequency}.`
export const NOW_ONE_TIME = 'Now a one-time purchase.'
export const SUBSCRIPTION_NO_LONGER_OFFERED =
  'No longer offered by subscription at this frequency. Please choose how often again, or One time.'
