// What checkout says when a cart holding a subscription's first box asks for something a
// subscription cannot have (ADR 32). Browser-safe: the checkout page and placeOrder share them.

export const SUBSCRIPTION_NEEDS_LOCAL =
  'Subscription boxes are for pickup or local delivery. Please choose one.'
export const SUBSCRIPTION_NEEDS_WEEKLY_DAY =
  'Subscription boxes need a weekly pickup or delivery day. Please choose one.'
export const SUBSCRIPTION_PAYMENT =
  'Subscriptions are paid by card or at pickup. Please choose one.'
