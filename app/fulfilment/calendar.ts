import { farmInstant } from '~/platform/farm-clock'
import type { FulfilmentSummary } from './methods'

// An order's pickup or delivery window as a calendar entry (RFC 5545), for the confirmation
// email's attachment and the order page's "Add to calendar" link. Times are the farm's wall
// clock turned into UTC by the farm clock, so any calendar shows them in its own time zone.

export type CalendarEvent = {
  uid: string
  date: string
  startTime: string
  endTime: string
  summary: string
  location: string | null
  description: string
  /** when the entry was made */
  stamp: Date
}

function utc(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
}

/** RFC 5545 TEXT: backslash, semicolon and comma escaped, line breaks as \n. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r?\n/g, '\\n')
}

/** Lines longer than 75 octets continue on the next line after a space (RFC 5545 3.1). */
export function foldLine(line: string): string {
  const encoder = new TextEncoder()
  const parts: string[] = []
  let current = ''
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74
    if (encoder.encode(current + char).length > limit) {
      parts.push(current)
      current = char
    } else {
      current += char
    }
  }
  parts.push(current)
  return parts.join('\r\n ')
}

export function calendarFile(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Farm Shop//Pickups and deliveries//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utc(event.stamp)}`,
    `DTSTART:${utc(farmInstant(event.date, event.startTime))}`,
    `DTEND:${utc(farmInstant(event.date, event.endTime))}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    `DESCRIPTION:${escapeText(event.description)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return `${lines.map(foldLine).join('\r\n')}\r\n`
}

export const CALENDAR_CONTENT_TYPE = 'text/calendar; charset=utf-8; method=PUBLISH'

/** An order's pickup or delivery window as a calendar file; null when it has no time. */
export function orderCalendar(input: {
  orderId: string
  orderNumber: string
  baseUrl: string
  farmName: string
  fulfilment: FulfilmentSummary
}): { filename: string; content: string } | null {
  const { fulfilment: where } = input
  if (!where.when) return null
  const pickup = where.method === 'pickup'
  return {
    filename: pickup ? 'pickup.ics' : 'delivery.ics',
    content: calendarFile({
      // Stable per order, so a second download updates the same calendar entry.
      uid: `${input.orderId}@${new URL(input.baseUrl).hostname}`,
      ...where.when,
      summary: pickup ? `Pickup at ${where.place ?? input.farmName}` : `${input.farmName} delivery`,
      location: where.address,
      description: [`Order ${input.orderNumber}`, where.instructions].filter(Boolean).join('. '),
      stamp: new Date(),
    }),
  }
}
