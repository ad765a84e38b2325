// The tables subscriptions owns (issue 33): a recurring box, its items and its dates.
export const TABLES = ['subscriptions', 'subscription_items', 'subscription_cycles'] as const
