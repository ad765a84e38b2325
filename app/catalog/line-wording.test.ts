import { describe, expect, test } from 'vitest'
import { type LineTerms, lineAmountText, lineText, pieceWeightsText } from './line-wording'

// The one wording of a line (issue 32 item 2), with the issue's own figures: a $28.99/lb
// ribeye of about 1.25 lb (est. $36.24 a piece), and eggs at $7.00 a dozen.

const ribeye = (quantity: number, extra: Partial<LineTerms> = {}): LineTerms => ({
  quantity,
  priceCents: 2899,
  unit: 'lb',
  averageWeightCentiLb: 125,
  weightsCentiLb: null,
  totalCents: 3624 * quantity,
  ...extra,
})

describe('a line in words', () => {
  test('a fixed price: how many times the price of one, in its unit', () => {
    const eggs = { ...ribeye(2), averageWeightCentiLb: null, priceCents: 700, unit: 'dozen' }
    expect(lineText(eggs)).toBe('2 × $7.00 / dozen')
    expect(lineText({ ...eggs, unit: null })).toBe('2 × $7.00')
    expect(lineAmountText(eggs)).toBe('2 × dozen')
  })

  test('by weight before weighing: pieces, the average, the price per lb and the estimate', () => {
    expect(lineText(ribeye(2))).toBe('2 pieces, about 1.25 lb each, $28.99/lb, est. $72.48')
    // One piece reads as the product page does, after "1 piece".
    expect(lineText(ribeye(1))).toBe('1 piece, about 1.25 lb, $28.99/lb, est. $36.24')
    // The estimate is the total given, never worked out again here.
    expect(lineText(ribeye(2, { totalCents: 7000 }))).toContain('est. $70.00')
    expect(lineAmountText(ribeye(2))).toBe('2 pieces, about 1.25 lb each')
  })

  test('by weight once weighed: pieces and their total weight at the price per lb', () => {
    const weighed = ribeye(2, { weightsCentiLb: [124, 125], totalCents: 7219 })
    expect(lineText(weighed)).toBe('2 pieces, 2.49 lb at $28.99/lb')
    expect(lineAmountText(weighed)).toBe('2 pieces, 2.49 lb')
    // Weights that do not cover every piece leave it an estimate.
    expect(lineText(ribeye(2, { weightsCentiLb: [124] }))).toContain('est. $72.48')
  })

  test('the weights entered, piece by piece', () => {
    expect(pieceWeightsText([124, null])).toBe('1.24 lb, not weighed')
    expect(pieceWeightsText(null)).toBeNull()
    expect(pieceWeightsText([])).toBeNull()
  })
})
