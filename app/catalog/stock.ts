// Stock rules shared by the shop grid, the product page and the server (spec sections 4, 5, 9).
// Browser-safe: no database here. Stock numbers passed in are already "effective": an
// unavailable product or option counts as 0 (the queries in products.server.ts do that).

export const LOW_STOCK_THRESHOLD = 5
export const RELATED_PRODUCT_COUNT = 3
export const MIN_QUANTITY = 1
/** Said wherever a quantity below 1 is typed or posted: refused, never made 1 quietly. */
export const QUANTITY_TOO_LOW = 'Please enter a quantity of at least 1.'

export type StockStatus = 'in-stock' | 'low-stock' | 'out-of-stock'

/** Out of stock at or below 0; low stock under 5 (badge on the shop, notice on the detail). */
export function stockStatus(stock: number): StockStatus {
  if (stock <= 0) return 'out-of-stock'
  if (stock < LOW_STOCK_THRESHOLD) return 'low-stock'
  return 'in-stock'
}

/**
 * A quantity kept between 1 and the stock. At stock 0 (nothing to buy) it stays 1, so a
 * stepper never shows 0; `max` undefined means no upper bound (the waiting-list stepper).
 */
export function clampQuantity(quantity: number, max?: number): number {
  const whole = Number.isFinite(quantity) ? Math.trunc(quantity) : MIN_QUANTITY
  const upper = max === undefined ? Number.POSITIVE_INFINITY : Math.max(MIN_QUANTITY, max)
  return Math.min(Math.max(whole, MIN_QUANTITY), upper)
}

// A calendar day stored as 'YYYY-MM-DD' names the same day everywhere: format it in UTC so
// no time zone (the server's or the shopper's) moves it to the day before.
const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

/** '2027-03-15' -> 'March 15, 2027'; anything that is not a calendar day -> null. */
export function formatCalendarDay(day: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null
  const date = new Date(`${day}T00:00:00Z`)
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day) return null
  return dayFormat.format(date)
}

/**
 * The expected-availability line, e.g. "Expected back: March 15, 2027 — about 24 available".
 * While the product is still in stock the same facts describe the next batch instead.
 */
export function expectedAvailabilityText(options: {
  nextAvailableDate: string | null
  expectedQuantity: number | null
  inStock: boolean
}): string | null {
  const day = options.nextAvailableDate ? formatCalendarDay(options.nextAvailableDate) : null
  const quantity =
    options.expectedQuantity !== null && options.expectedQuantity > 0
      ? `about ${options.expectedQuantity} available`
      : null
  if (!day && !quantity) return null
  const label = options.inStock ? 'Next batch expected' : 'Expected back'
  if (day && quantity) return `${label}: ${day} — ${quantity}`
  if (day) return `${label}: ${day}`
  return `${label} soon — ${quantity}`
}
