import { describe, expect, test } from 'vitest'
import {
  byWeightAverage,
  centsForWeight,
  estimatePieceCents,
  formatPounds,
  maximumCents,
  parsePounds,
  poundsInput,
  weightPriceText,
} from './weight'

describe('by-weight arithmetic', () => {
  test('the ribeye of the issue: $18.99/lb at about 1.1 lb is est. $20.89', () => {
    expect(estimatePieceCents(1899, 110)).toBe(2089)
    expect(weightPriceText(1899, 110)).toBe('about 1.1 lb, $18.99/lb, est. $20.89')
  })

  test('rounds half up, once, from whole numbers', () => {
    // 1999 x 125 / 100 = 2498.75 -> 2499; 1000 x 105 / 100 = 1050 exactly; 1 x 50 / 100 = 0.5 -> 1
    expect(centsForWeight(1999, 125)).toBe(2499)
    expect(centsForWeight(1000, 105)).toBe(1050)
    expect(centsForWeight(1, 50)).toBe(1)
    expect(centsForWeight(1, 49)).toBe(0)
  })

  test('zero price or zero weight costs nothing', () => {
    expect(centsForWeight(0, 110)).toBe(0)
    expect(centsForWeight(1899, 0)).toBe(0)
    expect(maximumCents(0, 15)).toBe(0)
  })

  test('large values stay exact', () => {
    expect(centsForWeight(999_999, 10_000)).toBe(99_999_900)
    expect(maximumCents(99_999_900, 50)).toBe(149_999_850)
  })

  test('refuses what is not a whole, non-negative number', () => {
    expect(() => centsForWeight(-1, 100)).toThrow(RangeError)
    expect(() => centsForWeight(100, 1.5)).toThrow(RangeError)
    expect(() => maximumCents(100, -1)).toThrow(RangeError)
    expect(() => centsForWeight(Number.MAX_SAFE_INTEGER, 200)).toThrow(RangeError)
  })

  test('the maximum is the estimate plus the tolerance, rounded up', () => {
    // 2089 x 115 / 100 = 2402.35 -> 2403
    expect(maximumCents(2089, 15)).toBe(2403)
    expect(maximumCents(2000, 15)).toBe(2300)
    expect(maximumCents(2089, 0)).toBe(2089)
  })

  test('pounds as words and fields', () => {
    expect(formatPounds(110)).toBe('1.1')
    expect(formatPounds(125)).toBe('1.25')
    expect(formatPounds(200)).toBe('2')
    expect(formatPounds(5)).toBe('0.05')
    expect(poundsInput(110)).toBe('1.10')
    expect(poundsInput(5)).toBe('0.05')
    expect(parsePounds('1.1')).toBe(110)
    expect(parsePounds(' 1.25 ')).toBe(125)
    expect(parsePounds('2')).toBe(200)
    expect(parsePounds('0.05')).toBe(5)
    for (const bad of ['', '1.234', '-1', 'abc', '1e2', '1.', '.5', '1000']) {
      expect(parsePounds(bad), bad).toBeNull()
    }
  })

  test('byWeightAverage is set only for complete by-weight terms', () => {
    expect(byWeightAverage({ sold_by_weight: true, average_weight_centi_lb: 110 })).toBe(110)
    expect(byWeightAverage({ sold_by_weight: false, average_weight_centi_lb: 110 })).toBeNull()
    expect(byWeightAverage({ sold_by_weight: true, average_weight_centi_lb: null })).toBeNull()
    expect(byWeightAverage(null)).toBeNull()
  })
})
