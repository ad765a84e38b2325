import { SLOT_GONE } from '~/fulfilment/methods'
import type { PlaceOrderResult } from '~/orders/place-order'

// Why a subscription's box was not made (ADR 32), as the cycle keeps it and the customer reads
// it in the email and under Account > Subscriptions. Browser-safe.

/** A box on or before the end of a pause. */
export const BOX_PAUSED = 'Paused'
/** A box whose date had passed before the scheduler got to it (the shop was not running). */
export const BOX_MISSED = 'Missed while the shop was closed'
export const BOX_WINDOW_GONE =
  'Its pickup or delivery day is no longer offered. Please choose another day for your subscription.'
export const BOX_DAY_CLOSED = 'The farm is closed that day, or that time is no longer offered.'
export const BOX_NOTHING_LEFT = 'Nothing in it is offered for subscriptions any more.'

/** An order refusal in a subscriber's words: checkout's words ask to choose again. */
export function boxRefusalMessage(result: Exclude<PlaceOrderResult, { ok: true }>): string {
  if (result.reason === 'fulfilment' && result.message === SLOT_GONE) return BOX_DAY_CLOSED
  if (result.reason === 'slot-full') return 'That pickup or delivery time is full.'
  return result.message
}
