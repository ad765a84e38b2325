import { z } from 'zod'
import { QUANTITY_TOO_LOW } from '~/catalog/stock'
import { PURCHASE_CHOICES } from '~/subscriptions/storefront'
import { FREQUENCIES } from '~/subscriptions/terms'
import { FREQUENCY_INVALID, PROMO_REQUIRED, PURCHASE_INVALID } from './words'

// The one schema for every post to /cart (house style 3 and 4): an `intent` picks the change.
// Shared by the cart components (field names, the promo field's constraints) and the /cart
// action (parsing with parseSubmission). The action answers with the one reply shape
// (FormReply), its `form` being the intent that answered.

/** A sanity limit per line; stock is the real limit. */
export const MAX_LINE_QUANTITY = 999

const id = z.string().trim().min(1).max(100)
/** Empty hidden fields ("variantId" of a product without options) count as absent. */
const optionalId = z.preprocess((value) => (value === '' ? undefined : value), id.optional())
const quantity = z.coerce
  .number({ error: QUANTITY_TOO_LOW })
  .int(QUANTITY_TOO_LOW)
  .min(1, QUANTITY_TOO_LOW)
  .max(MAX_LINE_QUANTITY, `Please enter a quantity of at most ${MAX_LINE_QUANTITY}.`)
/** Where a plain (no-JavaScript) form returns to; checked with safeRedirect by the route. */
const redirect = z.string().max(2000).optional()

// Subscribing (ADR 32): Add to Cart posts purchase=one-time|subscribe and a frequency; a line's
// "How often" select posts one of the frequencies or 'one-time'. Whether the product offers that
// frequency is the server's question (cart-changes.server.ts).
// Absent: one time, as every Add to Cart without the choice means.
const purchase = z.enum(PURCHASE_CHOICES, { error: PURCHASE_INVALID }).optional()
const frequency = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.enum(FREQUENCIES, { error: FREQUENCY_INVALID }).optional(),
)
/** The line's choice: a frequency, or 'one-time' to stop it being a subscription. */
export const LINE_ONE_TIME = 'one-time'
const lineFrequency = z.enum([LINE_ONE_TIME, ...FREQUENCIES], { error: FREQUENCY_INVALID })

/** The promo code form: the only cart form with something to type. */
export const ApplyPromoSchema = z.object({
  intent: z.literal('apply-promo'),
  code: z.string({ error: PROMO_REQUIRED }).trim().min(1, PROMO_REQUIRED).max(50),
  redirect,
})

export const CartActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('add'),
    productId: id,
    variantId: optionalId,
    quantity: quantity.default(1),
    purchase,
    frequency,
    redirect,
  }),
  z.object({ intent: z.literal('set-frequency'), lineId: id, frequency: lineFrequency, redirect }),
  z.object({ intent: z.literal('set-quantity'), lineId: id, quantity, redirect }),
  z.object({ intent: z.literal('increment'), lineId: id, redirect }),
  z.object({ intent: z.literal('decrement'), lineId: id, redirect }),
  z.object({ intent: z.literal('remove'), lineId: id, redirect }),
  z.object({ intent: z.literal('clear'), redirect }),
  ApplyPromoSchema,
  z.object({ intent: z.literal('remove-promo'), redirect }),
])

export type CartAction = z.output<typeof CartActionSchema>
export type CartIntent = CartAction['intent']

/** The intents the action knows, to name which form answered (even when it was refused). */
export const CartIntentSchema = z.enum(
  CartActionSchema.options.map((option) => option.shape.intent.value) as [
    CartIntent,
    ...CartIntent[],
  ],
)
