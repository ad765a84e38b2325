import { describe, expect, test } from 'vitest'
import {
  addDays,
  farmDayEnd,
  farmDayOf,
  farmDayStart,
  farmInstant,
  farmPeriodStarts,
  formatDay,
  formatFarmDateTime,
  formatFarmMoment,
  formatTimeRange,
  weekdayOf,
} from './farm-clock'

describe('farm calendar days (America/Boise)', () => {
  test('a day starts at local midnight, in summer and winter time', () => {
    expect(farmDayStart('2026-07-01').toISOString()).toBe('2026-07-01T06:00:00.000Z')
    expect(farmDayStart('2026-01-15').toISOString()).toBe('2026-01-15T07:00:00.000Z')
    // the days clocks change
    expect(farmDayStart('2026-03-08').toISOString()).toBe('2026-03-08T07:00:00.000Z')
    expect(farmDayEnd('2026-03-08').toISOString()).toBe('2026-03-09T06:00:00.000Z')
    expect(farmDayEnd('2026-11-01').toISOString()).toBe('2026-11-02T07:00:00.000Z')
    expect(farmDayEnd('2026-12-31').toISOString()).toBe('2027-01-01T07:00:00.000Z')
  })

  test('an instant belongs to the farm day it falls in', () => {
    expect(farmDayOf(new Date('2026-07-02T05:59:59Z'))).toBe('2026-07-01')
    expect(farmDayOf(new Date('2026-07-02T06:00:00Z'))).toBe('2026-07-02')
    expect(farmDayOf(new Date(farmDayEnd('2026-03-08').getTime() - 1))).toBe('2026-03-08')
  })

  test('a wall time on a farm day, either side of a DST change', () => {
    expect(farmInstant('2026-11-26', '15:00').toISOString()).toBe('2026-11-26T22:00:00.000Z')
    expect(farmInstant('2026-07-02', '15:00').toISOString()).toBe('2026-07-02T21:00:00.000Z')
    // Sunday 2026-11-01 01:30 happens twice; 20:00 that evening is standard time
    expect(farmInstant('2026-11-01', '20:00').toISOString()).toBe('2026-11-02T03:00:00.000Z')
    expect(farmInstant('2026-03-08', '09:00').toISOString()).toBe('2026-03-08T15:00:00.000Z')
  })

  test('calendar arithmetic and names', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(weekdayOf('2026-11-26')).toBe(4)
    expect(formatDay('2026-11-26', 2026)).toBe('Thursday, November 26')
    expect(formatDay('2027-01-02', 2026)).toBe('Saturday, January 2, 2027')
    expect(formatTimeRange('15:00', '18:00')).toBe('3-6 pm')
    expect(formatTimeRange('09:00', '12:00')).toBe('9 am-12 pm')
    expect(formatTimeRange('08:30', '11:45')).toBe('8:30-11:45 am')
    expect(formatFarmMoment(new Date('2026-11-25T03:00:00Z'), 2026)).toBe(
      'Tuesday, November 24, 8 pm',
    )
  })
})

describe('sales periods', () => {
  test('today, this week (from Monday) and this month begin at midnight in Idaho', () => {
    // Thursday 2026-11-19 at 20:00 in Boise (MST, UTC-7) is Friday 03:00 UTC
    const now = new Date('2026-11-20T03:00:00Z')
    expect(farmPeriodStarts(now)).toEqual({
      today: new Date('2026-11-19T07:00:00Z'),
      week: new Date('2026-11-16T07:00:00Z'),
      month: new Date('2026-11-01T06:00:00Z'), // still daylight time (MDT, UTC-6) on Nov 1 at 00:00
    })
  })

  test('a week that began in the month before, and a Sunday', () => {
    // Sunday 2026-03-01 at 12:00 MST
    const starts = farmPeriodStarts(new Date('2026-03-01T19:00:00Z'))
    expect(starts.today).toEqual(new Date('2026-03-01T07:00:00Z'))
    expect(starts.week).toEqual(new Date('2026-02-23T07:00:00Z'))
    expect(starts.month).toEqual(new Date('2026-03-01T07:00:00Z'))
  })

  test('on the day daylight time starts, midnight is still in standard time', () => {
    // 2026-03-08 at 10:00 MDT (UTC-6); midnight that day was MST (UTC-7)
    expect(farmPeriodStarts(new Date('2026-03-08T16:00:00Z')).today).toEqual(
      new Date('2026-03-08T07:00:00Z'),
    )
  })

  test('formatFarmDateTime prints the farm clock', () => {
    expect(formatFarmDateTime(new Date('2026-11-20T03:05:00Z'))).toBe('2026-11-19 20:05')
  })
})
