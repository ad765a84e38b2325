import { z } from 'zod'
import { QUANTITY_TOO_LOW } from '~/catalog/stock'
import { PROMO_REQUIRED } from './messages'

// The one schema for every post to /cart (house style 3 and 4): an `intent` picks the change.
// Shared by the cart components (field names) and the /cart action (parsing).

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

export const CartActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('add'),
    productId: id,
    variantId: optionalId,
    quantity: quantity.default(1),
    redirect,
  }),
  z.object({ intent: z.literal('set-quantity'), lineId: id, quantity, redirect }),
  z.object({ intent: z.literal('increment'), lineId: id, redirect }),
  z.object({ intent: z.literal('decrement'), lineId: id, redirect }),
  z.object({ intent: z.literal('remove'), lineId: id, redirect }),
  z.object({ intent: z.literal('clear'), redirect }),
  z.object({
    intent: z.literal('apply-promo'),
    code: z.string({ error: PROMO_REQUIRED }).trim().min(1, PROMO_REQUIRED).max(50),
    redirect,
  }),
  z.object({ intent: z.literal('remove-promo'), redirect }),
])

export type CartAction = z.output<typeof CartActionSchema>
export type CartIntent = CartAction['intent']

/** What the /cart action answers to a fetcher (or renders with, without JavaScript). */
export type CartActionResult = {
  ok: boolean
  intent: CartIntent | 'unknown'
  message: string
  fieldErrors?: Record<string, string>
  /** The line's quantity after the change (add, set-quantity, increment, decrement). */
  quantity?: number
}
