import { getDb } from '~/db/db.server'
import { getEnv } from '~/env.server'
import type { PaymentMethod } from '~/orders/place-order'
import { offlineProvider } from './offline.server'
import type { PaymentOption, PaymentProvider } from './provider'
import { createStripeProvider } from './stripe.server'

// The payment methods this shop offers right now (D7). Components only ever see this list,
// never a provider's own objects (house style, anti-pattern 3). "Pay at pickup or on
// delivery" needs no account, so it is always there; Stripe Checkout (a hosted page: card
// data never touches our server) is added when both its keys are configured.

export function listPaymentProviders(): PaymentProvider[] {
  const { stripe, baseUrl } = getEnv()
  const providers: PaymentProvider[] = [offlineProvider]
  if (stripe) providers.push(createStripeProvider(getDb(), { ...stripe, baseUrl }))
  return providers
}

/** The options for the browser: ids, labels and descriptions only. */
export function listPaymentOptions(): PaymentOption[] {
  return listPaymentProviders().map(({ id, label, description }) => ({ id, label, description }))
}

export function getProvider(id: PaymentMethod | string): PaymentProvider | undefined {
  return listPaymentProviders().find((provider) => provider.id === id)
}
