// What one client error report may hold (D15). Plain constants and types with no
// dependencies, so the browser's reporter can truncate to them without shipping zod; the
// server's schema in report.ts enforces the same numbers.

export const REPORT_LIMITS = {
  /** Reports per request (spec section 7: "batches of up to 10"). */
  batch: 10,
  message: 1000,
  stack: 5000,
  /** Characters of the context object once serialized to JSON. */
  context: 2000,
  contextKey: 100,
  url: 2000,
  userAgent: 500,
} as const

export const REPORT_LEVELS = ['error', 'warning', 'info'] as const
export type ReportLevel = (typeof REPORT_LEVELS)[number]

/** Small and flat on purpose: nested values are where huge or cyclic payloads hide. */
export type ReportContext = Record<string, string | number | boolean | null>

export type ClientErrorReport = {
  level: ReportLevel
  message: string
  stack?: string
  context?: ReportContext
  url?: string
  user_agent?: string
}

export function truncate(text: string, max: number): string {
  return text.length > max ? text.slice(0, max) : text
}
