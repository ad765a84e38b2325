import { describe, expect, test } from 'vitest'
import { itemText, monthlyValueCents, STATUS_FILTER_OPTIONS, windowText } from './words'

describe('monthlyValueCents', () => {
  test('weekly x 52/12, every 2 weeks x 26/12, monthly x 1, rounded once to the cent', () => {
    expect(monthlyValueCents({ weekly: 1200, biweekly: 0, monthly: 0 })).toBe(5200)
    expect(monthlyValueCents({ weekly: 0, biweekly: 1200, monthly: 0 })).toBe(2600)
    expect(monthlyValueCents({ weekly: 0, biweekly: 0, monthly: 2900 })).toBe(2900)
    // 100 x 52/12 = 433.33 and 100 x 26/12 = 216.67: 750 together, not 433 + 217
    expect(monthlyValueCents({ weekly: 100, biweekly: 100, monthly: 100 })).toBe(750)
    expect(monthlyValueCents({ weekly: 0, biweekly: 0, monthly: 0 })).toBe(0)
  })
})

describe('words', () => {
  test('where the boxes go, and an item', () => {
    expect(
      windowText({
        method: 'pickup',
        placeName: 'Red Barn',
        weekday: 4,
        startTime: '15:00',
        endTime: '18:00',
      }),
    ).toBe('Pickup at Red Barn, Thursdays 3-6 pm')
    expect(
      windowText({
        method: 'delivery',
        placeName: 'Boise',
        weekday: 3,
        startTime: '16:00',
        endTime: '20:00',
      }),
    ).toBe('Delivery, Boise, Wednesdays 4-8 pm')
    expect(itemText({ name: 'Eggs', variant: 'Dozen', quantity: 2 })).toBe('2 × Eggs (Dozen)')
  })

  test('the status filter offers all and every status', () => {
    expect(STATUS_FILTER_OPTIONS.map((option) => option.value)).toEqual([
      'all',
      'active',
      'paused',
      'pending',
      'cancelled',
    ])
  })
})
