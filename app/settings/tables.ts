// The tables settings owns (issue 33).
export const TABLES = ['settings'] as const
