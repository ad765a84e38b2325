import type { PaymentProvider } from './provider'

// Pay at pickup or on delivery: needs no account, so the shop always has a way to take an
// order (D7). The order simply stays 'pending_payment' until the farm is paid in person.
export const offlineProvider: PaymentProvider = {
  id: 'offline',
  label: 'Pay at pickup or on delivery',
  description:
    'You pay when you pick up your order or when it is delivered. No card details are needed now.',
  startPayment: async () => ({ kind: 'done' }),
}
