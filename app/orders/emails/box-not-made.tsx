import {
  Button,
  type EmailContent,
  Paragraphs,
  renderEmail,
  type ShopContext,
  shopUrl,
} from '~/email/layout'
import { formatDay } from '~/platform/farm-clock'

// A subscription's box the shop could not make at its cut-off (ADR 32): sold out, the window
// closed or full, nothing in it still offered. Queued in the transaction that records the
// failed cycle, so the customer hears once, and nothing was charged.

export type BoxNotMadeInput = ShopContext & {
  firstName: string
  /** the box's date, 'YYYY-MM-DD' */
  date: string
  /** why, in the words the shop would have given a shopper at checkout */
  reason: string
}

export const SUBSCRIPTIONS_PATH = '/account/subscriptions'

/** "We could not make your box for Thursday, December 3" */
export function boxNotMadeSubject(date: string): string {
  return `We could not make your box for ${formatDay(date)}`
}

export function boxNotMadeEmail(input: BoxNotMadeInput): EmailContent {
  const subject = boxNotMadeSubject(input.date)
  const lines = [
    `Hello ${input.firstName},`,
    `We are sorry: we could not make your subscription box for ${formatDay(input.date)}. ${input.reason}`,
    'You have not been charged for it. Your subscription goes on, and your next box is made as usual.',
    'You can skip, pause or change your boxes in your account.',
  ]
  const url = shopUrl(input.baseUrl, SUBSCRIPTIONS_PATH)
  return renderEmail(input, {
    subject,
    html: (
      <>
        <Paragraphs lines={lines} />
        <Button href={url}>Manage your subscriptions</Button>
      </>
    ),
    text: [...lines, `Manage your subscriptions:\n${url}`],
  })
}
