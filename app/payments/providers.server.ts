import type { PaymentMethod } from '~/orders/place-order'

// The payment methods this shop offers right now (D7). Components only ever see this list,
// never a provider's own objects (house style, anti-pattern 3). "Pay at pickup or on
// delivery" needs no account, so it is always there; Stripe Checkout (a hosted page: card
// data never touches our server) and PayPal are added here when their keys are configured.

export type PaymentProvider = { id: PaymentMethod; label: string }

export function listPaymentProviders(): PaymentProvider[] {
  return [{ id: 'offline', label: 'Pay at pickup or on delivery' }]
}
