import { describe, expect, test } from 'vitest'
import { SEASON_MONTH_INVALID, SeasonMonthsField } from './season-months-field'

describe('the "In season" boxes', () => {
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
