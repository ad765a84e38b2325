import type { CSSProperties } from 'react'
import { type LineTerms, lineText } from '~/catalog/line-wording'
import { atMostMessage } from '~/catalog/weight'
import {
  Button,
  bodyText,
  COLORS,
  type EmailContent,
  LayoutTable,
  Lines,
  Paragraph,
  Paragraphs,
  renderEmail,
  type ShopContext,
  shopUrl,
} from '~/email/layout'
import type { EmailAttachment } from '~/email/outbox.server'
import { CALENDAR_CONTENT_TYPE, orderCalendar } from '~/fulfilment/calendar'
import { type FulfilmentSummary, feeLabel } from '~/fulfilment/methods'
import { formatCents } from '~/platform/ui/price'

// Sent when an order is placed (D6), written to the outbox in the order's own transaction.
// The amounts are the order's snapshot, so the email always agrees with the order page.
// Pickup and local delivery say where and when, never "shipping", and carry the window as a
// calendar entry (issue 16 item 3).

export type OrderConfirmationInput = ShopContext & {
  orderId: string
  /** "FS-10042" */
  orderNumber: string
  firstName: string
  /** each line's name and terms, worded as on every other surface (catalog/line-wording) */
  items: ReadonlyArray<{ name: string; terms: LineTerms }>
  /** by weight (ADR 30): the most the weighed order may cost; null when the total is final */
  maximumCents?: number | null
  subtotalCents: number
  discountCents: number
  promoCode: string | null
  shippingCents: number
  taxCents: number
  totalCents: number
  shippingAddress: {
    firstName: string
    lastName: string
    street: string
    apartment: string | null
    city: string
    state: string
    zipCode: string
  }
  phone: string
  /** "Pickup", "Standard Shipping (5-7 business days)" */
  shippingMethod: string
  /** where and when (describeFulfilment of the order) */
  fulfilment: FulfilmentSummary
  /** "Pay at pickup or on delivery" */
  paymentMethod: string
}

type Amount = { label: string; amount: string; strong?: boolean }

/** Labels on the left, amounts on the right: items, then totals. */
function AmountTable({
  rows,
  style,
  wrap = false,
}: {
  rows: readonly Amount[]
  style?: CSSProperties
  /** the right column may wrap: a line's words are longer than a sum */
  wrap?: boolean
}) {
  return (
    <LayoutTable style={{ margin: '0 0 16px', ...style }}>
      {rows.map(({ label, amount, strong }, index) => {
        const cell: CSSProperties = {
          padding: '4px 0',
          ...bodyText,
          verticalAlign: 'top',
          fontWeight: strong ? 'bold' : undefined,
        }
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rendered once to static markup; two items may share a name
          <tr key={index}>
            <td style={cell}>{label}</td>
            <td style={{ ...cell, textAlign: 'right', whiteSpace: wrap ? undefined : 'nowrap' }}>
              {amount}
            </td>
          </tr>
        )
      })}
    </LayoutTable>
  )
}

const THANKS: Record<FulfilmentSummary['method'], string> = {
  pickup: 'and will email you when it is packed and ready.',
  delivery: 'and will email you when it is on its way to you.',
  standard: 'and will let you know when it is on its way.',
  express: 'and will let you know when it is on its way.',
  other: 'and will let you know when it is on its way.',
}

export function orderConfirmationEmail(
  input: OrderConfirmationInput,
): EmailContent & { attachments: EmailAttachment[] } {
  const { orderNumber, shippingAddress: a, fulfilment: where } = input
  const orderUrl = shopUrl(
    input.baseUrl,
    `/order-confirmation/${encodeURIComponent(input.orderId)}`,
  )
  const greeting = `Hello ${input.firstName},`
  const thanks = `Thank you for your order! We have received order ${orderNumber} ${THANKS[where.method]}`
  const items: Amount[] = input.items.map((item) => ({
    label: item.name,
    amount: lineText(item.terms),
  }))
  const totals: Amount[] = [
    { label: 'Subtotal', amount: formatCents(input.subtotalCents) },
    // Only when there is one (a "$0.00 discount" line reads like a mistake).
    ...(input.discountCents > 0
      ? [
          {
            label: input.promoCode ? `Discount (${input.promoCode})` : 'Discount',
            amount: `-${formatCents(input.discountCents)}`,
          },
        ]
      : []),
    {
      label: feeLabel(where.method),
      amount: input.shippingCents === 0 ? 'Free' : formatCents(input.shippingCents),
    },
    { label: 'Tax', amount: formatCents(input.taxCents) },
    {
      label: input.maximumCents ? 'Estimated total' : 'Total',
      amount: formatCents(input.totalCents),
      strong: true,
    },
  ]
  const atMost = input.maximumCents ? `${atMostMessage(input.maximumCents)}.` : null
  const pickup = where.method === 'pickup'
  const whereTitle = pickup
    ? 'Pickup'
    : where.method === 'delivery'
      ? 'Delivery'
      : 'Shipping address'
  const addressLines = pickup
    ? [
        where.headline,
        ...(where.address ? [where.address] : []),
        ...(where.instructions ? [where.instructions] : []),
        `${a.firstName} ${a.lastName}`,
        input.phone,
      ]
    : [
        ...(where.method === 'delivery' ? [where.headline] : []),
        `${a.firstName} ${a.lastName}`,
        a.apartment ? `${a.street}, ${a.apartment}` : a.street,
        `${a.city}, ${a.state} ${a.zipCode}`,
        input.phone,
      ]
  const entry = orderCalendar(input)
  const calendar = entry ? { ...entry, contentType: CALENDAR_CONTENT_TYPE } : null
  const calendarLine = 'The calendar entry for your time is attached.'
  const content = renderEmail(input, {
    subject: `Order ${orderNumber} confirmed`,
    html: (
      <>
        <Paragraphs lines={[greeting, thanks]} />
        <AmountTable rows={items} wrap />
        <AmountTable rows={totals} style={{ borderTop: `1px solid ${COLORS.rule}` }} />
        {atMost && <Paragraph>{atMost}</Paragraph>}
        <Paragraph>
          <strong>{whereTitle}</strong>
          <br />
          <Lines lines={addressLines} />
        </Paragraph>
        <Paragraph>
          <strong>How you get it:</strong> {input.shippingMethod}
        </Paragraph>
        <Paragraph>
          <strong>Payment:</strong> {input.paymentMethod}
        </Paragraph>
        {calendar && <Paragraph>{calendarLine}</Paragraph>}
        <Button href={orderUrl}>View your order</Button>
      </>
    ),
    text: [
      greeting,
      thanks,
      items.map(({ label, amount }) => `${label}: ${amount}`).join('\n'),
      totals.map(({ label, amount }) => `${label}: ${amount}`).join('\n'),
      ...(atMost ? [atMost] : []),
      `${whereTitle}:\n${addressLines.join('\n')}`,
      `How you get it: ${input.shippingMethod}`,
      `Payment: ${input.paymentMethod}`,
      ...(calendar ? [calendarLine] : []),
      `View your order:\n${orderUrl}`,
    ],
  })
  return { ...content, attachments: calendar ? [calendar] : [] }
}
