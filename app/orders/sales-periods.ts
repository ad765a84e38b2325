// The farm's calendar for sales figures and exports: "today", "this week" and "this month"
// begin at midnight on the farm's clock, not the server's (which runs in UTC) nor the
// admin's browser. Pure, so it is tested with fixed instants across daylight-saving changes.

import { FARM_TIME_ZONE } from '~/content/farm-date'

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: FARM_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  weekday: 'short',
  hourCycle: 'h23',
})

type FarmClock = {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
  /** 0 = Monday ... 6 = Sunday */
  weekdayFromMonday: number
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']

function farmClock(instant: Date): FarmClock {
  const parts: Record<string, string> = {}
  for (const part of partsFormat.formatToParts(instant)) parts[part.type] = part.value
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekdayFromMonday: WEEKDAYS.indexOf(parts.weekday ?? 'Mon'),
  }
}

/** How far the farm's clock is ahead of UTC at this instant, in ms (negative in Idaho). */
function offsetMs(instant: Date): number {
  const c = farmClock(instant)
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second)
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000
}

/** The instant the farm's clock shows midnight starting this calendar day. */
function farmMidnight(year: number, month: number, day: number): Date {
  const wallClock = Date.UTC(year, month - 1, day)
  let guess = wallClock - offsetMs(new Date(wallClock))
  // Once more with the offset at the guess itself, in case a DST change lies in between.
  guess = wallClock - offsetMs(new Date(guess))
  return new Date(guess)
}

export type SalesPeriods = { today: Date; week: Date; month: Date }

/** When today, this week (from Monday) and this month began on the farm's clock. */
export function farmPeriodStarts(now: Date): SalesPeriods {
  const c = farmClock(now)
  // Date.UTC normalises day 0 or negative days into the month before.
  const monday = new Date(Date.UTC(c.year, c.month - 1, c.day - c.weekdayFromMonday))
  return {
    today: farmMidnight(c.year, c.month, c.day),
    week: farmMidnight(monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate()),
    month: farmMidnight(c.year, c.month, 1),
  }
}

const pad = (n: number) => String(n).padStart(2, '0')

/** "2026-11-21 14:05" on the farm's clock: sortable, for spreadsheets. */
export function formatFarmDateTime(instant: Date): string {
  const c = farmClock(instant)
  return `${c.year}-${pad(c.month)}-${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}`
}
