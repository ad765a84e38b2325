import { expect, test } from 'vitest'
import { farmPeriodStarts, formatFarmDateTime } from './sales-periods'

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
  const now = new Date('2026-03-01T19:00:00Z')
  const starts = farmPeriodStarts(now)
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
