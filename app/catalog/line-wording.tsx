import { formatCents, formatUnitPrice } from '~/platform/ui/price'
import { sellingUnit } from './variants'
import { formatPounds } from './weight'

// One way to show an order or cart line (issue 32 item 2), browser-safe: the cart, checkout,
// the customer's and the farm's order pages, the packing slip, the pack and pick lists and
// every email that lists lines say it in these words. A fixed-price line is "2 × $7.00 /
// dozen"; a line priced by weight (ADR 30) is "2 pieces, about 1.25 lb each, $28.99/lb, est.
// $72.48" until weighed and "2 pieces, 2.49 lb at $28.99/lb" after. The amount is never worked
// out here: it is the line total priceCart gave the cart, or the one the order stored.

export type LineTerms = {
  quantity: number
  /** a fixed-price line's price of one; a by-weight line's price per lb */
  priceCents: number
  /** what one is sold by ("dozen", "half dozen"); null when the order did not keep it */
  unit: string | null
  /** sold by weight: a piece's average weight (hundredths of a lb); null for a fixed price */
  averageWeightCentiLb: number | null
  /** sold by weight and priced on its weights: one per piece; null while it is an estimate */
  weightsCentiLb: readonly number[] | null
  /** the line's total, from priceCart or the order's stored line total */
  totalCents: number
}

/** "1 piece", "2 pieces": what is picked of a by-weight item. */
export function piecesText(count: number): string {
  return `${count} ${count === 1 ? 'piece' : 'pieces'}`
}

/** The weights the line is priced on, when it is by weight and every piece is weighed. */
function weighedPieces(terms: LineTerms): readonly number[] | null {
  const weights = terms.weightsCentiLb
  return terms.averageWeightCentiLb !== null && weights?.length === terms.quantity ? weights : null
}

/**
 * How much of it, without money, for lists that carry none (the pick list) and for the
 * start of every line: "2 pieces, about 1.25 lb each", "2 pieces, 2.49 lb", "2 × dozen".
 */
export function lineAmountText(terms: LineTerms): string {
  const weights = weighedPieces(terms)
  if (weights) {
    const total = weights.reduce((sum, weight) => sum + weight, 0)
    return `${piecesText(terms.quantity)}, ${formatPounds(total)} lb`
  }
  if (terms.averageWeightCentiLb !== null) {
    const each = terms.quantity === 1 ? '' : ' each'
    return `${piecesText(terms.quantity)}, about ${formatPounds(terms.averageWeightCentiLb)} lb${each}`
  }
  return terms.unit ? `${terms.quantity} × ${terms.unit}` : String(terms.quantity)
}

/** The line in words, with its price: the one wording of every surface that lists lines. */
export function lineText(terms: LineTerms): string {
  const perLb = `${formatCents(terms.priceCents)}/lb`
  if (weighedPieces(terms)) return `${lineAmountText(terms)} at ${perLb}`
  if (terms.averageWeightCentiLb !== null) {
    return `${lineAmountText(terms)}, ${perLb}, est. ${formatCents(terms.totalCents)}`
  }
  return `${terms.quantity} × ${formatUnitPrice(terms.priceCents, terms.unit)}`
}

/** "Bone-In Ribeye Steak: 2 pieces, …": a line named, for lists of plain lines. */
export function namedLineText(name: string, terms: LineTerms): string {
  return `${name}: ${lineText(terms)}`
}

/**
 * The weights entered, piece by piece, for the printed lists: "1.24 lb, 1.25 lb", with
 * "not weighed" for a piece still to weigh; null when the line is not by weight.
 */
export function pieceWeightsText(weights: ReadonlyArray<number | null> | null): string | null {
  if (!weights || weights.length === 0) return null
  return weights
    .map((weight) => (weight === null ? 'not weighed' : `${formatPounds(weight)} lb`))
    .join(', ')
}

/** The line in words, as a component for pages. */
export function LineText({ terms, className }: { terms: LineTerms; className?: string }) {
  return <span className={className}>{lineText(terms)}</span>
}

/**
 * A line as priceCart prices it (a cart's, or the cart's becoming an order): by weight when
 * it has an average, at the estimate; the unit is what one is sold by.
 */
export function pricedLineTerms(
  line: {
    quantity: number
    unitPriceCents: number
    unit: string
    variantName: string | null
    averageWeightCentiLb: number | null
  },
  totalCents: number,
): LineTerms {
  return {
    quantity: line.quantity,
    priceCents: line.unitPriceCents,
    unit: sellingUnit(line.unit, line.variantName),
    averageWeightCentiLb: line.averageWeightCentiLb,
    weightsCentiLb: null,
    totalCents,
  }
}
