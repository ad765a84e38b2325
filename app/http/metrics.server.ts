import { timingSafeEqual } from 'node:crypto'
import { sql } from 'kysely'
import { type DB, poolStats } from '~/db/db.server'
import type { EventLoopFigures } from './event-loop.server'
import type { PageCacheFigures } from './page-cache.server'

// GET /metrics in Prometheus' text format (issue 7): what an operator of several instances
// graphs and alerts on. Each instance counts its own requests; a scraper sums them. Counts of
// orders and emails come from the database at scrape time, so every instance reports the same.

/** Seconds; the shop's pages render in milliseconds, a slow database shows up in the top ones. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/** Distinct route labels kept; past this, 'other' (a label per random URL would never end). */
const MAX_ROUTES = 150

type Series = { count: number; sum: number; buckets: number[] }

/** Requests being worked on and waiting for their turn (the Admission line), right now. */
export type RequestGauges = { inProgress: number; waiting: number }

export class RequestMetrics {
  private readonly series = new Map<string, Series>()
  private readonly routes = new Set<string>()

  constructor(
    private readonly gauges: () => RequestGauges = () => ({ inProgress: 0, waiting: 0 }),
    /** This process's event-loop delay since the previous snapshot (event-loop.server.ts). */
    private readonly eventLoop?: () => EventLoopFigures,
    /** The guest page cache's counts (page-cache.server.ts), when it is on. */
    private readonly pageCache?: () => PageCacheFigures,
  ) {}

  observe(method: string, path: string, status: number, seconds: number): void {
    let route = routeLabel(path, status)
    if (!this.routes.has(route)) {
      if (this.routes.size >= MAX_ROUTES) route = 'other'
      else this.routes.add(route)
    }
    const key = `${method}\u0000${route}\u0000${statusClass(status)}`
    let series = this.series.get(key)
    if (!series) {
      series = { count: 0, sum: 0, buckets: BUCKETS.map(() => 0) }
      this.series.set(key, series)
    }
    series.count += 1
    series.sum += seconds
    BUCKETS.forEach((bound, index) => {
      if (seconds <= bound && series) series.buckets[index] = (series.buckets[index] ?? 0) + 1
    })
  }

  /** What this process counted, plus its memory: what a cluster's workers send to be summed. */
  snapshot(): MetricsSnapshot {
    const eventLoop = this.eventLoop ? [this.eventLoop()] : []
    const pageCache = this.pageCache?.()
    return {
      series: [...this.series],
      rss: process.memoryUsage().rss,
      ...this.gauges(),
      eventLoop,
      ...(pageCache && { pageCache }),
    }
  }
}

/**
 * Request figures of one process, or the sum of several (WEB_CONCURRENCY workers); the
 * event-loop figures are per process, never summed.
 */
export type MetricsSnapshot = {
  series: [string, Series][]
  rss: number
  eventLoop: EventLoopFigures[]
  pageCache?: PageCacheFigures
} & RequestGauges

export function mergeSnapshots(snapshots: MetricsSnapshot[]): MetricsSnapshot {
  const merged = new Map<string, Series>()
  let rss = 0
  let inProgress = 0
  let waiting = 0
  const eventLoop: EventLoopFigures[] = []
  let pageCache: PageCacheFigures | undefined
  for (const snapshot of snapshots) {
    eventLoop.push(...snapshot.eventLoop)
    if (snapshot.pageCache) pageCache = sumFigures(pageCache, snapshot.pageCache)
    rss += snapshot.rss
    inProgress += snapshot.inProgress
    waiting += snapshot.waiting
    for (const [key, series] of snapshot.series) {
      const total = merged.get(key)
      if (!total) {
        merged.set(key, { ...series, buckets: [...series.buckets] })
        continue
      }
      total.count += series.count
      total.sum += series.sum
      total.buckets = total.buckets.map((n, index) => n + (series.buckets[index] ?? 0))
    }
  }
  return {
    series: [...merged],
    rss,
    inProgress,
    waiting,
    eventLoop,
    ...(pageCache && { pageCache }),
  }
}

