import { describe, expect, test } from 'vitest'
import { cutoffOf, parseSlotKey, slotLabel, upcomingSlots, type WindowRule } from './windows'
import { normaliseZipList, parseZipList, zipInList } from './zip-codes'

const thursday: WindowRule = {
  id: 'thu',
  placeId: 'farm',
  zoneId: null,
  weekday: 4,
  onDate: null,
  startTime: '15:00',
  endTime: '18:00',
  capacity: 2,
  cutoffHours: 24,
  cutoffDaysBefore: null,
  cutoffTime: null,
}
// Monday 2026-11-23, noon in Boise (MST, UTC-7)
const MONDAY_NOON = new Date('2026-11-23T19:00:00Z')

describe('cut-offs on the farm clock', () => {
  test('hours before the start, or days before at a time', () => {
    expect(cutoffOf(thursday, '2026-11-26').toISOString()).toBe('2026-11-25T22:00:00.000Z')
    const tuesdayEvening = {
      ...thursday,
      cutoffHours: null,
      cutoffDaysBefore: 2,
      cutoffTime: '20:00',
    }
    expect(cutoffOf(tuesdayEvening, '2026-11-26').toISOString()).toBe('2026-11-25T03:00:00.000Z')
    // No cut-off: ordering closes when the window opens.
    const none = { ...thursday, cutoffHours: null }
    expect(cutoffOf(none, '2026-11-26').toISOString()).toBe('2026-11-26T22:00:00.000Z')
  })

  test('across the end of daylight time the window keeps its wall-clock hours', () => {
    // Thursday 2026-10-29 is daylight time (UTC-6), 2026-11-05 standard time (UTC-7).
    expect(cutoffOf({ ...thursday, cutoffHours: 0 }, '2026-10-29').toISOString()).toBe(
      '2026-10-29T21:00:00.000Z',
    )
    expect(cutoffOf({ ...thursday, cutoffHours: 0 }, '2026-11-05').toISOString()).toBe(
      '2026-11-05T22:00:00.000Z',
    )
  })
})

describe('upcoming slots', () => {
  test('weekly and one-off windows, earliest first, closed days skipped, full ones kept as full', () => {
    const oneOff: WindowRule = {
      ...thursday,
      id: 'xmas',
      weekday: null,
      onDate: '2026-12-16',
      capacity: null,
    }
    const slots = upcomingSlots({
      rules: [thursday, oneOff],
      closed: [{ onDate: '2026-12-03', placeId: null, zoneId: null }],
      booked: new Map([['thu:2026-11-26', 2]]),
      now: MONDAY_NOON,
    })
    expect(slots.map((slot) => [slot.key, slot.full])).toEqual([
      ['thu:2026-11-26', true],
      ['thu:2026-12-10', false],
      ['xmas:2026-12-16', false],
      ['thu:2026-12-17', false],
    ])
  })

  test('a slot whose cut-off has passed is not offered', () => {
    // Wednesday 2026-11-25 at 15:01: Thursday's 24-hour cut-off has just passed.
    const slots = upcomingSlots({
      rules: [thursday],
      closed: [],
      booked: new Map(),
      now: new Date('2026-11-25T22:01:00Z'),
      days: 9,
    })
    expect(slots.map((slot) => slot.date)).toEqual(['2026-12-03'])
  })

  test('a place closed on a day does not close another place', () => {
    const market = { ...thursday, id: 'market', placeId: 'market' }
    const slots = upcomingSlots({
      rules: [thursday, market],
      closed: [{ onDate: '2026-11-26', placeId: 'market', zoneId: null }],
      booked: new Map(),
      now: MONDAY_NOON,
      days: 7,
    })
    expect(slots.map((slot) => slot.key)).toEqual(['thu:2026-11-26'])
  })

  test('slot keys and labels', () => {
    expect(parseSlotKey('abc-1:2026-11-26')).toEqual({ windowId: 'abc-1', date: '2026-11-26' })
    expect(parseSlotKey("x' or 1=1:2026-11-26")).toBeNull()
    expect(parseSlotKey('abc')).toBeNull()
    expect(slotLabel({ date: '2026-11-26', startTime: '15:00', endTime: '18:00' }, 2026)).toBe(
      'Thursday, November 26, 3-6 pm',
    )
  })
})

describe('ZIP code lists', () => {
  test('codes and ranges', () => {
    expect(parseZipList('83702-83706, 83714')).toEqual([
      { from: 83702, to: 83706 },
      { from: 83714, to: 83714 },
    ])
    expect(zipInList('83704', '83702-83706')).toBe(true)
    expect(zipInList('83704-1234', '83702-83706')).toBe(true)
    expect(zipInList('83707', '83702-83706, 83714')).toBe(false)
    expect(zipInList('83714', '83702-83706; 83714')).toBe(true)
    expect(parseZipList('83706-83702')).toBeNull()
    expect(parseZipList('Boise')).toBeNull()
    expect(parseZipList('')).toBeNull()
    expect(normaliseZipList(' 83702 -83706 ,83714')).toBe('83702-83706, 83714')
  })
})
