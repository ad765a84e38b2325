// How long a card hold lasts, and when the shop renews one (ADR 30, issue 31 item 6).
// Browser-safe numbers and words, shared by the capture and the hold sweep.

import { formatCents } from '~/platform/ui/price'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Stripe releases an uncaptured card authorisation after about 7 days (most cards online).
 * PayPal's authorisation can be captured for 29 days, longer than any order waits to be
 * weighed, so only Stripe's holds are renewed.
 */
export const STRIPE_HOLD_LIFETIME_MS = 7 * DAY_MS

/** A hold older than this, its order not weighed yet, is renewed: a day before it lapses. */
export const RENEW_HOLD_AFTER_MS = 6 * DAY_MS

/** What the farm is told when the customer was emailed a link to pay instead. */
export function payLinkSentMessage(totalCents: number): string {
  return `All pieces weighed: the final total is ${formatCents(totalCents)}. The card hold had ended, so nothing was charged: the customer has been emailed a link to pay it.`
}
