import type { PaymentMethod } from '~/orders/place-order'

// Our own payment interface (D7, house style anti-pattern 3): the checkout and its components
// see only these shapes, never a payment company's objects.

/** What a provider needs to know about an order that placeOrder has just written. */
export type PaymentOrder = {
  id: string
  orderNumber: string
  email: string
  totalCents: number
}

export type PaymentStart = { kind: 'done' } | { kind: 'redirect'; url: string }

export type PaymentProvider = {
  id: PaymentMethod
  label: string
  /** One sentence shown under the options on the Payment step. */
  description: string
  startPayment(order: PaymentOrder): Promise<PaymentStart>
}

/**
 * Payment methods that can take a by-weight order (ADR 30): paid at the handover, or a card
 * authorised for the maximum and captured when weighed. PayPal's authorize-and-capture is not
 * built yet, so a cart with anything priced by weight does not offer it.
 */
export const WEIGHED_ORDER_METHODS: readonly PaymentMethod[] = ['offline', 'stripe']
export const NOT_FOR_WEIGHED_ORDERS =
  'This payment method cannot be used for items priced by weight. Please pay by card or at pickup.'

/** What the browser gets: the options, without their server-side behaviour. */
export type PaymentOption = Pick<PaymentProvider, 'id' | 'label' | 'description'>
