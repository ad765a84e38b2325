import {
  Button,
  type EmailContent,
  Paragraph,
  Paragraphs,
  renderEmail,
  type ShopContext,
  shopUrl,
  TextLink,
} from '~/email/layout'
import { orderPayPath, subscriptionCardPath } from '~/payments/saved-card'
import { formatDay, formatFarmMoment } from '~/platform/farm-clock'
import { formatCents } from '~/platform/ui/price'

// A subscription box's off-session card charge was declined (ADR 32): how much, for which
// box, a link to pay it on Stripe's page, and whether the card is tried once more. Queued in
// the transaction that records the failure, once per attempt.

export const CHARGE_FAILED_SUBJECT = 'We could not charge your card for your box'

export type ChargeFailedEmailInput = ShopContext & {
  orderId: string
  /** "FS-10042" */
  orderNumber: string
  subscriptionId: string
  firstName: string
  /** the box's date (YYYY-MM-DD, farm calendar) */
  boxDate: string
  amountCents: number
  /** when the card is tried once more; null after the last try */
  retryAt: Date | null
}

export function chargeFailedEmail(input: ChargeFailedEmailInput): EmailContent {
  const payUrl = shopUrl(input.baseUrl, orderPayPath(input.orderId))
  const cardUrl = shopUrl(input.baseUrl, subscriptionCardPath(input.subscriptionId))
  const amount = formatCents(input.amountCents)
  const greeting = `Hello ${input.firstName},`
  const what = `We tried to charge ${amount} to your saved card for your box of ${formatDay(input.boxDate)} (order ${input.orderNumber}), and the charge was declined.`
  const next = input.retryAt
    ? `Please pay it with the link below. If you do not, we will try your card once more on ${formatFarmMoment(input.retryAt)}.`
    : 'We will not try your card again: please pay with the link below, or when you get your box.'
  const card = 'If your card has changed, you can save a new one for your next boxes:'
  return renderEmail(input, {
    subject: CHARGE_FAILED_SUBJECT,
    html: (
      <>
        <Paragraphs lines={[greeting, what, next]} />
        <Button href={payUrl}>Pay {amount}</Button>
        <Paragraph>
          {card} <TextLink href={cardUrl}>update your card</TextLink>.
        </Paragraph>
      </>
    ),
    text: [greeting, what, next, `Pay ${amount}:\n${payUrl}`, `${card}\n${cardUrl}`],
  })
}
