// The tables newsletter owns (issue 33).
export const TABLES = ['newsletter_subscribers'] as const
