import {
  addDays,
  farmDayOf,
  farmInstant,
  formatDay,
  formatTimeRange,
  weekdayOf,
} from '~/platform/farm-clock'

// Pickup windows and delivery days as the calendar sees them (ADR 18), browser-safe and pure:
// a window rule (weekly on a weekday, or once on a date) becomes dated slots; each slot closes
// for orders at its cut-off, may be full, and is skipped on a closed date. Every time here is
// the farm's wall clock, turned into instants only through the farm clock.

export type WindowRule = {
  id: string
  placeId: string | null
  zoneId: string | null
  /** 0 = Sunday ... 6 = Saturday; null for a one-off date */
  weekday: number | null
  onDate: string | null
  /** 'HH:MM' */
  startTime: string
  endTime: string
  capacity: number | null
  cutoffHours: number | null
  cutoffDaysBefore: number | null
  cutoffTime: string | null
}

export type ClosedDay = { onDate: string; placeId: string | null; zoneId: string | null }

export type Slot = {
  /** "windowId:YYYY-MM-DD": what the checkout's radio posts */
  key: string
  windowId: string
  placeId: string | null
  zoneId: string | null
  date: string
  startTime: string
  endTime: string
  cutoffAt: Date
  capacity: number | null
  booked: number
  full: boolean
}

/** Ordering closes at the window's start when the farm set no cut-off. */
export function cutoffOf(
  rule: Pick<WindowRule, 'startTime' | 'cutoffHours' | 'cutoffDaysBefore' | 'cutoffTime'>,
  date: string,
): Date {
  if (rule.cutoffDaysBefore !== null && rule.cutoffTime) {
    return farmInstant(addDays(date, -rule.cutoffDaysBefore), rule.cutoffTime)
  }
  const start = farmInstant(date, rule.startTime)
  return new Date(start.getTime() - (rule.cutoffHours ?? 0) * 3_600_000)
}

export function slotKey(windowId: string, date: string): string {
  return `${windowId}:${date}`
}

const SLOT_KEY = /^([A-Za-z0-9-]{1,64}):(\d{4}-\d{2}-\d{2})$/

export function parseSlotKey(key: string): { windowId: string; date: string } | null {
  const match = SLOT_KEY.exec(key.trim())
  if (!match?.[1] || !match[2]) return null
  return { windowId: match[1], date: match[2] }
}

/** Whether the rule happens on this calendar day (its weekday, or its one date). */
export function occursOn(rule: Pick<WindowRule, 'weekday' | 'onDate'>, date: string): boolean {
  return rule.onDate !== null ? rule.onDate === date : rule.weekday === weekdayOf(date)
}

export function isClosed(
  closed: readonly ClosedDay[],
  rule: Pick<WindowRule, 'placeId' | 'zoneId'>,
  date: string,
): boolean {
  return closed.some(
    (day) =>
      day.onDate === date &&
      ((day.placeId === null && day.zoneId === null) ||
        (day.placeId !== null && day.placeId === rule.placeId) ||
        (day.zoneId !== null && day.zoneId === rule.zoneId)),
  )
}

/** How far ahead the checkout offers dates. */
export const HORIZON_DAYS = 28

type SlotContext = {
  closed: readonly ClosedDay[]
  /** orders taken, by slot key */
  booked: ReadonlyMap<string, number>
  now: Date
}

/**
 * The rule's slot on this calendar day, or null when it does not happen that day, the day is
 * closed or its cut-off has passed. A full slot is still a slot, with `full` set.
 */
export function slotOn(rule: WindowRule, date: string, { closed, booked, now }: SlotContext) {
  if (!occursOn(rule, date) || isClosed(closed, rule, date)) return null
  const cutoffAt = cutoffOf(rule, date)
  if (cutoffAt.getTime() <= now.getTime()) return null
  const key = slotKey(rule.id, date)
  const taken = booked.get(key) ?? 0
  return {
    key,
    windowId: rule.id,
    placeId: rule.placeId,
    zoneId: rule.zoneId,
    date,
    startTime: rule.startTime,
    endTime: rule.endTime,
    cutoffAt,
    capacity: rule.capacity,
    booked: taken,
    full: rule.capacity !== null && taken >= rule.capacity,
  } satisfies Slot
}

/**
 * Every slot of these rules from today on the farm's clock for `days` days whose cut-off is
 * still ahead of `now` and that is not closed, earliest first. Full slots stay in the list
 * (shown as full) with `full` set.
 */
export function upcomingSlots({
  rules,
  days = HORIZON_DAYS,
  ...context
}: SlotContext & { rules: readonly WindowRule[]; days?: number }): Slot[] {
  const today = farmDayOf(context.now)
  const slots: Slot[] = []
  for (let offset = 0; offset < days; offset++) {
    const date = addDays(today, offset)
    for (const rule of rules) {
      const slot = slotOn(rule, date, context)
      if (slot) slots.push(slot)
    }
  }
  return slots.sort(
    (a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime),
  )
}

/** "Thursday, November 26, 3-6 pm": how a slot is named everywhere (radio, email, pack list). */
export function slotLabel(
  slot: { date: string; startTime: string; endTime: string },
  thisYear?: number,
): string {
  return `${formatDay(slot.date, thisYear)}, ${formatTimeRange(slot.startTime, slot.endTime)}`
}
