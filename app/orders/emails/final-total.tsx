import { formatPounds } from '~/catalog/weight'
import {
  Button,
  type EmailContent,
  Lines,
  Paragraph,
  Paragraphs,
  renderEmail,
  type ShopContext,
  shopUrl,
} from '~/email/layout'
import { formatCents } from '~/platform/ui/price'

// Sent when every by-weight piece of an order is weighed (ADR 30): what each weighed, and the
// final total that replaces the estimate. Queued in the transaction that stores the weights.

export type FinalTotalEmailInput = ShopContext & {
  orderId: string
  /** "FS-10042" */
  orderNumber: string
  firstName: string
  pieces: ReadonlyArray<{ name: string; piece: number; weightCentiLb: number; cents: number }>
  /** the total before: the estimate, or the last final total when a weight was corrected */
  previousCents: number
  corrected: boolean
  totalCents: number
  /** how it is paid: a card or PayPal captured for the total, or the amount to bring */
  payment: 'card' | 'paypal' | 'at-handover' | 'paid'
}

export function finalTotalEmail(input: FinalTotalEmailInput): EmailContent {
  const n = input.orderNumber
  const orderUrl = shopUrl(input.baseUrl, `/account/orders/${encodeURIComponent(input.orderId)}`)
  const greeting = `Hello ${input.firstName},`
  const before = input.corrected
    ? `corrected from ${formatCents(input.previousCents)}`
    : `estimated ${formatCents(input.previousCents)}`
  const intro = `We have weighed your order ${n}. You pay for the exact weight: the final total is ${formatCents(input.totalCents)} (${before}).`
  const weights = input.pieces.map(
    (p) =>
      `${p.name}, piece ${p.piece}: ${formatPounds(p.weightCentiLb)} lb, ${formatCents(p.cents)}`,
  )
  const payment =
    input.payment === 'card'
      ? `Your card is charged ${formatCents(input.totalCents)}; the rest of the hold is released.`
      : input.payment === 'paypal'
        ? `Your PayPal payment is ${formatCents(input.totalCents)}; the rest of the amount held is released.`
        : input.payment === 'at-handover'
          ? `Please bring ${formatCents(input.totalCents)}; we take cash or card.`
          : 'Thank you: your order is paid.'
  return renderEmail(input, {
    subject: `Final total for order ${n}: ${formatCents(input.totalCents)}`,
    html: (
      <>
        <Paragraphs lines={[greeting, intro]} />
        <Paragraph>
          <Lines lines={weights} />
        </Paragraph>
        <Paragraph>{payment}</Paragraph>
        <Button href={orderUrl}>View your order</Button>
      </>
    ),
    text: [greeting, intro, weights.join('\n'), payment, `View your order:\n${orderUrl}`],
  })
}
