// The tables inbox owns (issue 33).
export const TABLES = ['contact_submissions'] as const
