import { getCurrentUser } from '~/auth/session.server'
import { getDb } from '~/platform/db/db.server'
import { MAX_REPORT_BODY_BYTES, storeErrorReports } from '~/platform/errors/errors.server'
import { ClientErrorBatchSchema, describeBatchProblems } from '~/platform/errors/report'
import { readJsonBody } from '~/platform/forms/json-body'
import { isRateLimited, limits, recordAttempt } from '~/platform/rate-limit.server'
import type { Route } from './+types/errors'

// POST /api/errors: the browser's error reports (D15). Answers 204 when stored; 400 for
// anything that is not a valid batch, 413 for an oversized body, 429 over the rate limit.

const problem = (status: number, error: string, headers?: HeadersInit) =>
  Response.json({ error }, { status, headers })

export function loader() {
  return problem(405, 'Error reports are sent with POST.', { Allow: 'POST' })
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') {
    return problem(405, 'Error reports are sent with POST.', { Allow: 'POST' })
  }
  const db = getDb()
  const limit = [limits.errorReportsByIp(context.clientIp)]
  if (await isRateLimited(db, limit)) {
    return problem(429, 'Too many error reports. Please wait a minute.', { 'Retry-After': '60' })
  }
  // Counted before parsing: a stream of bad requests uses up the allowance too.
  await recordAttempt(db, limit)

  const body = await readJsonBody(request, MAX_REPORT_BODY_BYTES)
  if (!body.ok) return problem(body.status, body.message)
  const parsed = ClientErrorBatchSchema.safeParse(body.value)
  if (!parsed.success) return problem(400, describeBatchProblems(parsed.error))

  const user = await getCurrentUser(request)
  const stored = await storeErrorReports(db, parsed.data, {
    customerId: user?.id ?? null,
    userAgent: request.headers.get('user-agent'),
  })
  // Warn, not error: the server itself is fine; these are for whoever reads the logs.
  for (const report of stored) {
    context.log.warn(
      { errorReport: { ...report, customerId: user?.id ?? null } },
      'browser error reported',
    )
  }
  return new Response(null, { status: 204 })
}