function sumFigures(total: PageCacheFigures | undefined, more: PageCacheFigures): PageCacheFigures {
  if (!total) return { ...more }
  const sum = { ...total }
  for (const name of Object.keys(sum) as (keyof PageCacheFigures)[]) sum[name] += more[name]
  return sum
}

function renderPageCache(figures: PageCacheFigures | undefined): string[] {
  if (!figures) return []
  return [
    '# HELP farm_page_cache_requests_total Guest storefront pages, by how they were answered.',
    '# TYPE farm_page_cache_requests_total counter',
    `farm_page_cache_requests_total{result="hit"} ${figures.hits}`,
    `farm_page_cache_requests_total{result="miss"} ${figures.misses}`,
    `farm_page_cache_requests_total{result="bypassed"} ${figures.bypassed}`,
    '# HELP farm_page_cache_invalidations_total Times a database write emptied the page cache.',
    '# TYPE farm_page_cache_invalidations_total counter',
    `farm_page_cache_invalidations_total ${figures.invalidations}`,
    '# HELP farm_page_cache_evictions_total Pages dropped to stay within PAGE_CACHE_MB.',
    '# TYPE farm_page_cache_evictions_total counter',
    `farm_page_cache_evictions_total ${figures.evictions}`,
    '# HELP farm_page_cache_bytes Memory the kept pages take (all processes).',
    '# TYPE farm_page_cache_bytes gauge',
    `farm_page_cache_bytes ${figures.bytes}`,
    '# HELP farm_page_cache_entries Pages kept (all processes).',
    '# TYPE farm_page_cache_entries gauge',
    `farm_page_cache_entries ${figures.entries}`,
  ]
}

export function renderRequests(snapshot: MetricsSnapshot): string[] {
  const lines = [
    '# HELP farm_http_requests_total HTTP requests answered, by method, route and status class.',
    '# TYPE farm_http_requests_total counter',
  ]
  const histogram = [
    '# HELP farm_http_request_duration_seconds Time to answer, by method and route.',
    '# TYPE farm_http_request_duration_seconds histogram',
  ]
  for (const [key, series] of snapshot.series) {
    const [method = '', route = '', status = ''] = key.split('\u0000')
    const labels = `method="${method}",route="${escapeLabel(route)}",status="${status}"`
    lines.push(`farm_http_requests_total{${labels}} ${series.count}`)
    BUCKETS.forEach((bound, index) => {
      histogram.push(
        `farm_http_request_duration_seconds_bucket{${labels},le="${bound}"} ${series.buckets[index]}`,
      )
    })
    histogram.push(`farm_http_request_duration_seconds_bucket{${labels},le="+Inf"} ${series.count}`)
    histogram.push(`farm_http_request_duration_seconds_sum{${labels}} ${round(series.sum)}`)
    histogram.push(`farm_http_request_duration_seconds_count{${labels}} ${series.count}`)
  }
  return [
    ...lines,
    ...histogram,
    '# HELP farm_http_requests_in_progress Requests being worked on now.',
    '# TYPE farm_http_requests_in_progress gauge',
    `farm_http_requests_in_progress ${snapshot.inProgress}`,
    '# HELP farm_http_requests_waiting Requests waiting for their turn (REQUEST_CONCURRENCY).',
    '# TYPE farm_http_requests_waiting gauge',
    `farm_http_requests_waiting ${snapshot.waiting}`,
    ...renderEventLoop(snapshot.eventLoop),
    ...renderPageCache(snapshot.pageCache),
  ]
}

/**
 * A summary per process over the time since the previous scrape of this instance: a stall of a
 * second shows as a maximum of a second once, instead of vanishing into an average since start.
 * (One scraper per instance, as Prometheus has it; a second one would split the windows.)
 */
