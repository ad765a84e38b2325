import { describe, expect, test } from 'vitest'
import {
  clampQuantity,
  expectedAvailabilityText,
  formatCalendarDay,
  LOW_STOCK_THRESHOLD,
  stockStatus,
} from './stock'

test('stock status: out at or below 0, low under 5, else in stock', () => {
  expect(LOW_STOCK_THRESHOLD).toBe(5)
  expect(stockStatus(-1)).toBe('out-of-stock')
  expect(stockStatus(0)).toBe('out-of-stock')
  expect(stockStatus(1)).toBe('low-stock')
  expect(stockStatus(4)).toBe('low-stock')
  expect(stockStatus(5)).toBe('in-stock')
  expect(stockStatus(80)).toBe('in-stock')
})

describe('clampQuantity', () => {
  test('keeps the quantity between 1 and the stock', () => {
    expect(clampQuantity(3, 10)).toBe(3)
    expect(clampQuantity(12, 10)).toBe(10)
    expect(clampQuantity(0, 10)).toBe(1)
    expect(clampQuantity(-4, 10)).toBe(1)
  })
  test('choosing an option with less stock lowers the quantity, never under 1', () => {
    expect(clampQuantity(8, 3)).toBe(3)
    expect(clampQuantity(8, 0)).toBe(1)
  })
  test('no maximum for the waiting list; junk becomes 1; fractions are cut', () => {
    expect(clampQuantity(250)).toBe(250)
    expect(clampQuantity(Number.NaN)).toBe(1)
    expect(clampQuantity(2.7, 10)).toBe(2)
  })
})

test('calendar days are formatted without time-zone shifts', () => {
  expect(formatCalendarDay('2027-03-15')).toBe('March 15, 2027')
  expect(formatCalendarDay('2027-01-01')).toBe('January 1, 2027')
  expect(formatCalendarDay('2027-02-30')).toBeNull()
  expect(formatCalendarDay('15/03/2027')).toBeNull()
})

test('expected availability text', () => {
  expect(
    expectedAvailabilityText({
      nextAvailableDate: '2027-03-15',
      expectedQuantity: 24,
      inStock: false,
    }),
  ).toBe('Expected back: March 15, 2027 — about 24 available')
  expect(
    expectedAvailabilityText({
      nextAvailableDate: '2027-03-15',
      expectedQuantity: null,
      inStock: false,
    }),
  ).toBe('Expected back: March 15, 2027')
  expect(
    expectedAvailabilityText({ nextAvailableDate: null, expectedQuantity: 12, inStock: false }),
  ).toBe('Expected back soon — about 12 available')
  expect(
    expectedAvailabilityText({
      nextAvailableDate: '2027-03-15',
      expectedQuantity: 24,
      inStock: true,
    }),
  ).toBe('Next batch expected: March 15, 2027 — about 24 available')
  expect(
    expectedAvailabilityText({ nextAvailableDate: null, expectedQuantity: 0, inStock: false }),
  ).toBeNull()
  expect(
    expectedAvailabilityText({ nextAvailableDate: null, expectedQuantity: null, inStock: false }),
  ).toBeNull()
})
