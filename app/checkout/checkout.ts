import { z } from 'zod'
import type { CartSummary } from '~/cart/cart'
import { priceMethods } from '~/cart/fulfilment-pricing'
import type { CartTotals } from '~/cart/pricing'
import type {
  DeliveryTerms,
  DeliveryZoneTerms,
  FulfilmentMethod,
  MethodFee,
} from '~/fulfilment/methods'
import {
  addressSchema,
  contactSchema,
  nameShape,
  perStatesOffered,
  SHIPPING_METHOD_INVALID,
} from '~/orders/place-order'
import type { FormReply } from '~/platform/forms/conform'
import { checkbox } from '~/platform/us-address'

// The browser-safe side of the checkout: its steps, its form schemas and its words. The
// checkout is three plain forms posting to /checkout, each with an `intent`; what the shopper
// entered travels between the steps in hidden fields, so it works without JavaScript. The
// action answers with the one reply shape (FormReply): what was posted, the complaints, and
// `form` naming the step to show (checkoutView reads it).

export const CHECKOUT_STEPS = ['Shipping', 'Payment', 'Review'] as const
export type CheckoutStep = 1 | 2 | 3

/** Where a step stands for the shopper: done (a step back), the one shown, or still ahead. */
export type StepState = 'completed' | 'current' | 'upcoming'

/** The progress list: each step with its number and state while `current` is shown. */
export function checkoutProgress(
  current: CheckoutStep,
): Array<{ number: number; label: (typeof CHECKOUT_STEPS)[number]; state: StepState }> {
  return CHECKOUT_STEPS.map((label, index) => {
    const number = index + 1
    const state = number < current ? 'completed' : number === current ? 'current' : 'upcoming'
    return { number, label, state }
  })
}

export const TERMS_REQUIRED = 'Please accept the terms of service and privacy policy.'

/** What the checkout says when a payment provider sends the shopper back (?payment=...). */
const PAYMENT_NOTICES: Record<string, string> = {
  'paypal-cancelled':
    'You cancelled the payment on PayPal. Nothing was charged, and your cart is as it was.',
  'paypal-failed':
    'PayPal did not complete the payment, so nothing was charged and that order was cancelled. Your cart is as it was: please try again or choose another payment method.',
}

export function paymentNotice(code: string | null): string | undefined {
  return code ? PAYMENT_NOTICES[code] : undefined
}

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
  /** the pickup window or delivery day, "windowId:YYYY-MM-DD" */
  slot: string
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
  'slot',
  'paymentMethod',
] as const satisfies ReadonlyArray<Exclude<keyof CheckoutDraft, 'saveAddress'>>

/**
 * Step 1's form: the same field rules and messages as placeOrderSchema (which parses them
 * again when the order is placed), flat, so each message sits next to its field. Pickup asks
 * for no address. Whether the slot is one the shopper may take is the server's question.
 */
export const shippingStepSchema = perStatesOffered((statesOffered) => {
  const common = {
    email: contactSchema.shape.email,
    phone: contactSchema.shape.phone,
    ...nameShape,
    slot: z.string().trim().max(100).default(''),
    saveAddress: checkbox,
  }
  const address = addressSchema(statesOffered).shape
  return z.discriminatedUnion(
    'shippingMethod',
    [
      z.object({ ...common, shippingMethod: z.literal('pickup') }),
      z.object({ ...address, ...common, shippingMethod: z.literal('delivery') }),
      z.object({ ...address, ...common, shippingMethod: z.literal('standard') }),
      z.object({ ...address, ...common, shippingMethod: z.literal('express') }),
    ],
    { error: SHIPPING_METHOD_INVALID },
  )
})

export type ShippingStep = z.output<ReturnType<typeof shippingStepSchema>>

// The action's input: raw text for every draft field (each step checks what it needs, and
// says how long a field may be). Cut, not refused, so a pasted essay costs nothing typed.
const text = z
  .string()
  .default('')
  .transform((value) => value.slice(0, 1000))
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
  slot: text,
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

/** Each step's form, by step: a reply's `form` names the step the page shows with it. */
export const CHECKOUT_FORMS = ['shipping', 'payment', 'review'] as const

export function formOfStep(step: CheckoutStep): (typeof CHECKOUT_FORMS)[number] {
  return CHECKOUT_FORMS[step - 1] ?? 'shipping'
}

const ReplyValuesSchema = z.object({
  ...draftShape,
  /** made when the review step renders; travels as a hidden field to Place Order */
  idempotencyKey: text,
})

/**
 * What the page shows for the action's reply (none: the first step with the loader's
 * prefill): the step its `form` names, and the draft it carries back.
 */
export function checkoutView(
  reply: FormReply | undefined,
  prefill: CheckoutDraft,
): { step: CheckoutStep; draft: CheckoutDraft; idempotencyKey: string } {
  const step: CheckoutStep = reply?.form === 'payment' ? 2 : reply?.form === 'review' ? 3 : 1
  const values = ReplyValuesSchema.safeParse(reply?.initialValue)
  if (!values.success) return { step, draft: prefill, idempotencyKey: '' }
  const { idempotencyKey, ...draft } = values.data
  return { step, draft, idempotencyKey }
}

export type CheckoutPricing = {
  /** the chosen method's figures, for the summary */
  totals: CartTotals
  /** the summary's fee is local delivery's lowest, the ZIP not in a zone yet */
  feeFrom: boolean
  /** what each method would cost this cart, for "How would you like to get your order?" */
  fees: Partial<Record<FulfilmentMethod, MethodFee>>
}

/**
 * The cart priced with each method checkout offers, at the address given so far (D22): the
 * same priceMethods, so a choice never shows a fee the summary then contradicts. Local
 * delivery is priced in the ZIP's zone, or from the offered zone that costs least. An unknown
 * method, or local delivery where the farm delivers nowhere, is priced as pickup.
 */
export function checkoutPricing(
  cart: CartSummary,
  method: string,
  zones: readonly DeliveryZoneTerms[],
  addressZone: DeliveryTerms | null,
): CheckoutPricing {
  const prices = priceMethods(
    {
      lines: cart.lines.filter((line) => line.available),
      promo: cart.promo?.terms ?? null,
      settings: cart.settings,
      zones,
    },
    addressZone,
  )
  const [pickup] = prices
  const chosen = prices.find((price) => price.method === method) ?? pickup
  if (!chosen) throw new Error('pickup is always priced')
  const fees = Object.fromEntries(
    prices.map((price) => [price.method, { cents: price.totals.shippingCents, from: price.from }]),
  )
  return { totals: chosen.totals, feeFrom: chosen.from, fees }
}
