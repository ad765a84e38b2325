import { classifyError, errorMessage } from './classify'
import {
  type ClientErrorReport,
  REPORT_LIMITS,
  type ReportContext,
  type ReportLevel,
  truncate,
} from './limits'

// The browser's half of D15: errors are queued and POSTed to /api/errors in batches of at
// most 10 (spec section 7), retried after 5 seconds and re-queued when sending fails.
// Browser only (.client.ts): the server build never contains it.

export const ENDPOINT = '/api/errors'
export const RETRY_DELAY_MS = 5000
/** Errors tend to come in bursts (one failure, several symptoms); wait a moment to batch them. */
export const BATCH_DELAY_MS = 1000
/** The same message again within this window is the same problem; one report is enough. */
export const DEDUPE_WINDOW_MS = 10_000
/** A page that keeps failing offline must not grow the queue for ever; the oldest go first. */
export const MAX_QUEUE = 50
/** After this many failed sends a report is dropped: the server is not going to take it. */
export const MAX_ATTEMPTS = 5
/**
 * Bytes per request. fetch's keepalive (needed to send while the page unloads) allows 64 KiB
 * in flight, and the server refuses bodies over 64 KiB; a batch stops growing before this.
 */
export const MAX_BATCH_BYTES = 60_000

type Pending = { report: ClientErrorReport; attempts: number }

export type ReportOptions = { level?: ReportLevel; context?: ReportContext }

export type ErrorReporter = {
  /** Queues a report of `error`; false when it was a duplicate of a recent one. */
  report: (error: unknown, options?: ReportOptions) => boolean
  /** Sends what is queued now (one batch); resolves when that request has settled. */
  flush: () => Promise<void>
  pending: () => number
}

export type ReporterOptions = {
  fetch?: typeof fetch
  now?: () => number
  /** Where the report says it happened; the page's address by default. */
  url?: () => string | undefined
}

const bytes = new TextEncoder()

function sizeOf(report: ClientErrorReport): number {
  return bytes.encode(JSON.stringify(report)).length
}

/** Primitives only, each string cut to size, then whole keys dropped until it fits. */
function boundedContext(context: Record<string, unknown>): ReportContext {
  const result: ReportContext = {}
  for (const [key, value] of Object.entries(context)) {
    if (value === undefined) continue
    const name = truncate(key, REPORT_LIMITS.contextKey)
    if (typeof value === 'string') result[name] = truncate(value, 200)
    else if (typeof value === 'number' || typeof value === 'boolean' || value === null) {
      result[name] = value
    }
  }
  const keys = Object.keys(result)
  while (keys.length && JSON.stringify(result).length > REPORT_LIMITS.context) {
    delete result[keys.pop() as string]
  }
  return result
}

function describeError(error: unknown): string {
  const message = errorMessage(error)
  if (message) return message
  if (error instanceof Error) return error.name
  if (error === undefined || error === null) return 'Unknown error'
  try {
    return JSON.stringify(error) ?? String(error)
  } catch {
    return String(error)
  }
}

export function toReport(
  error: unknown,
  options: ReportOptions = {},
  url?: string,
): ClientErrorReport {
  const report: ClientErrorReport = {
    level: options.level ?? 'error',
    message: truncate(describeError(error) || 'Unknown error', REPORT_LIMITS.message),
    context: boundedContext({
      kind: classifyError(error),
      name: error instanceof Error ? error.name : undefined,
      ...options.context,
    }),
  }
  if (error instanceof Error && error.stack) {
    report.stack = truncate(error.stack, REPORT_LIMITS.stack)
  }
  if (url) report.url = truncate(url, REPORT_LIMITS.url)
  return report
}

/** Worth another try later: the network, an overloaded or failing server, the rate limit. */
function retryable(status: number): boolean {
  return status === 408 || status === 429 || status >= 500
}

