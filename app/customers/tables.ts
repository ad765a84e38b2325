// The tables customers owns (issue 33): a customer's delivery addresses.
export const TABLES = ['addresses'] as const
