// Beef shares' words and sizes (ADR 31), browser-safe.

/** An animal is sold in quarters; a half takes 2, a whole all 4. */
export const QUARTERS_PER_ANIMAL = 4

export const SHARE_SIZES = [
  { word: 'quarter', units: 1 },
  { word: 'half', units: 2 },
  { word: 'whole', units: 4 },
] as const

/** The quarters an option takes, read from its name ("Half Share" -> 2); null for other options. */
export function shareUnitsOfOptionName(name: string): number | null {
  const lower = name.toLowerCase()
  return SHARE_SIZES.find((size) => new RegExp(`\\b${size.word}\\b`).test(lower))?.units ?? null
}

/** "Quarter", "Half", "Whole"; "2 quarters" for two quarters bought together */
export function shareSizeLabel(units: number): string {
  if (units === 1) return 'Quarter'
  if (units === 2) return 'Half'
  if (units === 4) return 'Whole'
  return `${units} quarters`
}

export type BalanceStatus = 'unpaid' | 'paid' | 'pay_at_pickup'

export const BALANCE_STATUS_LABELS: Record<BalanceStatus, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid',
  pay_at_pickup: 'Pay at pickup',
}

export function balanceStatusLabel(status: string): string {
  return BALANCE_STATUS_LABELS[status as BalanceStatus] ?? status
}

export const CUT_SHEET_CLOSED =
  'The cut-off for this animal has passed, so the cut sheet can no longer be changed. Please call the farm if something is wrong.'
export const SHARE_CANCELLED = 'This share was cancelled, so it has no cut sheet.'
export const NO_SUCH_SHARE = 'No such share.'
export const BALANCE_NOT_READY =
  'The balance is not known yet: we email it once the butcher has weighed the animal.'
export const BALANCE_ALREADY_PAID = 'This balance has already been paid. Thank you!'
export const NOTHING_OWED = 'Nothing is owed on this share.'

// A share is collected on its animal's pickup date at the place the farm names (its own
// window, issue 32), so it is an order of its own: one order has one pickup.
export const SHARE_ORDERED_ALONE =
  'A beef share is collected on its animal’s pickup date, so it is ordered on its own. Please remove the other items from your cart to check out the share, and order them separately.'
export const SHARES_OF_ONE_ANIMAL =
  'Shares of different animals are collected on different dates, so please order each animal’s share on its own.'
/** Why a share is neither shipped nor delivered: the cart's note and checkout's (issue 32). */
export const SHARE_NOT_SHIPPED =
  'A beef share is picked up on its animal’s pickup date, so it cannot be shipped or delivered.'
export const SHARE_PICKUP_ONLY = `${SHARE_NOT_SHIPPED} Please choose Pickup.`
export const SHARE_PICKUP_NOT_SET =
  'The farm has not set where and when this share is collected yet. Please call the farm.'

/** A share's balance before the animal is weighed, in the back office's lists. */
export const BALANCE_AFTER_WEIGHING = 'After weighing'

export function cutSheetStatusLabel(filledIn: boolean): string {
  return filledIn ? 'Filled in' : 'Not yet'
}
