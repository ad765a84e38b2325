import { z } from 'zod'
import {
  optionalText,
  PHONE_INVALID,
  requiredText,
  stateName,
  US_STATE_NAMES,
  ZIP_CODE_INVALID,
} from '~/platform/us-address'

// The browser-safe side of placing an order (ADR 11): the checkout's schema, the words the
// shopper reads, and the shape of placeOrder's answer. The checkout form validates with the
// schema in the browser; placeOrder parses its input with it again on the server.

export const PAYMENT_METHODS = ['offline', 'stripe', 'paypal'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

// Specification, checkout shipping step: the three texts are kept exactly.
export const EMAIL_REQUIRED = 'Email is required'
export const FULL_NAME_REQUIRED = 'Full name is required'
export const ADDRESS_REQUIRED = 'Address is required'
// Ours, where the specification only has the browser's `required`.
export const EMAIL_INVALID = 'Please enter a valid email address'
export const PHONE_REQUIRED = 'Phone is required'
export const CITY_REQUIRED = 'City is required'
export const STATE_REQUIRED = 'State is required'
export const ZIP_CODE_REQUIRED = 'ZIP code is required'
export const SHIPPING_METHOD_INVALID = 'Please choose a shipping method'
export const PAYMENT_METHOD_INVALID = 'Please choose a payment method'
/** The idempotency key is a hidden field; a bad one means the page is stale or tampered with. */
export const CHECKOUT_EXPIRED = 'This checkout page has expired. Please review your order again.'

function offeredStatesText(states: readonly string[]): string {
  const names = states.map(stateName)
  if (names.length <= 1) return names.join('')
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`
}

export function stateNotOfferedMessage(statesOffered: readonly string[]): string {
  return `We currently deliver only to ${offeredStatesText(statesOffered)}.`
}

/** Required text whose length limit says the limit, never "is required" (issue 17). */
const required = (message: string, label: string, max = 100) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${label} must be at most ${max} characters`)

/**
 * A schema builder for the shop's states offered that builds again only when they change:
 * building a zod schema costs more than parsing with it, and checkout does both per request.
 */
export function perStatesOffered<S>(
  build: (statesOffered: readonly string[]) => S,
): (statesOffered: readonly string[]) => S {
  let last: { key: string; schema: S } | undefined
  return (statesOffered) => {
    const key = statesOffered.join(',')
    if (last?.key !== key) last = { key, schema: build(statesOffered) }
    return last.schema
  }
}

export const contactSchema = z.object({
  email: z
    .string({ error: EMAIL_REQUIRED })
    .trim()
    .min(1, EMAIL_REQUIRED)
    .max(254, 'Email must be at most 254 characters')
    .pipe(z.email(EMAIL_INVALID))
    .transform((value) => value.toLowerCase()),
  phone: z
    .string({ error: PHONE_REQUIRED })
    .trim()
    .min(1, PHONE_REQUIRED)
    .refine(
      (value) => /^[0-9+().\-\s]{7,20}$/.test(value) && value.replace(/\D/g, '').length >= 7,
      PHONE_INVALID,
    ),
})

/** The specification has one message for either half of the name. */
export const nameShape = {
  firstName: required(FULL_NAME_REQUIRED, 'First name'),
  lastName: required(FULL_NAME_REQUIRED, 'Last name'),
}

/** A delivery or shipping address for a shop that delivers to `statesOffered`. */
export const addressSchema = perStatesOffered((statesOffered) =>
  z.object({
    ...nameShape,
    street: required(ADDRESS_REQUIRED, 'Address', 200),
    apartment: optionalText('Apartment or suite'),
    city: requiredText('City'),
    state: z
      .string({ error: STATE_REQUIRED })
      .trim()
      .min(1, STATE_REQUIRED)
      .transform((code) => code.toUpperCase())
      .refine((code) => statesOffered.includes(code), stateNotOfferedMessage(statesOffered)),
    zipCode: z
      .string({ error: ZIP_CODE_REQUIRED })
      .trim()
      .min(1, ZIP_CODE_REQUIRED)
      .regex(/^\d{5}(-\d{4})?$/, ZIP_CODE_INVALID),
  }),
)

/**
 * Checkout's Place Order input for a shop that delivers to `statesOffered` (settings, e.g.
 * ['ID']). The customer comes from the session, never from the form. Pickup asks for a name
 * and no address; pickup and local delivery carry the chosen slot ("windowId:YYYY-MM-DD"),
 * which placeOrder checks again inside its transaction (ADR 18).
 */
export const placeOrderSchema = perStatesOffered((statesOffered) => {
  const common = {
    /** Made when the review step renders: the same submission twice makes one order. */
    idempotencyKey: z
      .string({ error: CHECKOUT_EXPIRED })
      .regex(/^[A-Za-z0-9_-]{16,100}$/, CHECKOUT_EXPIRED),
    contact: contactSchema,
    paymentMethod: z.enum(PAYMENT_METHODS, { error: PAYMENT_METHOD_INVALID }),
    slot: z.string().max(100).optional(),
  }
  const address = addressSchema(statesOffered)
  return z.discriminatedUnion(
    'shippingMethod',
    [
      z.object({
        ...common,
        shippingMethod: z.literal('pickup'),
        shippingAddress: z.object(nameShape),
      }),
      z.object({ ...common, shippingMethod: z.literal('delivery'), shippingAddress: address }),
      z.object({ ...common, shippingMethod: z.literal('standard'), shippingAddress: address }),
      z.object({ ...common, shippingMethod: z.literal('express'), shippingAddress: address }),
    ],
    { error: SHIPPING_METHOD_INVALID },
  )
})

/**
 * The schema for any US state, for code that does not know the shop's settings (types,
 * tests); placeOrder parses with placeOrderSchema(the shop's states offered).
 */
export const PlaceOrderSchema = placeOrderSchema(Object.keys(US_STATE_NAMES))

/** What callers hand placeOrder (parsed there with placeOrderSchema). */
export type PlaceOrderFields = {
  idempotencyKey: string
  contact: { email: string; phone: string }
  shippingMethod: string
  /** pickup and local delivery: "windowId:YYYY-MM-DD" */
  slot?: string
  shippingAddress: {
    firstName: string
    lastName: string
    street?: string
    apartment?: string
    city?: string
    state?: string
    zipCode?: string
  }
  paymentMethod: string
}
export type PlaceOrderData = z.output<typeof PlaceOrderSchema>

/** A checkout's fields for this customer's cart: the place-order flow's input. */
export type PlaceOrderInput = PlaceOrderFields & { customerId: string }

/** 10042 -> "FS-10042": how every page and email shows an order number. */
export function formatOrderNumber(orderNumber: number): string {
  return `FS-${orderNumber}`
}

export type SoldOutLine = {
  name: string
  variantName: string | null
  /** what is left right now; 0 when sold out */
  available: number
}

export type PlaceOrderFailureReason =
  /** the input did not pass the schema; fieldErrors says where */
  | 'invalid'
  | 'empty-cart'
  /** archived, switched off, or an option that is not on sale */
  | 'unavailable'
  /** the cart's promo code can no longer be used (ended, switched off, used up) */
  | 'promo-invalid'
  /** the idempotency key was used by another customer's order */
  | 'conflict'
  /** the pickup window or delivery day cannot be had (closed, past its cut-off, wrong ZIP) */
  | 'fulfilment'
  /** the window filled up while the shopper was checking out */
  | 'slot-full'

/** What paying for an order needs to know of it. */
export type PlacedOrder = { id: string; orderNumber: number; email: string; totalCents: number }

export type PlaceOrderResult =
  | { ok: true; order: PlacedOrder; replayed?: true }
  | { ok: false; reason: 'sold-out'; lines: SoldOutLine[]; message: string }
  | {
      ok: false
      reason: PlaceOrderFailureReason
      message: string
      /** 'invalid' (by path, e.g. 'shippingAddress.street'), 'fulfilment' and 'slot-full' */
      fieldErrors?: Record<string, string[]>
    }

/** "Pasture-Raised Eggs (Dozen)": the product and its option, as the cart names them. */
export function itemName(name: string, variantName: string | null): string {
  return variantName ? `${name} (${variantName})` : name
}

/** "Only 2 of Pasture-Raised Eggs (Dozen) left in stock." or "... is sold out." */
export function soldOutMessage(line: SoldOutLine): string {
  const name = itemName(line.name, line.variantName)
  return line.available > 0
    ? `Only ${line.available} of ${name} left in stock.`
    : `${name} is sold out.`
}

export const EMPTY_CART = 'Your cart is empty.'
export const PROMO_NO_LONGER_VALID =
  'The promo code on your cart can no longer be used. Please remove it and try again.'
export const IDEMPOTENCY_CONFLICT = CHECKOUT_EXPIRED

/** A cart's subscribed line whose product or option stopped offering that subscription. */
export function notSubscribableMessage(names: readonly string[]): string {
  return names.length === 1
    ? `Sorry, ${names[0]} can no longer be subscribed to. Please remove it from your cart.`
    : `Sorry, these items can no longer be subscribed to: ${names.join(', ')}. Please remove them from your cart.`
}

export function unavailableMessage(names: readonly string[]): string {
  return names.length === 1
    ? `Sorry, ${names[0]} is no longer available. Please remove it from your cart.`
    : `Sorry, these items are no longer available: ${names.join(', ')}. Please remove them from your cart.`
}
