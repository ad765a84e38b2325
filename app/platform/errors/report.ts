import { z } from 'zod'
import { type ClientErrorReport, REPORT_LEVELS, REPORT_LIMITS } from './limits'

// The shape of a client error report, as the server accepts it (D15). The browser's reporter
// truncates every field to these limits before sending, so a longer field can only come from
// something that is not our reporter: it is refused (400), not silently cut.

export { classifyError, type ErrorKind, errorMessage, friendlyMessage } from './classify'
export { type ClientErrorReport, REPORT_LIMITS, type ReportContext } from './limits'

const atMost = (name: string, max: number) => `${name} must be at most ${max} characters`

const ContextValueSchema = z.union([
  z.string().max(REPORT_LIMITS.context, atMost('a context value', REPORT_LIMITS.context)),
  z.number(),
  z.boolean(),
  z.null(),
])

export const ClientErrorReportSchema = z.object({
  level: z.enum(REPORT_LEVELS, 'level must be error, warning or info').default('error'),
  message: z
    .string('message is required')
    .min(1, 'message must not be empty')
    .max(REPORT_LIMITS.message, atMost('message', REPORT_LIMITS.message)),
  stack: z.string().max(REPORT_LIMITS.stack, atMost('stack', REPORT_LIMITS.stack)).optional(),
  context: z
    .record(
      z.string().max(REPORT_LIMITS.contextKey, atMost('a context key', REPORT_LIMITS.contextKey)),
      ContextValueSchema,
      'context must be an object of strings, numbers, booleans or nulls',
    )
    .refine(
      (context) => JSON.stringify(context).length <= REPORT_LIMITS.context,
      atMost('context as JSON', REPORT_LIMITS.context),
    )
    .optional(),
  url: z.string().max(REPORT_LIMITS.url, atMost('url', REPORT_LIMITS.url)).optional(),
  user_agent: z
    .string()
    .max(REPORT_LIMITS.userAgent, atMost('user_agent', REPORT_LIMITS.userAgent))
    .optional(),
}) satisfies z.ZodType<ClientErrorReport>

export const ClientErrorBatchSchema = z
  .array(ClientErrorReportSchema, 'expected a JSON array of error reports')
  .min(1, 'a batch holds at least 1 report')
  .max(REPORT_LIMITS.batch, `a batch holds at most ${REPORT_LIMITS.batch} reports`)

export type ClientErrorBatch = z.infer<typeof ClientErrorBatchSchema>

/** One line for the 400 answer: where each problem is ("0.message") and what it is. */
export function describeBatchProblems(error: z.ZodError): string {
  // zod also runs the length checks on a string ("abc".length), which would say "at most
  // 10 reports" about something that is not a list at all: not a list says it all.
  const notAList = error.issues.find((issue) => issue.code === 'invalid_type' && !issue.path.length)
  const issues = notAList ? [notAList] : error.issues
  const problems = issues.slice(0, 5).map((issue) => {
    const where = issue.path.map(String).join('.')
    return where ? `${where}: ${issue.message}` : issue.message
  })
  const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : ''
  return `Invalid error report batch: ${problems.join('; ')}${more}.`
}
