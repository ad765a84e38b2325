import { z } from 'zod'

// The order status workflow (D19, issue 6 item 3, issue 16 item 4), browser-safe: which step
// may follow which, what the buttons say, and the one schema for the admin's status form. The
// server (order-status.server.ts) checks the same table again before it changes anything.
//
//   pending_payment -> paid | cancelled
//                      (paying at the handover: also ready, processing, and the handover)
//   paid            -> processing | cancelled
//   processing      -> ready_for_pickup (pickup) | out_for_delivery (local delivery)
//                      | shipped (standard, express) | cancelled
//   ready_for_pickup, out_for_delivery -> completed | cancelled
//   shipped         -> completed
// completed and cancelled are the end.
//
// Paying at pickup or on delivery follows the real flow: such an order is packed and made
// ready (or sent out) while still unpaid, and one step, "Collected and paid" or "Delivered and
// paid", completes it and records the payment. That step is also offered before the order is
// marked packed (issue 32 item 7): the customer is at the table with the box, so packing and
// handing over are one click, and "Mark packed" first stays possible. Paid orders (a card, or
// marked paid early) can skip processing too. A parcel is shipped only once it is paid.

export const ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'processing',
  'ready_for_pickup',
  'out_for_delivery',
  'shipped',
  'completed',
  'cancelled',
] as const

export type OrderStatus = (typeof ORDER_STATUSES)[number]

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value)
}

/** What the admin can do to an order: a status to move to, or a closing step that also records payment. */
export const ORDER_STEPS = [...ORDER_STATUSES, 'collected', 'delivered'] as const
export type OrderStep = (typeof ORDER_STEPS)[number]

/** The status each step leaves the order in. */
export function statusAfter(step: OrderStep): OrderStatus {
  return step === 'collected' || step === 'delivered' ? 'completed' : step
}

/** What decides an order's next steps besides its status. */
export type OrderFlow = { shippingMethod: string; paymentMethod: string; paymentStatus: string }

/** The status that means "packed": ready at the pickup, out with the delivery, or shipped. */
function readyStatus(shippingMethod: string): OrderStatus {
  if (shippingMethod === 'pickup') return 'ready_for_pickup'
  if (shippingMethod === 'delivery') return 'out_for_delivery'
  return 'shipped'
}

/** The steps an order may take next, in the order the buttons show them. */
export function nextSteps(status: string, flow: OrderFlow): OrderStep[] {
  if (!isOrderStatus(status)) return []
  const paid = flow.paymentStatus === 'paid'
  const local = flow.shippingMethod === 'pickup' || flow.shippingMethod === 'delivery'
  const payOnHandover = local && flow.paymentMethod === 'offline' && !paid
  const ready = readyStatus(flow.shippingMethod)
  const handOver = flow.shippingMethod === 'pickup' ? 'collected' : 'delivered'
  switch (status) {
    case 'pending_payment':
      return payOnHandover
        ? [ready, handOver, 'processing', 'paid', 'cancelled']
        : ['paid', 'cancelled']
    case 'paid':
      return local ? [ready, 'processing', 'cancelled'] : ['processing', 'cancelled']
    case 'processing':
      return payOnHandover ? [ready, handOver, 'cancelled'] : [ready, 'cancelled']
    case 'ready_for_pickup':
      return paid ? ['completed', 'cancelled'] : ['collected', 'cancelled']
    case 'out_for_delivery':
      return paid ? ['completed', 'cancelled'] : ['delivered', 'cancelled']
    case 'shipped':
      return ['completed']
    default:
      return []
  }
}

export function canTakeStep(from: string, step: string, flow: OrderFlow): boolean {
  return (nextSteps(from, flow) as string[]).includes(step)
}

/** The step that packs an order of this method (the pack list's button); null for parcels. */
export function packStepFor(
  shippingMethod: string,
): 'ready_for_pickup' | 'out_for_delivery' | null {
  if (shippingMethod === 'pickup') return 'ready_for_pickup'
  if (shippingMethod === 'delivery') return 'out_for_delivery'
  return null
}

