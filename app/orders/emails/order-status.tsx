import type { ReactNode } from 'react'
import {
  Button,
  type EmailContent,
  Paragraph,
  Paragraphs,
  renderEmail,
  type ShopContext,
  shopUrl,
} from '~/email/layout'
import type { FulfilmentSummary } from '~/fulfilment/methods'
import type { CustomerEmailStatus } from '~/orders/order-workflow'
import { formatCents } from '~/platform/ui/price'

// Sent when the farm moves an order along (D19): payment received, ready for pickup (where and
// when), out for delivery, shipped (with the carrier and tracking number), completed,
// cancelled. "Payment received" is said only when a payment was (issue 16 item 4): an order paid
// at pickup hears it once, with the thanks for collecting it. Queued in the same
// transaction as the status change, so the customer hears about exactly the changes that
// happened.

export type OrderStatusEmailInput = ShopContext & {
  status: CustomerEmailStatus
  orderId: string
  /** "FS-10042" */
  orderNumber: string
  firstName: string
  /** shipped only */
  carrier?: string | null
  trackingNumber?: string | null
  /** ready_for_pickup and out_for_delivery: where and when (describeFulfilment) */
  fulfilment?: FulfilmentSummary | null
  /** what the customer still owes at the handover; null when paid */
  amountDueCents?: number | null
  /** completed: the payment was taken at the handover ("Collected and paid") */
  paidAtHandover?: boolean
  /** cancelled: the order had been paid, so a refund is on its way */
  wasPaid?: boolean
}

/**
 * What follows the greeting: `text` is its paragraphs, and the HTML is the same paragraphs
 * unless `html` says otherwise (shipped sets the carrier and tracking number in bold).
 */
type Body = { subject: string; text: string[]; html?: ReactNode }

function body(input: OrderStatusEmailInput): Body {
  const n = input.orderNumber
  switch (input.status) {
    case 'paid': {
      const line = `We have received your payment for order ${n}. We will start on it shortly.`
      return { subject: `Payment received for order ${n}`, text: [line] }
    }
    case 'ready_for_pickup': {
      const where = input.fulfilment
      const lines = [
        `Your order ${n} is packed and ready. ${where?.headline ?? 'Pickup at the farm'}.`,
        ...(where?.address ? [`Address: ${where.address}`] : []),
        ...(where?.instructions ? [where.instructions] : []),
        ...(input.amountDueCents
          ? [`Please bring ${formatCents(input.amountDueCents)}; we take cash or card at pickup.`]
          : []),
      ]
      return { subject: `Order ${n} is ready for pickup`, text: lines }
    }
    case 'out_for_delivery': {
      const lines = [
        `Your order ${n} is on its way to you. ${input.fulfilment?.headline ?? 'Local delivery'}.`,
        ...(input.amountDueCents
          ? [
              `Please have ${formatCents(input.amountDueCents)} ready; we take cash or card on delivery.`,
            ]
          : []),
      ]
      return { subject: `Order ${n} is out for delivery`, text: lines }
    }
    case 'shipped': {
      const line = `Good news: your order ${n} is on its way.`
      const carrier = `Carrier: ${input.carrier ?? ''}`
      const tracking = `Tracking number: ${input.trackingNumber ?? ''}`
      return {
        subject: `Order ${n} has shipped`,
        text: [line, `${carrier}\n${tracking}`],
        html: (
          <>
            <Paragraph>{line}</Paragraph>
            <Paragraph>
              <strong>{carrier}</strong>
              <br />
              <strong>{tracking}</strong>
            </Paragraph>
          </>
        ),
      }
    }
    case 'completed': {
      const line = input.paidAtHandover
        ? `We have received your payment and your order ${n} is complete. Thank you for buying from our farm!`
        : `Your order ${n} is complete. Thank you for buying from our farm!`
      return { subject: `Order ${n} is complete`, text: [line] }
    }
    case 'cancelled': {
      const line = `Your order ${n} has been cancelled.`
      const refund = input.wasPaid
        ? 'Your payment will be refunded to the way you paid.'
        : 'You have not been charged for it.'
      const contact = 'If you did not expect this, please reply to this email or contact us.'
      return { subject: `Order ${n} has been cancelled`, text: [line, refund, contact] }
    }
  }
}

export function orderStatusEmail(input: OrderStatusEmailInput): EmailContent {
  const orderUrl = shopUrl(input.baseUrl, `/account/orders/${encodeURIComponent(input.orderId)}`)
  const greeting = `Hello ${input.firstName},`
  const { subject, text, html = <Paragraphs lines={text} /> } = body(input)
  return renderEmail(input, {
    subject,
    html: (
      <>
        <Paragraph>{greeting}</Paragraph>
        {html}
        <Button href={orderUrl}>View your order</Button>
      </>
    ),
    text: [greeting, ...text, `View your order:\n${orderUrl}`],
  })
}
