import { describe, expect, test } from 'vitest'
import { divideRoundHalfUp, taxOnCents } from './tax'

describe('divideRoundHalfUp', () => {
  test.each([
    [0, 100, 0],
    [49, 100, 0],
    [50, 100, 1],
    [51, 100, 1],
    [149, 100, 1],
    [150, 100, 2],
    [250, 100, 3],
    [9_999, 10_000, 1],
    [4_999, 10_000, 0],
    [5_000, 10_000, 1],
  ])('%i / %i = %i', (numerator, denominator, expected) => {
    expect(divideRoundHalfUp(numerator, denominator)).toBe(expected)
  })

  test('refuses fractions, negatives and a zero denominator', () => {
    expect(() => divideRoundHalfUp(1.5, 2)).toThrow(RangeError)
    expect(() => divideRoundHalfUp(-1, 2)).toThrow(RangeError)
    expect(() => divideRoundHalfUp(1, 0)).toThrow(RangeError)
  })
})

describe('taxOnCents', () => {
  test('6 % rounds half a cent up, once', () => {
    expect(taxOnCents(30000, 600)).toBe(1800)
    // $582.97 x 6 % = $34.9782 -> $34.98
    expect(taxOnCents(58297, 600)).toBe(3498)
    // $0.25 x 6 % = 1.5 cents -> 2 cents; $0.24 -> 1.44 -> 1 cent
    expect(taxOnCents(25, 600)).toBe(2)
    expect(taxOnCents(24, 600)).toBe(1)
    expect(taxOnCents(0, 600)).toBe(0)
    expect(taxOnCents(12345, 0)).toBe(0)
  })
})
