import { formatCents } from '~/components/price'
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

export type OrderConfirmationInput = ShopContext & {
  orderId: string
  /** "FS-10042" */
  orderNumber: string
  firstName: string
  items: ReadonlyArray<{ name: string; quantity: number; unitPriceCents: number }>
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
  /** "Farm Pickup", "Standard Shipping (5-7 business days)" */
  shippingMethod: string
  /** "Pay at pickup or on delivery" */
  paymentMethod: string
}

const cell = 'padding:4px 0;font-size:16px;line-height:1.5;color:#1f2a1f;vertical-align:top'

function row(label: string, amount: string, strong = false): SafeHtml {
  const weight = strong ? 'font-weight:bold;' : ''
  return html`<tr><td style="${cell};${weight}">${label}</td><td style="${cell};${weight}text-align:right;white-space:nowrap">${amount}</td></tr>`
}

export function orderConfirmationEmail(input: OrderConfirmationInput): EmailContent {
  const { orderNumber, shippingAddress: a } = input
  const orderUrl = shopUrl(
    input.baseUrl,
    `/order-confirmation/${encodeURIComponent(input.orderId)}`,
  )
  const greeting = `Hello ${input.firstName},`
  const thanks = `Thank you for your order! We have received order ${orderNumber} and will let you know when it is on its way.`
  const itemLines = input.items.map(
    (item) => `${item.name}: ${item.quantity} × ${formatCents(item.unitPriceCents)}`,
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
    ['Shipping', input.shippingCents === 0 ? 'Free' : formatCents(input.shippingCents), false],
    ['Tax', formatCents(input.taxCents), false],
    ['Total', formatCents(input.totalCents), true],
  ]
  const addressLines = [
    `${a.firstName} ${a.lastName}`,
    a.apartment ? `${a.street}, ${a.apartment}` : a.street,
    `${a.city}, ${a.state} ${a.zipCode}`,
    input.phone,
  ]
  return layout(input, {
    subject: `Order ${orderNumber} confirmed`,
    html: html`${paragraph(greeting)}
${paragraph(thanks)}
<table role="presentation" style="width:100%;margin:0 0 16px;border-collapse:collapse">
${input.items.map((item) => row(item.name, `${item.quantity} × ${formatCents(item.unitPriceCents)}`))}
</table>
<table role="presentation" style="width:100%;margin:0 0 16px;border-collapse:collapse;border-top:1px solid #d9d4c5">
${totals.map(([label, amount, strong]) => row(label, amount, strong))}
</table>
${paragraph(html`<strong>Shipping address</strong><br>${addressLines.map((line) => html`${line}<br>`)}`)}
${paragraph(html`<strong>Shipping method:</strong> ${input.shippingMethod}`)}
${paragraph(html`<strong>Payment:</strong> ${input.paymentMethod}`)}
${button(orderUrl, 'View your order')}`,
    text: [
      greeting,
      thanks,
      itemLines.join('\n'),
      totals.map(([label, amount]) => `${label}: ${amount}`).join('\n'),
      `Shipping address:\n${addressLines.join('\n')}`,
      `Shipping method: ${input.shippingMethod}`,
      `Payment: ${input.paymentMethod}`,
      `View your order:\n${orderUrl}`,
    ],
  })
}
