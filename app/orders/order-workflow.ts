import { z } from 'zod'

// The order status workflow (D19, issue 6 item 3), browser-safe: which step may follow
// which, what the buttons say, and the one schema for the admin's status form. The server
// (order-status.server.ts) checks the same table again before it changes anything.
//
//   pending_payment -> paid | cancelled
//   paid            -> processing | cancelled
//   processing      -> ready_for_pickup (pickup orders) | shipped (delivered orders) | cancelled
//   ready_for_pickup -> completed | cancelled
//   shipped         -> completed
// completed and cancelled are the end.

export const ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'processing',
  'ready_for_pickup',
  'shipped',
  'completed',
  'cancelled',
] as const

export type OrderStatus = (typeof ORDER_STATUSES)[number]

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value)
}

const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ['paid', 'cancelled'],
  paid: ['processing', 'cancelled'],
  processing: ['ready_for_pickup', 'shipped', 'cancelled'],
  ready_for_pickup: ['completed', 'cancelled'],
  shipped: ['completed'],
  completed: [],
  cancelled: [],
}

/**
 * The steps an order may take next. A pickup order is made ready for pickup and never
 * shipped; a delivered order is shipped and never waits at the farm.
 */
export function nextStatuses(status: string, shippingMethod: string): OrderStatus[] {
  if (!isOrderStatus(status)) return []
  const pickup = shippingMethod === 'pickup'
  return NEXT[status].filter((next) =>
    next === 'ready_for_pickup' ? pickup : next === 'shipped' ? !pickup : true,
  )
}

export function canMoveTo(from: string, to: string, shippingMethod: string): boolean {
  return (nextStatuses(from, shippingMethod) as string[]).includes(to)
}

/** The button that takes an order to this status, named by what it does. */
export const STATUS_ACTION_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Mark as Pending Payment',
  paid: 'Mark as Paid',
  processing: 'Start Processing',
  ready_for_pickup: 'Mark Ready for Pickup',
  shipped: 'Mark as Shipped',
  completed: 'Mark as Completed',
  cancelled: 'Cancel Order',
}

/** The steps at which the customer hears from us (the others are the farm's own business). */
export const CUSTOMER_EMAIL_STATUSES = [
  'paid',
  'ready_for_pickup',
  'shipped',
  'completed',
  'cancelled',
] as const satisfies readonly OrderStatus[]

export type CustomerEmailStatus = (typeof CUSTOMER_EMAIL_STATUSES)[number]

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
      intent: z.enum(['paid', 'processing', 'ready_for_pickup', 'completed', 'cancelled']),
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
