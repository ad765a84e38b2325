// The tables email owns (issue 33): the outbox its worker sends from. Domains queue mail through
// email's functions; only email claims and marks rows.
export const TABLES = ['email_outbox'] as const
