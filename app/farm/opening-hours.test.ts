import { describe, expect, test } from 'vitest'
import {
  describeOpeningHours,
  formatTime,
  openingHoursSpecification,
  parseOpeningHours,
} from './opening-hours'

describe('opening hours', () => {
  test('the farm default reads Monday to Saturday 9 to 5, Sunday closed', () => {
    expect(describeOpeningHours('Mo-Sa 09:00-17:00')).toEqual([
      { days: 'Monday - Saturday', hours: '9am - 5pm' },
      { days: 'Sunday', hours: 'Closed' },
    ])
  })

  test('several ranges and closed runs', () => {
    expect(describeOpeningHours('Mo-Fr 08:00-17:30, Sa 10:00-12:00')).toEqual([
      { days: 'Monday - Friday', hours: '8am - 5:30pm' },
      { days: 'Saturday', hours: '10am - 12pm' },
      { days: 'Sunday', hours: 'Closed' },
    ])
    expect(describeOpeningHours('Tu-Th 09:00-17:00')).toEqual([
      { days: 'Tuesday - Thursday', hours: '9am - 5pm' },
      { days: 'Monday', hours: 'Closed' },
      { days: 'Friday - Sunday', hours: 'Closed' },
    ])
  })

  test('malformed parts are ignored rather than shown', () => {
    expect(parseOpeningHours('nonsense, Sa-Mo 09:00-10:00')).toEqual([])
  })

  test('times', () => {
    expect(formatTime('00:00')).toBe('12am')
    expect(formatTime('12:00')).toBe('12pm')
    expect(formatTime('13:05')).toBe('1:05pm')
  })

  test('JSON-LD comes from the same value', () => {
    expect(openingHoursSpecification('Mo-Sa 09:00-17:00')).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
        opens: '09:00',
        closes: '17:00',
      },
    ])
  })
})
