import { z } from 'zod'
import {
  farmDayOf,
  formatClockTime,
  formatDay,
  formatFarmDateTime,
  formatTimeRange,
  WEEKDAY_NAMES,
  weekdayOf,
} from '~/platform/farm-clock'

// A customer's own changes to a subscription (Account > Subscriptions, ADR 32): the form's one
// schema (an intent per button), and every word the pages and manage.server.ts say about them.
// Browser-safe.

export const SUBSCRIPTION_STATUS_LABELS: Record<string, string> = {
  pending: 'Waiting for card',
  active: 'Active',
  paused: 'Paused',
  cancelled: 'Cancelled',
}

export const MAX_ITEM_QUANTITY = 99
/** How far ahead a pause may run, in calendar months from today. */
export const MAX_PAUSE_MONTHS = 6

// Messages: refusals name what to do next.
export const SUBSCRIPTION_NOT_FOUND = 'That subscription was not found.'
export const SUBSCRIPTION_CANCELLED = 'This subscription is cancelled, so it cannot be changed.'
export const SUBSCRIPTION_PAUSED = 'This subscription is paused. Resume it first.'
export const SUBSCRIPTION_PENDING =
  'This subscription starts once your card is saved; it can be paused after that.'
export const SUBSCRIPTION_NOT_PAUSED = 'This subscription is not paused.'
export const SUBSCRIPTION_CHANGED =
  'Your subscription changed since this page was shown. Please look it over and try again.'
export const NOTHING_TO_UNDO = 'There is no skipped box to bring back.'
export const ITEM_NOT_FOUND = 'That item is not in this subscription.'
export const SWAP_NOT_OFFERED =
  'That item cannot be swapped in: choose one of the items offered at the same price.'
export const WINDOW_NOT_OFFERED = 'Please choose one of the pickup places or delivery days offered.'
export const SAME_WINDOW = 'Your box already comes then. Choose another pickup or delivery day.'
export const CANCEL_QUESTION =
  'No more boxes will be made or charged. Boxes already made are not changed. To have boxes again, subscribe again in the shop.'
/** Beside the swap control and in its confirmation: a swap is not for the next box only. */
export const SWAP_FROM_NOW_ON = 'This changes your box from now on.'
export const PAUSE_DATE_REQUIRED = 'Please enter the date to pause until.'
export const QUANTITY_RANGE = `Please enter a quantity from 1 to ${MAX_ITEM_QUANTITY}.`
export const pauseTooSoon = (nextDay: string) =>
  `Please choose a date after your next box (${formatDay(nextDay)}).`
export const pauseTooLate = (lastDay: string) =>
  `A pause can last up to ${MAX_PAUSE_MONTHS} months: please choose a date on or before ${formatDay(lastDay)}.`

/** "Tuesday at 8 pm" and "Tuesday, December 1 at 8 pm" of an instant, on the farm's clock. */
function farmTime(instant: Date): string {
  return formatClockTime(formatFarmDateTime(instant).slice(11))
}

/** "Change or skip by Tuesday, December 1 at 8 pm" */
export function changeByText(cutoff: Date): string {
  return `Change or skip by ${formatDay(farmDayOf(cutoff))} at ${farmTime(cutoff)}`
}

/** "Changes to your box for Thursday, December 3 closed Tuesday at 8 pm." */
export function changesClosedMessage(boxDay: string, cutoff: Date): string {
  const weekday = WEEKDAY_NAMES[weekdayOf(farmDayOf(cutoff))]
  return `Changes to your box for ${formatDay(boxDay)} closed ${weekday} at ${farmTime(cutoff)}.`
}

/** The reminder's subject: "Your box for Thursday: skip or change by Tuesday 8 pm". */
export function reminderSubject(boxDay: string, cutoff: Date): string {
  const weekday = WEEKDAY_NAMES[weekdayOf(farmDayOf(cutoff))]
  return `Your box for ${WEEKDAY_NAMES[weekdayOf(boxDay)]}: skip or change by ${weekday} ${farmTime(cutoff)}`
}

