import { farmDayOf, MONTH_NAMES } from '~/platform/farm-clock'

// When a product is in season (issue 22): the months as products.season_months keeps them
// ('5,6,7'; '' = not seasonal). Browser-safe and small: Home's "In season now" and the admin's
// "In season" boxes read the same words. The form's schema is in admin/season-months-field.ts,
// so that no shop page loads zod for a list of month names.

/** The months the admin ticks, January first */
export const MONTHS = MONTH_NAMES

/** 1 = January ... 12 = December */
export type Month = number

/** The column's '7,5,x,6' as the months in calendar order; anything else is dropped. */
export function parseSeasonMonths(column: string): Month[] {
  const listed = new Set(column.split(',').map((part) => part.trim()))
  return MONTHS.map((_, index) => index + 1).filter((month) => listed.has(String(month)))
}

/** The months as the column keeps them, in calendar order; '' when none. */
export function formatSeasonMonths(months: Iterable<Month | string>): string {
  return parseSeasonMonths([...months].join(',')).join(',')
}

/** The month (1-12) on the farm's calendar at `now`: Idaho's, whatever the server's zone. */
export function farmMonthOf(now: Date): Month {
  return Number(farmDayOf(now).slice(5, 7))
}
