import type { PaymentMethod } from '~/orders/place-order'
import { getDb } from '~/platform/db/db.server'
import { getEnv } from '~/platform/env.server'
import { type Capturers, payPalCapture, stripeCapture } from './capture.server'
import { offlineProvider } from './offline.server'
import {
  createPayPalClient,
  createPayPalProvider,
  type PayPalClient,
  type PayPalConfig,
} from './paypal.server'
import type { PaymentOption, PaymentProvider } from './provider'
import { createStripeProvider } from './stripe.server'

// The payment methods this shop offers right now (D7). Components only ever see this list,
// never a provider's own objects (house style, anti-pattern 3). "Pay at pickup or on
// delivery" needs no account, so it is always there; Stripe Checkout (a hosted page: card
// data never touches our server) and PayPal (approved on PayPal's page) are added when both
// of their keys are configured.

export function listPaymentProviders(): PaymentProvider[] {
  const { stripe, baseUrl } = getEnv()
  const providers: PaymentProvider[] = [offlineProvider]
  if (stripe) providers.push(createStripeProvider(getDb(), { ...stripe, baseUrl }))
  const paypal = getPayPalClient()
  if (paypal) providers.push(createPayPalProvider(getDb(), paypal, baseUrl))
  return providers
}

let paypalClient: { config: PayPalConfig; client: PayPalClient } | undefined

/** The PayPal client for this process's configuration (one, so its access token is shared). */
export function getPayPalClient(): PayPalClient | undefined {
  const { paypal } = getEnv()
  if (!paypal) return undefined
  if (paypalClient?.config !== paypal)
    paypalClient = { config: paypal, client: createPayPalClient(paypal) }
  return paypalClient.client
}

/** The options for the browser: ids, labels and descriptions only. */
export function listPaymentOptions(): PaymentOption[] {
  return listPaymentProviders().map(({ id, label, description }) => ({ id, label, description }))
}

/** How a held by-weight payment is captured, per configured provider (ADR 30). */
export function configuredCapturers(): Capturers {
  const { stripe } = getEnv()
  const paypal = getPayPalClient()
  return {
    ...(stripe && { stripe: stripeCapture(stripe) }),
    ...(paypal && { paypal: payPalCapture(paypal) }),
  }
}

export function getProvider(id: PaymentMethod | string): PaymentProvider | undefined {
  return listPaymentProviders().find((provider) => provider.id === id)
}
