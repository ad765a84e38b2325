import { describe, expect, test } from 'vitest'
import { farmDayEnd, farmDayOf, farmDayStart } from './farm-day'

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
})