function renderEventLoop(figures: EventLoopFigures[]): string[] {
  if (figures.length === 0) return []
  const lines = [
    '# HELP farm_event_loop_delay_seconds How late the event loop ran, per process, since the previous scrape (quantile 1 is the maximum).',
    '# TYPE farm_event_loop_delay_seconds summary',
  ]
  for (const f of figures) {
    const label = `process="${escapeLabel(f.process)}"`
    lines.push(
      `farm_event_loop_delay_seconds{${label},quantile="0.5"} ${round(f.p50)}`,
      `farm_event_loop_delay_seconds{${label},quantile="0.99"} ${round(f.p99)}`,
      `farm_event_loop_delay_seconds{${label},quantile="1"} ${round(f.max)}`,
      `farm_event_loop_delay_seconds_sum{${label}} ${round(f.sum)}`,
      `farm_event_loop_delay_seconds_count{${label}} ${f.count}`,
    )
  }
  return lines
}

/**
 * A URL's route for a label: ids become :id, so /product/<uuid> and /product/<other uuid>
 * count together; anything that was not found is one label.
 */
export function routeLabel(path: string, status: number): string {
  if (status === 404) return 'not-found'
  if (path.startsWith('/assets/')) return '/assets/*'
  if (path.startsWith('/images/')) return '/images/:file'
  if (path.startsWith('/api/auth/')) return '/api/auth/*'
  const segments = path
    .split('/')
    .slice(1)
    .map((segment) => (looksLikeId(segment) ? ':id' : segment))
  const label = `/${segments.join('/')}`.replace(/\/+$/, '') || '/'
  return label.length > 80 ? 'other' : label
}

function looksLikeId(segment: string): boolean {
  return (
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(segment) ||
    /^\d+$/.test(segment) ||
    /^FS-\d+$/i.test(segment) ||
    (segment.length >= 20 && /^[\w-]+$/.test(segment))
  )
}

function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6
}

/** Does the request carry the configured bearer token? (constant-time) */
export function hasMetricsToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? '')
  if (!match?.[1]) return false
  const given = Buffer.from(match[1])
  const expected = Buffer.from(token)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * The whole /metrics page: this instance's requests (all its workers'), then the shop's state
 * from the database.
 */
export async function renderMetrics(db: DB, requests: MetricsSnapshot): Promise<string> {
  const [orders, outbox] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['status', sql<number>`count(*)`.as('n')])
      .groupBy('status')
      .execute(),
    db
      .selectFrom('email_outbox')
      .select(['status', sql<number>`count(*)`.as('n')])
      .groupBy('status')
      .execute(),
  ])
  const lines = renderRequests(requests)
  lines.push('# HELP farm_orders Orders in the database, by status.', '# TYPE farm_orders gauge')
  for (const row of orders)
    lines.push(`farm_orders{status="${escapeLabel(row.status)}"} ${Number(row.n)}`)
  lines.push(
    '# HELP farm_email_outbox Emails in the outbox, by status (pending and failed are the backlog).',
    '# TYPE farm_email_outbox gauge',
  )
  for (const row of outbox)
    lines.push(`farm_email_outbox{status="${escapeLabel(row.status)}"} ${Number(row.n)}`)
  const pool = poolStats(db)
  if (pool) {
    lines.push(
      '# HELP farm_db_pool_connections PostgreSQL pool connections, by state.',
      '# TYPE farm_db_pool_connections gauge',
      `farm_db_pool_connections{state="open"} ${pool.size}`,
      `farm_db_pool_connections{state="idle"} ${pool.idle}`,
      `farm_db_pool_connections{state="max"} ${pool.max}`,
      '# HELP farm_db_pool_waiting Queries waiting for a free connection.',
      '# TYPE farm_db_pool_waiting gauge',
      `farm_db_pool_waiting ${pool.waiting}`,
    )
  }
  lines.push(
    '# HELP farm_process_resident_memory_bytes Resident memory of this instance (all its processes).',
    '# TYPE farm_process_resident_memory_bytes gauge',
    `farm_process_resident_memory_bytes ${requests.rss}`,
    '# HELP farm_process_uptime_seconds Seconds since this instance started.',
    '# TYPE farm_process_uptime_seconds gauge',
    `farm_process_uptime_seconds ${Math.round(process.uptime())}`,
  )
  return `${lines.join('\n')}\n`
}
