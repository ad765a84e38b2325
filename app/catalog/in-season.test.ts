import { describe, expect, test } from 'vitest'
import { farmMonthOf, formatSeasonMonths, parseSeasonMonths } from './in-season'

describe('season months', () => {
  test('the column reads as months in calendar order, anything else dropped', () => {
    expect(parseSeasonMonths('')).toEqual([])
    expect(parseSeasonMonths('11, 1,x,13,0,6')).toEqual([1, 6, 11])
    expect(formatSeasonMonths(['12', 3, '3', '1'])).toBe('1,3,12')
    expect(formatSeasonMonths([])).toBe('')
  })

  test("the month is the farm's, not the server's", () => {
    // 03:00 UTC on December 1 is still the evening of November 30 in Idaho.
    expect(farmMonthOf(new Date('2026-12-01T03:00:00Z'))).toBe(11)
    expect(farmMonthOf(new Date('2026-12-01T08:00:00Z'))).toBe(12)
  })
})
