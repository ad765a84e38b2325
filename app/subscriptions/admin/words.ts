import { formatTimeRange, WEEKDAY_NAMES } from '~/platform/farm-clock'
import { FREQUENCY_LABELS, type Frequency, isFrequency } from '../terms'

// The admin's words for subscriptions (issue 21), browser-safe: the list, the detail page, the
// CSV export and the dashboard read them from here.

export const SUBSCRIPTION_STATUSES = ['active', 'paused', 'pending', 'cancelled'] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  // Paid by card: the first checkout's card is not saved yet (Stripe's webhook makes it active).
  pending: 'Waiting for card',
  cancelled: 'Cancelled',
}

export function isSubscriptionStatus(value: unknown): value is SubscriptionStatus {
  return typeof value === 'string' && (SUBSCRIPTION_STATUSES as readonly string[]).includes(value)
}

export function subscriptionStatusLabel(status: string): string {
  return isSubscriptionStatus(status) ? SUBSCRIPTION_STATUS_LABELS[status] : status
}

export function frequencyLabel(frequency: string): string {
  return isFrequency(frequency) ? FREQUENCY_LABELS[frequency] : frequency
}

/** A box's charge, as subscription_cycles.charge_status records it. */
const CHARGE_LABELS: Record<string, string> = {
  none: 'Pay at pickup',
  charging: 'Charging the card',
  paid: 'Card charged',
  failed: 'Card declined: pay link emailed, retry in 24 hours',
  retry_failed: 'Card declined twice: waiting for the customer',
}

export function chargeStatusLabel(status: string): string {
  return CHARGE_LABELS[status] ?? status
}

const CYCLE_LABELS: Record<string, string> = {
  ordered: 'Box made',
  skipped: 'Skipped',
  failed: 'Not made',
}

export function cycleStatusLabel(status: string): string {
  return CYCLE_LABELS[status] ?? status
}

/** A product or one of its options, so many of it: a box's line. */
export type BoxItem = {
  productId: string
  variantId: string | null
  name: string
  variant: string | null
  unit: string
  quantity: number
}

/** "2 × Weekly Vegetable Box (Small Box)": one item in words. */
export function itemText(item: { name: string; variant: string | null; quantity: number }): string {
  return `${item.quantity} × ${item.name}${item.variant ? ` (${item.variant})` : ''}`
}

export type WindowWords = {
  method: string
  placeName: string | null
  weekday: number | null
  startTime: string
  endTime: string
}

/** "Pickup at Sawtooth Meadows Farm, Thursdays 3-6 pm": where and when the boxes go. */
export function windowText(window: WindowWords): string {
  const where =
    window.method === 'delivery'
      ? `Delivery, ${window.placeName ?? 'local delivery'}`
      : `Pickup at ${window.placeName ?? 'the farm'}`
  const day = window.weekday === null ? '' : `, ${WEEKDAY_NAMES[window.weekday]}s`
  return `${where}${day} ${formatTimeRange(window.startTime, window.endTime)}`
}

/**
 * What a subscription brings in a month at current subscriber prices: a weekly box 52 times a
 * year, an every-2-weeks box 26 times, a monthly one 12 times, over 12 months; integer cents,
 * rounded once at the end.
 */
export function monthlyValueCents(boxCentsByFrequency: Record<Frequency, number>): number {
  const { weekly, biweekly, monthly } = boxCentsByFrequency
  return Math.round((weekly * 52 + biweekly * 26 + monthly * 12) / 12)
}

/** The list's status filter: every status, or all of them. */
export const STATUS_FILTER_OPTIONS = [
  { value: 'all', label: 'All' },
  ...SUBSCRIPTION_STATUSES.map((status) => ({
    value: status,
    label: SUBSCRIPTION_STATUS_LABELS[status],
  })),
]