/** The step that hands an order over: with the payment when it is still owed. */
export function handOverStepFor(
  order: OrderFlow & { status: string },
): 'collected' | 'delivered' | 'completed' | null {
  const steps = nextSteps(order.status, order)
  return (
    (['collected', 'delivered', 'completed'] as const).find((step) => steps.includes(step)) ?? null
  )
}

/** The button that takes an order this step, named by what it does. */
export const STEP_LABELS: Record<OrderStep, string> = {
  pending_payment: 'Mark as Pending Payment',
  paid: 'Mark as Paid',
  processing: 'Start Processing',
  ready_for_pickup: 'Mark Ready for Pickup',
  out_for_delivery: 'Mark Out for Delivery',
  shipped: 'Mark as Shipped',
  completed: 'Mark as Completed',
  collected: 'Collected and paid',
  delivered: 'Delivered and paid',
  cancelled: 'Cancel Order',
}

/** The steps at which the customer hears from us (the others are the farm's own business). */
export const CUSTOMER_EMAIL_STATUSES = [
  'paid',
  'ready_for_pickup',
  'out_for_delivery',
  'shipped',
  'completed',
  'cancelled',
] as const satisfies readonly OrderStatus[]

export type CustomerEmailStatus = (typeof CUSTOMER_EMAIL_STATUSES)[number]

/** What is still to collect at the handover: nothing once paid, or while a card holds it
 * (a card authorised for a by-weight order is captured at weighing). */
export function dueAtHandover(order: { paymentStatus: string; totalCents: number }): number {
  return order.paymentStatus === 'paid' || order.paymentStatus === 'authorized'
    ? 0
    : order.totalCents
}

export function emailsCustomer(status: OrderStatus): status is CustomerEmailStatus {
  return (CUSTOMER_EMAIL_STATUSES as readonly string[]).includes(status)
}

export const CARRIER_REQUIRED = 'Enter the carrier, like USPS or UPS.'
export const TRACKING_REQUIRED = 'Enter the tracking number.'
export const TRACKING_INVALID = 'A tracking number has 4 to 40 letters, digits, spaces or dashes.'
export const STATUS_CHANGE_INVALID = 'That change is not possible. Please use the buttons below.'
export const CHANGED_ELSEWHERE =
  'This order was changed by someone else; here is its current status.'

/** The status the admin's page showed: the change only happens if the order is still there. */
const from = z.enum(ORDER_STATUSES, { error: STATUS_CHANGE_INVALID })

export const ShipOrderSchema = z.object({
  intent: z.literal('shipped'),
  from,
  carrier: z
    .string({ error: CARRIER_REQUIRED })
    .trim()
    .min(1, CARRIER_REQUIRED)
    .max(40, 'The carrier must be at most 40 characters.'),
  trackingNumber: z
    .string({ error: TRACKING_REQUIRED })
    .trim()
    .min(1, TRACKING_REQUIRED)
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{2,38}[A-Za-z0-9]$/, TRACKING_INVALID),
})

export const OrderStatusSchema = z.discriminatedUnion(
  'intent',
  [
    ShipOrderSchema,
    z.object({
      intent: z.enum([
        'paid',
        'processing',
        'ready_for_pickup',
        'out_for_delivery',
        'completed',
        'collected',
        'delivered',
        'cancelled',
      ]),
      from,
    }),
  ],
  { error: STATUS_CHANGE_INVALID },
)

export type OrderStatusInput = z.output<typeof OrderStatusSchema>

/** "FS-10042" or "10042" (with or without the dash, any case) -> 10042; anything else null. */
export function parseOrderNumber(text: string): number | null {
  const match = /^(?:fs-?)?(\d{1,9})$/i.exec(text.trim())
  return match ? Number(match[1]) : null
}
