import type { LineTerms } from '~/catalog/line-wording'
import type { WeighingView } from './weights'

// An order's line in the one wording (catalog/line-wording), from what the order stored: its
// unit price and line total, and for a line priced by weight (ADR 30) the price per lb and
// average it was sold at, and the pieces' weights once the order is priced on them.

/** The order_items columns the line's words are made from (with its id). */
export const LINE_TERMS_COLUMNS = [
  'quantity',
  'unit',
  'unit_price_cents',
  'line_total_cents',
  'sold_by_weight',
  'price_per_lb_cents',
  'average_weight_centi_lb',
] as const

export type StoredLine = {
  id: string
  quantity: number
  unit: string | null
  unit_price_cents: number
  line_total_cents: number
  sold_by_weight: boolean
  price_per_lb_cents: number | null
  average_weight_centi_lb: number | null
}

/** Each piece's weight as entered (null: not weighed yet); null when the item is not by weight. */
export function enteredWeights(
  weighing: WeighingView | null | undefined,
  itemId: string,
): Array<number | null> | null {
  return weighing?.items.find((item) => item.id === itemId)?.weights ?? null
}

/**
 * The line's terms. Its weights count once the whole order is weighed: only then are its
 * stored totals priced on them, so the words and the amounts beside them agree.
 */
export function orderLineTerms(
  item: StoredLine,
  weighing: WeighingView | null | undefined,
): LineTerms {
  const perLb = item.price_per_lb_cents
  const average = item.average_weight_centi_lb
  const fixed = !item.sold_by_weight || perLb === null || average === null
  const entered = !fixed && weighing?.weighed ? enteredWeights(weighing, item.id) : null
  return {
    quantity: item.quantity,
    priceCents: fixed ? item.unit_price_cents : perLb,
    unit: item.unit,
    averageWeightCentiLb: fixed ? null : average,
    weightsCentiLb: entered?.every((weight) => weight !== null) ? entered : null,
    totalCents: item.line_total_cents,
  }
}

/** An order's lines as its pages list them: names, terms, and any weights entered. */
export function orderLinesInWords(
  items: ReadonlyArray<StoredLine & { product_name: string; variant_name: string | null }>,
  weighing: WeighingView | null | undefined,
) {
  return items.map((item) => ({
    id: item.id,
    product_name: item.product_name,
    variant_name: item.variant_name,
    quantity: item.quantity,
    terms: orderLineTerms(item, weighing),
    /** each piece's weight as entered; null when not priced by weight */
    weights: enteredWeights(weighing, item.id),
  }))
}
