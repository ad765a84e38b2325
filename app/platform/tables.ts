// The tables platform owns (issue 33): the shop's machinery rather than any domain's words: the
// migrator's two, image sources and their rendered variants, the admin audit log, error reports,
// rate limits and the health probe's row.
export const TABLES = [
  'schema_migrations',
  'schema_migrations_lock',
  'images',
  'image_variants',
  'audit_log',
  'error_reports',
  'rate_limits',
  'health_probe',
] as const
