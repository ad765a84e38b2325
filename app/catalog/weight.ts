import { formatCents } from '~/platform/ui/price'

// Priced by weight (ADR 30), browser-safe: the one place that turns a price per lb and a
// weight into money, and weights into words. Weights are whole hundredths of a pound
// ("centi-lb": 1.10 lb = 110) so every amount comes from integer arithmetic, rounded once,
// half up, like the rest of the shop's money (ADR 3). The cart's pricing function, the
// product pages, the packing screens and the emails all call these.

/** A by-weight product's or option's terms; price_cents is then the price per lb. */
export type WeightTerms = { sold_by_weight: boolean; average_weight_centi_lb: number | null }

/** The largest weight a field accepts: 100 lb for one piece is already a side, not a steak. */
export const MAX_PIECE_CENTI_LB = 10_000
export const MAX_TOLERANCE_PERCENT = 50
export const DEFAULT_TOLERANCE_PERCENT = 15

function assertWhole(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a whole, non-negative number; got ${value}`)
  }
}

/** What a piece of this weight costs: round(price per lb x centi-lb / 100), half up. */
export function centsForWeight(pricePerLbCents: number, weightCentiLb: number): number {
  assertWhole(pricePerLbCents, 'price per lb')
  assertWhole(weightCentiLb, 'weight')
  const product = pricePerLbCents * weightCentiLb
  assertWhole(product, 'price x weight')
  const whole = Math.floor(product / 100)
  return product - whole * 100 >= 50 ? whole + 1 : whole
}

/** The estimate per piece: the price of a piece of average weight. */
export const estimatePieceCents = centsForWeight

/** The most an estimate may become: estimate x (100 + tolerance) / 100, rounded up. */
export function maximumCents(estimateCents: number, tolerancePercent: number): number {
  assertWhole(estimateCents, 'estimate')
  if (!Number.isSafeInteger(tolerancePercent) || tolerancePercent < 0) {
    throw new RangeError(`tolerance must be a whole, non-negative percentage`)
  }
  const product = estimateCents * (100 + tolerancePercent)
  assertWhole(product, 'estimate x tolerance')
  return Math.ceil(product / 100)
}

/** 110 -> "1.1", 125 -> "1.25", 200 -> "2": a weight in lb without trailing zeros. */
export function formatPounds(centiLb: number): string {
  const whole = Math.floor(centiLb / 100)
  const fraction = String(centiLb % 100)
    .padStart(2, '0')
    .replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : String(whole)
}

/** "1.10" for a weight field's value: always two decimals, as the admin types them. */
export function poundsInput(centiLb: number): string {
  return `${Math.floor(centiLb / 100)}.${String(centiLb % 100).padStart(2, '0')}`
}

/** "1.1", "1.25", "2" -> hundredths of a lb, from the digits (no float rounding); else null. */
export function parsePounds(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (!match) return null
  const [, whole = '0', fraction = ''] = match
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

/** "about 1.1 lb, $18.99/lb, est. $20.89": how a by-weight piece is priced, everywhere. */
export function weightPriceText(pricePerLbCents: number, averageWeightCentiLb: number): string {
  const estimate = estimatePieceCents(pricePerLbCents, averageWeightCentiLb)
  return `about ${formatPounds(averageWeightCentiLb)} lb, ${formatCents(pricePerLbCents)}/lb, est. ${formatCents(estimate)}`
}

/** The average weight when these terms are by weight and complete; null otherwise. */
export function byWeightAverage(terms: WeightTerms | null | undefined): number | null {
  return terms?.sold_by_weight && terms.average_weight_centi_lb
    ? terms.average_weight_centi_lb
    : null
}

/** Under an estimated total (cart, checkout, confirmation): the words. */
export function atMostMessage(maximumCents: number): string {
  return `You pay for the exact weight; at most ${formatCents(maximumCents)}`
}

/** What one unit of a line costs before weighing: its estimate when by weight, else its price. */
export function pieceCents(unitPriceCents: number, averageWeightCentiLb: number | null): number {
  return averageWeightCentiLb
    ? estimatePieceCents(unitPriceCents, averageWeightCentiLb)
    : unitPriceCents
}
