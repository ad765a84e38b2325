// The tables policies owns (issue 33).
export const TABLES = ['policies'] as const
