import type { ErrorWords } from '~/platform/ui/error-boundary'

// What an order's pages (its details, paying for it, its confirmation) say when they cannot
// show it. Someone else's order is not found, exactly like one that does not exist.

export const ORDER_NOT_FOUND: ErrorWords = {
  title: 'Order Not Found',
  message: "We couldn't find that order in your account.",
}

export const ORDER_NOT_LOADED: ErrorWords = {
  title: 'Something went wrong',
  message: 'We could not load this order. Please try again.',
}
