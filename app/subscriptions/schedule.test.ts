import { describe, expect, test } from 'vitest'
import { subscriberPriceCents } from '~/subscriptions/terms'
import { firstDateOnOrAfter, followingDate, reservationHorizon } from './schedule'

describe('a subscription calendar', () => {
  test('weekly and every 2 weeks step 7 and 14 days, across a month and a year', () => {
    expect(followingDate('weekly', '2026-12-31')).toBe('2027-01-07')
    expect(followingDate('biweekly', '2026-11-26')).toBe('2026-12-10')
  })

  test('monthly keeps the weekday: the first one on or after the same date next month', () => {
    // Thursday Dec 3 -> Jan 3 is a Sunday -> Thursday Jan 7
    expect(followingDate('monthly', '2026-12-03')).toBe('2027-01-07')
    // Thursday Jan 29 -> Feb 28 (clamped) is a Saturday -> Thursday Mar 5
    expect(followingDate('monthly', '2026-01-29')).toBe('2026-03-05')
  })

  test('the first date on a weekday, today included', () => {
    expect(firstDateOnOrAfter('2026-11-26', 4)).toBe('2026-11-26')
    expect(firstDateOnOrAfter('2026-11-27', 4)).toBe('2026-12-03')
  })

  test('the reservation horizon is seven farm days on, in Idaho time', () => {
    // 03:00 UTC on Nov 27 is still Nov 26 in Idaho
    expect(reservationHorizon(new Date('2026-11-27T03:00:00Z'))).toBe('2026-12-03')
  })
})

describe('the subscriber price', () => {
  test('whole percent off, rounded half up to the cent', () => {
    expect(subscriberPriceCents(3500, 10)).toBe(3150)
    expect(subscriberPriceCents(699, 5)).toBe(664) // 34.95 off -> 35
    expect(subscriberPriceCents(699, 0)).toBe(699)
  })
})
