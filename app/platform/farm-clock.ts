// The farm's clock: the one place that turns instants into the farm's calendar days and wall
// times and back. An admin who types "March 1", a pickup window "Thursday 3-6 pm" and "sales
// today" all mean Idaho time, whatever the server's (UTC) or the browser's time zone.
// Browser-safe (Intl only) and pure, so it is tested with fixed instants across DST changes.

/** Idaho's southern half, Mountain Time. */
export const FARM_TIME_ZONE = 'America/Boise'

const dateFormats = {
  long: new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: FARM_TIME_ZONE }),
  medium: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: FARM_TIME_ZONE }),
}

/** "November 21, 2026" (long) or "Nov 21, 2026" (medium), on the farm's calendar. */
export function formatFarmDate(date: Date, style: keyof typeof dateFormats = 'long'): string {
  return dateFormats[style].format(date)
}

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

type WallClock = {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

function wallClockOf(instant: number): WallClock {
  const parts: Record<string, number> = {}
  for (const part of partsFormat.formatToParts(new Date(instant)))
    parts[part.type] = Number(part.value)
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  }
}

/** How far the farm's clock is ahead of UTC at `instant`, in milliseconds (negative in Idaho). */
function farmOffsetMs(instant: number): number {
  const c = wallClockOf(instant)
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second)
  return asUtc - Math.floor(instant / 1000) * 1000
}

const pad = (n: number) => String(n).padStart(2, '0')

function splitDay(day: string): [number, number, number] {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number)
  return [year, month, date]
}

/** The farm's calendar day of an instant, as 'YYYY-MM-DD'. */
export function farmDayOf(date: Date): string {
  const c = wallClockOf(date.getTime())
  return `${c.year}-${pad(c.month)}-${pad(c.day)}`
}

/**
 * The instant the farm's clock shows `time` ('HH:MM') on `day` ('YYYY-MM-DD'). A wall time
 * that a DST change skips or repeats resolves to the offset after the change.
 */
export function farmInstant(day: string, time = '00:00'): Date {
  const [year, month, date] = splitDay(day)
  const [hour = 0, minute = 0] = time.split(':').map(Number)
  const wallClock = Date.UTC(year, month - 1, date, hour, minute)
  // The offset at the guess can differ from the offset at the answer across a DST change.
  let instant = wallClock - farmOffsetMs(wallClock)
  instant = wallClock - farmOffsetMs(instant)
  return new Date(instant)
}

/** Midnight at the start of a farm calendar day, as an instant. */
export function farmDayStart(day: string): Date {
  return farmInstant(day)
}

/** Midnight at the end of a farm calendar day: the first instant of the next day. */
export function farmDayEnd(day: string): Date {
  return farmInstant(addDays(day, 1))
}

/** 'YYYY-MM-DD' plus n calendar days (n may be negative). */
export function addDays(day: string, n: number): string {
  const [year, month, date] = splitDay(day)
  return new Date(Date.UTC(year, month - 1, date + n)).toISOString().slice(0, 10)
}

/** 0 = Sunday ... 6 = Saturday, of a calendar day. */
export function weekdayOf(day: string): number {
  const [year, month, date] = splitDay(day)
  return new Date(Date.UTC(year, month - 1, date)).getUTCDay()
}

export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const

/** January ... December: a month's name is MONTH_NAMES[month - 1]. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

/** '2026-11-26' -> 'Thursday, November 26' (the year only when it is not `thisYear`). */
export function formatDay(day: string, thisYear?: number): string {
  const [year, month, date] = splitDay(day)
  const base = `${WEEKDAY_NAMES[weekdayOf(day)]}, ${MONTH_NAMES[month - 1]} ${date}`
  return thisYear === undefined || thisYear === year ? base : `${base}, ${year}`
}

function hourText(time: string): { text: string; half: 'am' | 'pm' } {
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  const half = hours >= 12 ? 'pm' : 'am'
  const hour12 = hours % 12 === 0 ? 12 : hours % 12
  return { text: minutes === 0 ? String(hour12) : `${hour12}:${pad(minutes)}`, half }
}

/** '15:00' -> '3 pm', '09:30' -> '9:30 am'. */
export function formatClockTime(time: string): string {
  const { text, half } = hourText(time)
  return `${text} ${half}`
}

/** '15:00'-'18:00' -> '3-6 pm'; '09:00'-'12:00' -> '9 am-12 pm'. */
export function formatTimeRange(start: string, end: string): string {
  const from = hourText(start)
  const to = hourText(end)
  return from.half === to.half
    ? `${from.text}-${to.text} ${to.half}`
    : `${from.text} ${from.half}-${to.text} ${to.half}`
}

/** "2026-11-21 14:05" on the farm's clock: sortable, for spreadsheets. */
export function formatFarmDateTime(instant: Date): string {
  const c = wallClockOf(instant.getTime())
  return `${c.year}-${pad(c.month)}-${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}`
}

/** "Tuesday, November 24, 8 pm": when an instant falls on the farm's clock, for shoppers. */
export function formatFarmMoment(instant: Date, thisYear?: number): string {
  const c = wallClockOf(instant.getTime())
  return `${formatDay(farmDayOf(instant), thisYear)}, ${formatClockTime(`${pad(c.hour)}:${pad(c.minute)}`)}`
}

export type SalesPeriods = { today: Date; week: Date; month: Date }

/** When today, this week (from Monday) and this month began on the farm's clock. */
export function farmPeriodStarts(now: Date): SalesPeriods {
  const today = farmDayOf(now)
  const fromMonday = (weekdayOf(today) + 6) % 7
  return {
    today: farmDayStart(today),
    week: farmDayStart(addDays(today, -fromMonday)),
    month: farmDayStart(`${today.slice(0, 8)}01`),
  }
}
