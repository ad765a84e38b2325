import { describe, expect, test } from 'vitest'
import {
  farmMonthOf,
  formatSeasonMonths,
  parseSeasonMonths,
  SEASON_MONTH_INVALID,
  SeasonMonthsField,
} from './in-season'

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

  test('the form sends none, one or several ticked months', () => {
    expect(SeasonMonthsField.parse(undefined)).toBe('')
    expect(SeasonMonthsField.parse('7')).toBe('7')
    expect(SeasonMonthsField.parse(['10', '6', '12'])).toBe('6,10,12')
  })

  test('a month that is not on the list is refused', () => {
    for (const value of ['13', '0', 'June', ['5', '05'], ['1', '']]) {
      const parsed = SeasonMonthsField.safeParse(value)
      expect(parsed.success, String(value)).toBe(false)
      expect(parsed.error?.issues[0]?.message).toBe(SEASON_MONTH_INVALID)
    }
  })
})
