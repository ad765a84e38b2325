import { type LineTerms, namedLineText } from '~/catalog/line-wording'
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
import type { FulfilmentSummary } from '~/fulfilment/methods'
import { slotLabel } from '~/fulfilment/windows'
import { formatCents } from '~/platform/ui/price'

// The day before a pickup or a delivery (issue 16 item 3): where and when, what to bring, and
// what is in the order. Queued once per order by the reminder job (fulfilment/reminders.server.ts).

export type FulfilmentReminderInput = ShopContext & {
  orderId: string
  /** "FS-10042" */
  orderNumber: string
  firstName: string
  fulfilment: FulfilmentSummary
  /** still to pay at the handover; null when paid */
  amountDueCents: number | null
  /** each line's name and terms, worded as on every other surface (catalog/line-wording) */
  items: ReadonlyArray<{ name: string; terms: LineTerms }>
}

export function fulfilmentReminderEmail(input: FulfilmentReminderInput): EmailContent {
  const where = input.fulfilment
  const pickup = where.method === 'pickup'
  const when = where.when ? slotLabel(where.when) : where.headline
  const subject = pickup
    ? `Your pickup tomorrow: ${when}${where.place ? ` at ${where.place}` : ''}`
    : `Your delivery tomorrow: ${when}`
  const greeting = `Hello ${input.firstName},`
  const lines = [
    pickup
      ? `A reminder: your order ${input.orderNumber} is ready for you tomorrow. ${where.headline}.`
      : `A reminder: we deliver your order ${input.orderNumber} tomorrow. ${where.headline}.`,
    ...(where.address ? [`Address: ${where.address}`] : []),
    ...(where.instructions ? [where.instructions] : []),
    ...(input.amountDueCents
      ? [
          pickup
            ? `Please bring ${formatCents(input.amountDueCents)}; we take cash or card at pickup.`
            : `Please have ${formatCents(input.amountDueCents)} ready; we take cash or card on delivery.`,
        ]
      : []),
  ]
  const items = input.items.map((item) => namedLineText(item.name, item.terms))
  const orderUrl = shopUrl(input.baseUrl, `/account/orders/${encodeURIComponent(input.orderId)}`)
  return renderEmail(input, {
    subject,
    html: (
      <>
        <Paragraphs lines={[greeting, ...lines]} />
        <Paragraph>
          <strong>In your order</strong>
          <br />
          <Lines lines={items} />
        </Paragraph>
        <Button href={orderUrl}>View your order</Button>
      </>
    ),
    text: [
      greeting,
      ...lines,
      `In your order:\n${items.join('\n')}`,
      `View your order:\n${orderUrl}`,
    ],
  })
}
