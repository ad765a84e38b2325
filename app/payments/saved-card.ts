import { z } from 'zod'

// The words and addresses of paying a subscription's box and changing its card (ADR 32),
// shared by the pages, the emails and the server code behind them.

/** The page where the customer pays an unpaid card order (a box whose charge failed). */
export const orderPayPath = (orderId: string) =>
  `/account/orders/${encodeURIComponent(orderId)}/pay`

/** The page where the customer saves a new card for a subscription. */
export const subscriptionCardPath = (subscriptionId: string) =>
  `/account/subscriptions/${encodeURIComponent(subscriptionId)}/card`

export const PAY_NOW = 'Pay Now'
export const UPDATE_CARD = 'Update Card'

export const CARD_PAYMENTS_UNAVAILABLE = 'Card payments are not available right now.'
export const ORDER_ALREADY_PAID = 'This order is paid. Thank you!'
/** The scheduler is charging the box's saved card at this moment (issue 31). */
export const CARD_BEING_CHARGED =
  'We are charging your saved card for this order right now. Please look again in a few minutes: if the charge goes through, there is nothing more to pay.'
/** The customer's own payment page for the box is being opened or has just been paid. */
export const PAYMENT_UNDER_WAY =
  'Your payment for this order is under way. Please look again in a few minutes.'
export const ORDER_CANCELLED = 'This order was cancelled, so there is nothing to pay.'
export const ORDER_NOT_BY_CARD =
  'This order is paid at pickup or on delivery, so there is nothing to pay here.'
export const SUBSCRIPTION_NOT_BY_CARD =
  'This subscription is paid at pickup or on delivery, so it has no card to update.'
export const SUBSCRIPTION_CANCELLED = 'This subscription is cancelled.'
export const CARD_UPDATED =
  'Thank you! Your new card is being saved with the card company; your next boxes use it.'

/** Each page has one button; the intent names it, so a stray post is refused with 400. */
export const PayIntentSchema = z.object({
  intent: z.literal('pay', { error: 'Unknown action.' }),
})
/** The subscription's own page posts its "Update Card" here too, without an intent. */
export const CardIntentSchema = z.object({
  intent: z.literal('update-card', { error: 'Unknown action.' }).optional(),
})

/**
 * What stops an order from being paid on its pay page; null when it can be: an unpaid card
 * order, or a weighed one whose card hold lapsed (payment 'due', issue 31 item 6).
 */
export function orderPayRefusal(order: {
  status: string
  paymentMethod: string
  paymentStatus: string
}): string | null {
  if (order.status === 'cancelled') return ORDER_CANCELLED
  if (order.paymentMethod !== 'stripe') return ORDER_NOT_BY_CARD
  if (order.paymentStatus === 'due') return null
  if (order.status !== 'pending_payment') return ORDER_ALREADY_PAID
  return null
}

/** What stops a subscription's card from being changed; null when it can be. */
export function cardUpdateRefusal(subscription: {
  status: string
  paymentMethod: string
}): string | null {
  if (subscription.status === 'cancelled') return SUBSCRIPTION_CANCELLED
  if (subscription.paymentMethod !== 'stripe') return SUBSCRIPTION_NOT_BY_CARD
  return null
}
