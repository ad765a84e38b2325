import { addDays, farmDayOf, weekdayOf } from '~/platform/farm-clock'
import type { Frequency } from './terms'

// A subscription's calendar (ADR 32), pure and browser-safe. Every box falls on its weekly
// window's weekday; changes close at that date's cut-off (fulfilment/windows.ts cutoffOf), which
// is also when the scheduler makes the box's order. Days are the farm's calendar days.

/** How far ahead a box's demand is reserved from one-time shoppers: the coming week's boxes. */
export const RESERVATION_DAYS = 7

/** The first day on or after `day` that falls on `weekday` (0 = Sunday). */
export function firstDateOnOrAfter(day: string, weekday: number): string {
  return addDays(day, (weekday - weekdayOf(day) + 7) % 7)
}

/** 'YYYY-MM-DD' one calendar month on, clamped to the month's last day (Jan 31 -> Feb 28). */
function addOneMonth(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number)
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  return new Date(Date.UTC(year, month, Math.min(date, lastDay))).toISOString().slice(0, 10)
}

/** The box after the one on `day`: 7 or 14 days on, or the window's weekday a month on. */
export function followingDate(frequency: Frequency, day: string): string {
  if (frequency === 'weekly') return addDays(day, 7)
  if (frequency === 'biweekly') return addDays(day, 14)
  return firstDateOnOrAfter(addOneMonth(day), weekdayOf(day))
}

/** The last box date whose demand is reserved now (boxes on or before it). */
export function reservationHorizon(now: Date): string {
  return addDays(farmDayOf(now), RESERVATION_DAYS)
}