export const DONE_MESSAGES = {
  skip: (nextDay: string) => `Box skipped. Your next box is ${formatDay(nextDay)}.`,
  'undo-skip': (nextDay: string) => `Skip undone. Your next box is ${formatDay(nextDay)}.`,
  pause: (until: string) => `Paused until ${formatDay(until)}.`,
  resume: (nextDay: string) => `Resumed. Your next box is ${formatDay(nextDay)}.`,
  quantity: () => 'Quantity changed.',
  swap: () => `Item swapped. ${SWAP_FROM_NOW_ON}`,
  window: (nextDay: string) =>
    `Pickup or delivery changed. Your next box is ${formatDay(nextDay)}.`,
  cancel: () => 'Your subscription is cancelled. No more boxes will be made.',
} as const

/** "Pickup at Red Barn, Thursdays 3-6 pm" or "Delivery to Boise, Thursdays 3-6 pm" */
export function windowLabel(window: {
  method: 'pickup' | 'delivery'
  name: string
  weekday: number
  startTime: string
  endTime: string
}): string {
  const when = `${WEEKDAY_NAMES[window.weekday]}s ${formatTimeRange(window.startTime, window.endTime)}`
  return window.method === 'pickup'
    ? `Pickup at ${window.name}, ${when}`
    : `Delivery to ${window.name}, ${when}`
}

/** 'YYYY-MM-DD' plus whole calendar months, clamped to the month's last day. */
export function addMonths(day: string, months: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number)
  const lastDay = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate()
  return new Date(Date.UTC(year, month - 1 + months, Math.min(date, lastDay)))
    .toISOString()
    .slice(0, 10)
}

/** A swap choice's value: the product, and its option when it has one. */
export function swapChoice(productId: string, variantId: string | null): string {
  return variantId ? `${productId}:${variantId}` : productId
}

export function parseSwapChoice(value: string): { productId: string; variantId: string | null } {
  const [productId = '', variantId] = value.split(':')
  return { productId, variantId: variantId || null }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/
const isRealDay = (value: string) =>
  DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value

const id = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(100, message)
/** The box the page showed: a change meant for it is refused once its cut-off passed. */
const box = z.string({ error: SUBSCRIPTION_CHANGED }).trim().refine(isRealDay, SUBSCRIPTION_CHANGED)

// One schema per form; each posts its intent and the box the page showed.
export const SkipSchema = z.object({ intent: z.literal('skip'), box })
export const UndoSkipSchema = z.object({ intent: z.literal('undo-skip'), box })
export const PauseSchema = z.object({
  intent: z.literal('pause'),
  box,
  until: z
    .string({ error: PAUSE_DATE_REQUIRED })
    .trim()
    .min(1, PAUSE_DATE_REQUIRED)
    .refine(isRealDay, PAUSE_DATE_REQUIRED),
})
export const ResumeSchema = z.object({ intent: z.literal('resume'), box })
export const QuantitySchema = z.object({
  intent: z.literal('quantity'),
  box,
  itemId: id(ITEM_NOT_FOUND),
  quantity: z
    .string({ error: QUANTITY_RANGE })
    .trim()
    .regex(/^\d{1,2}$/, QUANTITY_RANGE)
    .transform(Number)
    .pipe(z.number().int().min(1, QUANTITY_RANGE).max(MAX_ITEM_QUANTITY, QUANTITY_RANGE)),
})
export const SwapSchema = z.object({
  intent: z.literal('swap'),
  box,
  itemId: id(ITEM_NOT_FOUND),
  choice: z
    .string({ error: SWAP_NOT_OFFERED })
    .trim()
    .min(1, SWAP_NOT_OFFERED)
    .max(201, SWAP_NOT_OFFERED),
})
export const WindowSchema = z.object({
  intent: z.literal('window'),
  box,
  windowId: id(WINDOW_NOT_OFFERED),
})
export const CancelSchema = z.object({
  intent: z.literal('cancel'),
  box,
  // Asked once, on the page (a dialog with JavaScript, a second form without): 'yes' then.
  confirm: z.literal('yes').optional(),
})

/** What the page's action reads: one of the forms, told apart by its intent. */
export const ManageSubscriptionSchema = z.discriminatedUnion('intent', [
  SkipSchema,
  UndoSkipSchema,
  PauseSchema,
  ResumeSchema,
  QuantitySchema,
  SwapSchema,
  WindowSchema,
  CancelSchema,
])

export type SubscriptionChange = z.output<typeof ManageSubscriptionSchema>
export type SubscriptionIntent = SubscriptionChange['intent']
