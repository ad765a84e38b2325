import type { DB } from '~/platform/db/db.server'
import { REPORT_LIMITS, truncate } from './limits'
import type { ClientErrorBatch } from './report'

/** Largest request body /api/errors reads; the reporter keeps every batch under it. */
export const MAX_REPORT_BODY_BYTES = 64 * 1024

export type StoredErrorReport = {
  id: string
  level: string
  message: string
  url: string | null
}

/**
 * Stores one batch of browser error reports (D15) with one INSERT, so a batch is saved
 * whole or not at all. The customer is the signed-in shopper, never something the browser
 * claims; the user agent is the report's own, else the request's header.
 */
export async function storeErrorReports(
  db: DB,
  batch: ClientErrorBatch,
  source: { customerId: string | null; userAgent: string | null },
): Promise<StoredErrorReport[]> {
  if (batch.length < 1 || batch.length > REPORT_LIMITS.batch) {
    throw new RangeError(`A batch holds 1 to ${REPORT_LIMITS.batch} reports, not ${batch.length}`)
  }
  const userAgent = source.userAgent ? truncate(source.userAgent, REPORT_LIMITS.userAgent) : null
  const rows = batch.map((report) => ({
    id: crypto.randomUUID(),
    level: report.level,
    message: report.message,
    stack_trace: report.stack ?? null,
    context: report.context ? JSON.stringify(report.context) : null,
    url: report.url ?? null,
    user_agent: report.user_agent ?? userAgent,
    customer_id: source.customerId,
  }))
  await db.insertInto('error_reports').values(rows).execute()
  return rows.map(({ id, level, message, url }) => ({ id, level, message, url }))
}
