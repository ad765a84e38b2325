// The tables auth owns (issue 33): better-auth's four, customers being its user table (ADR 4):
// sign-up makes the row, and the identity on it (email, verified, admin) is auth's. The search
// index is kept by triggers on customers, so it goes with them.
export const TABLES = [
  'customers',
  'sessions',
  'accounts',
  'verifications',
  'customer_search',
] as const
