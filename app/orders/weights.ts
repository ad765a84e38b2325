import { z } from 'zod'
import { MAX_PIECE_CENTI_LB, parsePounds } from '~/catalog/weight'
import { formatCents } from '~/platform/ui/price'

// Weighing a by-weight order at packing (ADR 30), browser-safe: the form's schema (one field
// per piece, "weight-<item id>-<piece>", in lb with at most 2 decimals), its labels and the
// words the farm reads. The pack list and the admin order page show the same form.

export const WEIGH_INTENT = 'weigh'
const FIELD = /^weight-([0-9a-f-]{36})-(\d{1,4})$/

/** The order's total is still the estimate: something is sold by weight and not weighed. */
export function totalIsEstimate(order: {
  authorised_cents: number | null
  weighed_at: Date | string | null
}): boolean {
  return order.authorised_cents !== null && order.weighed_at === null
}

export const WEIGH_FORM_PREFIX = 'weigh-'

/** Which form a reply belongs to, on a page with one weighing form per order. */
export function weighFormId(orderId: string): string {
  return `${WEIGH_FORM_PREFIX}${orderId}`
}

export function weightFieldName(itemId: string, piece: number): string {
  return `weight-${itemId}-${piece}`
}

/** "Ribeye piece 1 weight (lb)": every field says which piece it is. */
export function weightFieldLabel(itemName: string, piece: number): string {
  return `${itemName} piece ${piece} weight (lb)`
}

export const WEIGHT_INVALID = 'Enter the weight in lb with at most 2 decimals, like 1.12.'
export const WEIGHT_TOO_HEAVY = `A piece can weigh at most ${MAX_PIECE_CENTI_LB / 100} lb.`

export type PieceWeight = { itemId: string; piece: number; centiLb: number | null }

export const WeighSchema = z
  .object({
    intent: z.literal(WEIGH_INTENT),
    orderId: z.string().uuid('Choose an order from the list.'),
  })
  .catchall(z.string().max(20, WEIGHT_INVALID))
  .superRefine((form, context) => {
    for (const [name, value] of Object.entries(form)) {
      if (!FIELD.test(name) || typeof value !== 'string' || value.trim() === '') continue
      const centiLb = parsePounds(value)
      if (centiLb === null || centiLb === 0) {
        context.addIssue({ code: 'custom', path: [name], message: WEIGHT_INVALID })
      } else if (centiLb > MAX_PIECE_CENTI_LB) {
        context.addIssue({ code: 'custom', path: [name], message: WEIGHT_TOO_HEAVY })
      }
    }
  })
  .transform((form) => {
    const weights: PieceWeight[] = []
    for (const [name, value] of Object.entries(form)) {
      const match = FIELD.exec(name)
      if (!match?.[1] || typeof value !== 'string') continue
      weights.push({
        itemId: match[1],
        piece: Number(match[2]),
        centiLb: value.trim() === '' ? null : parsePounds(value),
      })
    }
    return { orderId: form.orderId, weights }
  })

export type WeighInput = z.output<typeof WeighSchema>

export type WeighResult =
  | { ok: true; weighed: boolean; totalCents: number }
  | { ok: false; status: 400 | 404 | 409; message: string }

export const WEIGH_FIRST =
  'Weigh every piece priced by weight first: what the customer pays depends on it.'

/** WEIGH_FIRST, naming the lines still to weigh: "... Still to weigh: Ribeye Steak." */
export function weighFirst(toWeigh: readonly string[]): string {
  return toWeigh.length === 0
    ? WEIGH_FIRST
    : `${WEIGH_FIRST} Still to weigh: ${toWeigh.join(', ')}.`
}

export const WEIGHTS_SAVED = 'Weights saved. Enter the rest to get the final total.'

export function weighedMessage(totalCents: number): string {
  return `All pieces weighed: the final total is ${formatCents(totalCents)}. The customer has been emailed.`
}

export function overMaximumMessage(totalCents: number, maximumCents: number): string {
  return `Those weights make the order ${formatCents(totalCents)}, more than the ${formatCents(maximumCents)} the customer agreed to pay at most. Check the weights, or pack a lighter piece.`
}

export const WEIGHTS_LOCKED =
  'This order’s weights can no longer be changed: it is closed, or its card payment was taken.'
export const WEIGHTS_NOT_PAID =
  'This order is waiting for its card payment; weigh it once the payment is through.'
export const WEIGHTS_INCOMPLETE =
  'This order was weighed already: enter every piece’s weight to change it.'
export const WEIGHTS_UNKNOWN_PIECE = 'That piece is not part of this order. Reload the page.'

/** What a weighing form shows for one order: each by-weight item with its pieces. */
export type WeighingView = {
  orderId: string
  weighed: boolean
  /** the most the order may cost (orders.authorised_cents) */
  maximumCents: number | null
  items: Array<{
    id: string
    name: string
    pricePerLbCents: number
    averageWeightCentiLb: number
    /** one per piece; null: not weighed yet */
    weights: Array<number | null>
  }>
  /** weights may still be entered or changed */
  editable: boolean
}
