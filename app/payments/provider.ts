import type { PaymentMethod } from '~/orders/place-order'

// Our own payment interface (D7, house style anti-pattern 3): the checkout and its components
// see only these shapes, never a payment company's objects.

/** What a provider needs to know about an order that placeOrder has just written. */
export type PaymentOrder = {
  id: string
  orderNumber: string
  email: string
  totalCents: number
  /** Where the provider's page sends a shopper who turns back (default: the checkout) */
  cancelPath?: string
  /** The provider's idempotency key for starting this payment (a renewal's payment key) */
  idempotencyKey?: string
}

export type PaymentStart = { kind: 'done' } | { kind: 'redirect'; url: string }

export type PaymentProvider = {
  id: PaymentMethod
  label: string
  /** One sentence shown under the options on the Payment step. */
  description: string
  startPayment(order: PaymentOrder): Promise<PaymentStart>
}

/** What the browser gets: the options, without their server-side behaviour. */
export type PaymentOption = Pick<PaymentProvider, 'id' | 'label' | 'description'>
