import { z } from 'zod'
import type { CartSummary } from '~/cart/cart'
import { type CartTotals, priceCart, SHIPPING_METHODS, type ShippingMethod } from '~/cart/pricing'
import { checkbox } from '~/customers/address'
import { perStatesOffered, placeOrderSchema } from '~/orders/place-order'

// The browser-safe side of the checkout: its steps, its form schemas and its words. The
// checkout is three plain forms posting to /checkout, each with an `intent`; what the shopper
// entered travels between the steps in hidden fields, so it works without JavaScript.

export const CHECKOUT_STEPS = ['Shipping', 'Payment', 'Review'] as const
export type CheckoutStep = 1 | 2 | 3

export const TERMS_REQUIRED = 'Please accept the terms of service and privacy policy.'
export const TERMS_LABEL = 'I agree to the Terms of Service and Privacy Policy'

/** Everything the shopper has entered so far, as the form posts it. */
export type CheckoutDraft = {
  email: string
  phone: string
  firstName: string
  lastName: string
  street: string
  apartment: string
  city: string
  state: string
  zipCode: string
  shippingMethod: string
  saveAddress: boolean
  paymentMethod: string
}

export const DRAFT_TEXT_FIELDS = [
  'email',
  'phone',
  'firstName',
  'lastName',
  'street',
  'apartment',
  'city',
  'state',
  'zipCode',
  'shippingMethod',
  'paymentMethod',
] as const satisfies ReadonlyArray<Exclude<keyof CheckoutDraft, 'saveAddress'>>

/**
 * Step 1's form: the same field rules and messages as placeOrderSchema (which parses them
 * again when the order is placed), flat, so each message sits next to its field.
 */
export const shippingStepSchema = perStatesOffered((statesOffered) => {
  const { shape } = placeOrderSchema(statesOffered)
  return z.object({
    email: shape.contact.shape.email,
    phone: shape.contact.shape.phone,
    ...shape.shippingAddress.shape,
    shippingMethod: shape.shippingMethod,
    saveAddress: checkbox,
  })
})

export type ShippingStep = z.output<ReturnType<typeof shippingStepSchema>>

// The action's input: raw text for every draft field (each step checks what it needs).
const text = z.string().max(500).default('')
const draftShape = {
  email: text,
  phone: text,
  firstName: text,
  lastName: text,
  street: text,
  apartment: text,
  city: text,
  state: text,
  zipCode: text,
  shippingMethod: text,
  saveAddress: checkbox,
  paymentMethod: text,
}

export const CheckoutActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('to-payment'), ...draftShape }),
  z.object({ intent: z.literal('back-to-shipping'), ...draftShape }),
  z.object({ intent: z.literal('to-review'), ...draftShape }),
  z.object({ intent: z.literal('back-to-payment'), ...draftShape }),
  z.object({
    intent: z.literal('place-order'),
    ...draftShape,
    idempotencyKey: text,
    acceptTerms: checkbox,
  }),
])

export type CheckoutAction = z.output<typeof CheckoutActionSchema>

/** What the checkout page shows after a post: the step, the draft, and any complaints. */
export type CheckoutState = {
  step: CheckoutStep
  draft: CheckoutDraft
  fieldErrors: Record<string, string>
  message?: string
  /** made when the review step renders; travels as a hidden field to Place Order */
  idempotencyKey?: string
}

export const SHIPPING_METHOD_NAMES: Readonly<Record<ShippingMethod, string>> = {
  standard: 'Standard Shipping',
  express: 'Express Shipping',
  pickup: 'Farm Pickup',
}

export function isShippingMethod(value: string): value is ShippingMethod {
  return SHIPPING_METHODS.some((method) => method === value)
}

/** The cart priced with the chosen shipping method: the same priceCart as everywhere. */
export function checkoutTotals(cart: CartSummary, shippingMethod: string): CartTotals {
  return priceCart({
    lines: cart.lines.filter((line) => line.available),
    promo: cart.promo?.terms ?? null,
    shippingMethod: isShippingMethod(shippingMethod) ? shippingMethod : 'standard',
    settings: cart.settings,
  })
}
