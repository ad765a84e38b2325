import {
  Button,
  type EmailContent,
  Paragraphs,
  renderEmail,
  type ShopContext,
  shopUrl,
} from '~/email/layout'
import { orderPayPath } from '~/payments/saved-card'
import { formatCents } from '~/platform/ui/price'

// A by-weight order paid by card whose hold ran out before it was weighed, and could not be
// renewed (no saved card, or the card declined): nothing was charged, so the customer is
// asked for the exact amount with a link to pay it on Stripe's page. Queued in the
// transaction that records the amount as due, so it is sent once.

export const HOLD_LAPSED_SUBJECT = 'Your order is weighed: please pay for it'

export type HoldLapsedEmailInput = ShopContext & {
  orderId: string
  /** "FS-10042" */
  orderNumber: string
  firstName: string
  amountCents: number
}

export function holdLapsedEmail(input: HoldLapsedEmailInput): EmailContent {
  const payUrl = shopUrl(input.baseUrl, orderPayPath(input.orderId))
  const amount = formatCents(input.amountCents)
  const lines = [
    `Hello ${input.firstName},`,
    `We have weighed your order ${input.orderNumber}: it comes to ${amount}.`,
    'The hold on your card ended before we could weigh it, so your card has not been charged.',
    `Please pay ${amount} with the link below, or pay when you get your order.`,
  ]
  return renderEmail(input, {
    subject: HOLD_LAPSED_SUBJECT,
    html: (
      <>
        <Paragraphs lines={lines} />
        <Button href={payUrl}>Pay {amount}</Button>
      </>
    ),
    text: [...lines, `Pay ${amount}:\n${payUrl}`],
  })
}
