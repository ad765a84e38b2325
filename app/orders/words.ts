import { isFulfilmentMethod, methodLabel } from '~/fulfilment/methods'

// The words for an order's status, fulfilment and payment, wherever an order is shown
// (account, admin, emails, This week). Browser-safe.

const STATUS_LABELS: Record<string, string> = {
  pending_payment: 'Pending Payment',
  paid: 'Paid',
  processing: 'Processing',
  ready_for_pickup: 'Ready for Pickup',
  out_for_delivery: 'Out for Delivery',
  shipped: 'Shipped',
  completed: 'Completed',
  cancelled: 'Cancelled',
}

/** 'ready_for_pickup' -> 'Ready for Pickup'; a status we do not know is title-cased. */
export function orderStatusLabel(status: string): string {
  return (
    STATUS_LABELS[status] ??
    status
      .split(/[_\-\s]+/)
      .filter(Boolean)
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
  )
}

/** How the order is fulfilled: the fulfilment domain's words (issue 16). */
export function shippingMethodLabel(method: string): string {
  return isFulfilmentMethod(method) ? methodLabel(method) : orderStatusLabel(method)
}

const PAYMENT_LABELS: Record<string, string> = {
  offline: 'Pay at pickup or on delivery',
  stripe: 'Card (Stripe)',
  card: 'Card',
  creditCard: 'Credit card',
  paypal: 'PayPal',
}

export function paymentMethodLabel(method: string): string {
  return PAYMENT_LABELS[method] ?? orderStatusLabel(method)
}
