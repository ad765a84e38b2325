import { formatCents, formatUnitPrice } from '~/components/price'
import { CALENDAR_CONTENT_TYPE, orderCalendar } from '~/fulfilment/calendar'
import { type FulfilmentSummary, feeLabel } from '~/fulfilment/methods'
import type { EmailAttachment } from '../outbox.server'
import {
  button,
  type EmailContent,
  html,
  layout,
  paragraph,
  type SafeHtml,
  type ShopContext,
  shopUrl,
} from './layout'

// Sent when an order is placed (D6), written to the outbox in the order's own transaction.
// The amounts are the order's snapshot, so the email always agrees with the order page.
// Every value the shopper typed (name, address) or the farm wrote (product names) is escaped.
// Pickup and local delivery say where and when, never "shipping", and carry the window as a
// calendar entry (issue 16 item 3).

export type OrderConfirmationInput = ShopContext & {
  orderId: string
  /** "FS-10042" */
  orderNumber: string
  firstName: string
  items: ReadonlyArray<{
    name: string
    quantity: number
    unitPriceCents: number
    unit?: string | null
  }>
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

const cell = 'padding:4px 0;font-size:16px;line-height:1.5;color:#1f2a1f;vertical-align:top'

function row(label: string, amount: string, strong = false): SafeHtml {
  const weight = strong ? 'font-weight:bold;' : ''
  return html`<tr><td style="${cell};${weight}">${label}</td><td style="${cell};${weight}text-align:right;white-space:nowrap">${amount}</td></tr>`
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
  const itemLines = input.items.map(
    (item) => `${item.name}: ${item.quantity} × ${formatUnitPrice(item.unitPriceCents, item.unit)}`,
  )
  const discountLabel = input.promoCode ? `Discount (${input.promoCode})` : 'Discount'
  const totals: Array<[string, string, boolean]> = [
    ['Subtotal', formatCents(input.subtotalCents), false],
    // Only when there is one (a "$0.00 discount" line reads like a mistake).
    ...(input.discountCents > 0
      ? [
          [discountLabel, `-${formatCents(input.discountCents)}`, false] as [
            string,
            string,
            boolean,
          ],
        ]
      : []),
    [
      feeLabel(where.method),
      input.shippingCents === 0 ? 'Free' : formatCents(input.shippingCents),
      false,
    ],
    ['Tax', formatCents(input.taxCents), false],
    ['Total', formatCents(input.totalCents), true],
  ]
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
  const content = layout(input, {
    subject: `Order ${orderNumber} confirmed`,
    html: html`${paragraph(greeting)}
${paragraph(thanks)}
<table role="presentation" style="width:100%;margin:0 0 16px;border-collapse:collapse">
${input.items.map((item) => row(item.name, `${item.quantity} × ${formatUnitPrice(item.unitPriceCents, item.unit)}`))}
</table>
<table role="presentation" style="width:100%;margin:0 0 16px;border-collapse:collapse;border-top:1px solid #d9d4c5">
${totals.map(([label, amount, strong]) => row(label, amount, strong))}
</table>
${paragraph(html`<strong>${whereTitle}</strong><br>${addressLines.map((line) => html`${line}<br>`)}`)}
${paragraph(html`<strong>How you get it:</strong> ${input.shippingMethod}`)}
${paragraph(html`<strong>Payment:</strong> ${input.paymentMethod}`)}
${button(orderUrl, 'View your order')}`,
    text: [
      greeting,
      thanks,
      itemLines.join('\n'),
      totals.map(([label, amount]) => `${label}: ${amount}`).join('\n'),
      `${whereTitle}:\n${addressLines.join('\n')}`,
      `How you get it: ${input.shippingMethod}`,
      `Payment: ${input.paymentMethod}`,
      ...(calendar ? ['The calendar entry for your time is attached.'] : []),
      `View your order:\n${orderUrl}`,
    ],
  })
  return { ...content, attachments: calendar ? [calendar] : [] }
}
