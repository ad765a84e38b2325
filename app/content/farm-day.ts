import { FARM_TIME_ZONE } from './farm-date'

// Calendar days on the farm's clock: an admin who types "March 1" means March 1 in Idaho,
// whatever the server's or the browser's time zone. Browser-safe (Intl only).

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: FARM_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: FARM_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
})

/** The farm's calendar day of an instant, as 'YYYY-MM-DD'. */
export function farmDayOf(date: Date): string {
  return dayFormat.format(date)
}

/** How far the farm's clock is ahead of UTC at `instant`, in milliseconds (negative in Idaho). */
function farmOffsetMs(instant: number): number {
  const parts = Object.fromEntries(
    partsFormat.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]),
  )
  const asUtc = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  )
  return asUtc - Math.floor(instant / 1000) * 1000
}

/** Midnight at the start of a farm calendar day 'YYYY-MM-DD', as an instant. */
export function farmDayStart(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number)
  const wallClock = Date.UTC(year, month - 1, date)
  // The offset at the guess can differ from the offset at the answer across a DST change.
  let instant = wallClock - farmOffsetMs(wallClock)
  instant = wallClock - farmOffsetMs(instant)
  return new Date(instant)
}

/** Midnight at the end of a farm calendar day: the first instant of the next day. */
export function farmDayEnd(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number)
  const next = new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10)
  return farmDayStart(next)
}
