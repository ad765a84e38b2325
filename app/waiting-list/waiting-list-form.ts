import { z } from 'zod'
import { QUANTITY_TOO_LOW } from '~/catalog/stock'

// The product page's one form that posts to its own route: joining the waiting list (D14).
// The dialog checks it in the browser with this schema (Conform), and the action again.

export const WAITING_LIST_MESSAGES = {
  joined: 'You have been added to the waiting list!',
  signInRequired: 'You must be logged in to join the waiting list',
  duplicate: 'You are already on the waiting list for this product.',
  failed: 'Failed to join waiting list. Please try again.',
  notFound: 'This product is no longer available.',
  inStock: 'This product is in stock. You can add it to your cart now.',
  quantity: QUANTITY_TOO_LOW,
} as const

/** A generous ceiling: the dialog has no maximum, but a row must fit an integer column. */
export const MAX_WAITING_LIST_QUANTITY = 9999

const quantity = z.coerce
  .number({ error: WAITING_LIST_MESSAGES.quantity })
  .int(WAITING_LIST_MESSAGES.quantity)
  .min(1, WAITING_LIST_MESSAGES.quantity)
  .max(MAX_WAITING_LIST_QUANTITY, `Please enter at most ${MAX_WAITING_LIST_QUANTITY}.`)

export const JoinWaitingListSchema = z.object({
  intent: z.literal('join-waiting-list'),
  // Absent or empty for a product without options.
  variantId: z
    .string()
    .max(100)
    .optional()
    .transform((value) => value || null),
  quantity,
  // An unticked checkbox sends nothing; a ticked one sends its value ("on").
  notifyByEmail: z
    .string()
    .optional()
    .transform((value) => value !== undefined),
})

/** Everything the product page posts to its own route, told apart by `intent`. */
export const ProductActionSchema = z.discriminatedUnion('intent', [JoinWaitingListSchema])

export type ProductAction = z.output<typeof ProductActionSchema>