export function createErrorReporter(options: ReporterOptions = {}): ErrorReporter {
  // Looked up at call time, so the page's fetch (or a test's) is the one used.
  const send = options.fetch ?? ((input, init) => fetch(input, init))
  const now = options.now ?? (() => Date.now())
  const pageUrl =
    options.url ?? (() => (typeof location === 'undefined' ? undefined : location.href))

  let queue: Pending[] = []
  const recent = new Map<string, number>()
  let timer: ReturnType<typeof setTimeout> | undefined
  let sending = false
  let backingOff = false

  function schedule(delay: number) {
    if (timer !== undefined) return
    timer = setTimeout(() => {
      timer = undefined
      backingOff = false
      void flush()
    }, delay)
  }

  /** A full batch goes now; a partial one waits a moment for the rest of its burst. */
  function scheduleNext() {
    if (queue.length >= REPORT_LIMITS.batch) {
      cancelTimer()
      schedule(0)
    } else if (queue.length) {
      schedule(BATCH_DELAY_MS)
    }
  }

  function cancelTimer() {
    if (timer === undefined) return
    clearTimeout(timer)
    timer = undefined
  }

  function takeBatch(): Pending[] {
    const batch: Pending[] = []
    let size = 2
    while (batch.length < REPORT_LIMITS.batch && queue.length) {
      const next = queue[0] as Pending
      const added = sizeOf(next.report) + 1
      // The first report always goes, so one oversized report cannot block the queue.
      if (batch.length && size + added > MAX_BATCH_BYTES) break
      batch.push(next)
      size += added
      queue.shift()
    }
    return batch
  }

  async function flush(): Promise<void> {
    // The request in flight finishes first; whatever it leaves is scheduled after it.
    if (sending || queue.length === 0) return
    cancelTimer()
    const batch = takeBatch()
    sending = true
    let delivered = false
    try {
      const response = await send(ENDPOINT, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(batch.map((pending) => pending.report)),
        // Lets the request outlive the page (pagehide), like navigator.sendBeacon.
        keepalive: true,
        credentials: 'same-origin',
      })
      // Any other refusal (400, 413) will be refused again: dropping it is the only way on.
      delivered = !retryable(response.status)
    } catch {
      delivered = false
    } finally {
      sending = false
    }
    if (!delivered) {
      const again = batch
        .map((pending) => ({ ...pending, attempts: pending.attempts + 1 }))
        .filter((pending) => pending.attempts < MAX_ATTEMPTS)
      queue = [...again, ...queue].slice(-MAX_QUEUE)
      backingOff = true
      // A report that came in meanwhile set a shorter timer; the retry waits its 5 seconds.
      cancelTimer()
      schedule(RETRY_DELAY_MS)
    } else {
      backingOff = false
      scheduleNext()
    }
  }

  function report(error: unknown, reportOptions: ReportOptions = {}): boolean {
    const entry = toReport(error, reportOptions, pageUrl())
    const at = now()
    for (const [key, seen] of recent) if (at - seen >= DEDUPE_WINDOW_MS) recent.delete(key)
    const key = `${entry.level}\n${entry.message}`
    if (recent.has(key)) return false
    recent.set(key, at)
    queue.push({ report: entry, attempts: 0 })
    if (queue.length > MAX_QUEUE) queue = queue.slice(-MAX_QUEUE)
    if (queue.length >= REPORT_LIMITS.batch && !backingOff && !sending) void flush()
    else schedule(BATCH_DELAY_MS)
    return true
  }

  return { report, flush, pending: () => queue.length }
}

let shared: ErrorReporter | undefined

/** The page's one reporter, made on first use. */
export function getErrorReporter(): ErrorReporter {
  shared ??= createErrorReporter()
  return shared
}

/** Noise browsers raise that says nothing about the shop (benign layout loops, foreign scripts). */
function ignorable(message: string): boolean {
  return message.startsWith('ResizeObserver loop') || message === 'Script error.'
}

export type ErrorReportingHandlers = {
  onError?: (event: ErrorEvent) => void
  onRejection?: (event: PromiseRejectionEvent) => void
}

/**
 * Reports uncaught errors and unhandled promise rejections, and sends what is queued when
 * the page is hidden or left (the last moment a request can still go). Returns the undo.
 */
export function installErrorReporting(handlers: ErrorReportingHandlers = {}): () => void {
  const reporter = getErrorReporter()
  const onError = (event: ErrorEvent) => {
    if (!event.error && ignorable(event.message)) return
    reporter.report(event.error ?? event.message, {
      context: {
        source: 'window.error',
        file: event.filename,
        line: event.lineno,
        column: event.colno,
      },
    })
    handlers.onError?.(event)
  }
  const onRejection = (event: PromiseRejectionEvent) => {
    reporter.report(event.reason, { context: { source: 'unhandledrejection' } })
    handlers.onRejection?.(event)
  }
  const onHide = () => {
    void reporter.flush()
  }
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') void reporter.flush()
  }
  window.addEventListener('error', onError)
  window.addEventListener('unhandledrejection', onRejection)
  window.addEventListener('pagehide', onHide)
  document.addEventListener('visibilitychange', onVisibility)
  return () => {
    window.removeEventListener('error', onError)
    window.removeEventListener('unhandledrejection', onRejection)
    window.removeEventListener('pagehide', onHide)
    document.removeEventListener('visibilitychange', onVisibility)
  }
}
