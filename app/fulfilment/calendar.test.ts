import { expect, test } from 'vitest'
import { calendarFile, escapeText, foldLine } from './calendar'

test('a pickup window as a calendar entry, in UTC across the change from daylight time', () => {
  const file = calendarFile({
    uid: 'order-1@farm.example',
    date: '2026-11-05',
    startTime: '15:00',
    endTime: '18:00',
    summary: 'Pickup at Sawtooth Meadows Farm',
    location: '1480 Soldier Creek Road, Fairfield, ID 83327',
    description: 'Order FS-10001; the cooler on the left',
    stamp: new Date('2026-11-01T12:00:00Z'),
  })
  expect(file).toContain('DTSTART:20261105T220000Z\r\n')
  expect(file).toContain('DTEND:20261106T010000Z\r\n')
  expect(file).toContain('DTSTAMP:20261101T120000Z\r\n')
  expect(file).toContain('LOCATION:1480 Soldier Creek Road\\, Fairfield\\, ID 83327\r\n')
  expect(file).toContain('DESCRIPTION:Order FS-10001\\; the cooler on the left\r\n')
  expect(file.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true)
  expect(file.endsWith('END:VCALENDAR\r\n')).toBe(true)
  // In daylight time the same wall clock is an hour earlier in UTC.
  expect(
    calendarFile({
      uid: 'x',
      date: '2026-07-02',
      startTime: '15:00',
      endTime: '18:00',
      summary: 'x',
      location: null,
      description: '',
      stamp: new Date(0),
    }),
  ).toContain('DTSTART:20260702T210000Z')
})

test('text is escaped and long lines are folded at 75 octets', () => {
  expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne')
  const line = `DESCRIPTION:${'é'.repeat(60)}`
  const folded = foldLine(line).split('\r\n ')
  expect(folded.length).toBe(2)
  for (const part of folded) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75)
  expect(folded.join('')).toBe(line)
})
