import { timingSafeEqual } from 'node:crypto'
import { sql } from 'kysely'
import { Counter, Gauge, Histogram, Registry, Summary } from 'prom-client'
import type { DB, PoolStats } from '../app/platform/db/db.server'
import type { EventLoopFigures } from './event-loop.server'
import type { PageCacheFigures } from './page-cache.server'

// GET /metrics in Prometheus' text format (issue 7), kept by prom-client: what an operator of
// several instances graphs and alerts on. Each process counts its own requests in its own
// registry; in a cluster the primary sums the workers' registries on each scrape (prom-client's
// AggregatorRegistry, cluster.server.ts). Counts of orders and emails come from the database at
// scrape time, read once by the process that answers, so every instance reports the same.

/** Seconds; the shop's pages render in milliseconds, a slow database shows up in the top ones. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/** Distinct route labels kept; past this, 'other' (a label per random URL would never end). */
const MAX_ROUTES = 150

const REQUEST_LABELS = ['method', 'route', 'status'] as const

/** Requests being worked on and waiting for their turn (the Admission line), right now. */
export type RequestGauges = { inProgress: number; waiting: number }

export type MetricSources = {
  gauges?: () => RequestGauges
  /** This process's event-loop delay since the previous scrape (event-loop.server.ts). */
  eventLoop?: () => EventLoopFigures
  /** The guest page cache's counts (page-cache.server.ts), when it is on. */
  pageCache?: () => PageCacheFigures
  /** The PostgreSQL pool's (poolStats), when there is one. */
  pool?: () => PoolStats | null
}

/**
 * One process's figures: requests by route, the request line, event-loop delay, page cache,
 * pool, memory. Everything but the two request counts is read when scraped; the counts are a
 * counter increment and a histogram observation per request.
 */
export class RequestMetrics {
  readonly registry = new Registry()
  private readonly requests: Counter<(typeof REQUEST_LABELS)[number]>
  private readonly durations: Histogram<(typeof REQUEST_LABELS)[number]>
  private readonly routes = new Set<string>()

  constructor(sources: MetricSources = {}) {
    const registers = [this.registry]
    const { gauges, eventLoop, pageCache, pool } = sources
    this.requests = new Counter({
      name: 'farm_http_requests_total',
      help: 'HTTP requests answered, by method, route and status class.',
      labelNames: REQUEST_LABELS,
      registers,
    })
    this.durations = new Histogram({
      name: 'farm_http_request_duration_seconds',
      help: 'Time to answer, by method and route.',
      labelNames: REQUEST_LABELS,
      buckets: BUCKETS,
      registers,
    })
    new Gauge({
      name: 'farm_http_requests_in_progress',
      help: 'Requests being worked on now.',
      registers,
      collect() {
        this.set(gauges?.().inProgress ?? 0)
      },
    })
    new Gauge({
      name: 'farm_http_requests_waiting',
      help: 'Requests waiting for their turn (REQUEST_CONCURRENCY).',
      registers,
      collect() {
        this.set(gauges?.().waiting ?? 0)
      },
    })
    if (pageCache) pageCacheMetrics(registers, pageCache)
    if (pool?.()) poolMetrics(registers, pool)
    processMetrics(registers, eventLoop)
  }

  observe(method: string, path: string, status: number, seconds: number): void {
    let route = routeLabel(path, status)
    if (!this.routes.has(route)) {
      if (this.routes.size >= MAX_ROUTES) route = 'other'
      else this.routes.add(route)
    }
    const labels = { method, route, status: statusClass(status) }
    this.requests.inc(labels)
    this.durations.observe(labels, seconds)
  }
}

/**
 * A cluster primary's own figures (it serves no requests): its memory, its event-loop delay
 * and, being the oldest process, the instance's uptime; added to the workers' on a scrape.
 */
export function primaryMetrics(eventLoop?: () => EventLoopFigures): Registry {
  const registry = new Registry()
  processMetrics([registry], eventLoop)
  return registry
}

type Registers = Registry[]

function processMetrics(registers: Registers, eventLoop?: () => EventLoopFigures): void {
  if (eventLoop) new EventLoopSummary(registers, eventLoop)
  new Gauge({
    name: 'farm_process_resident_memory_bytes',
    help: 'Resident memory of this instance (all its processes).',
    registers,
    collect() {
      this.set(process.memoryUsage.rss())
    },
  })
  new Gauge({
    name: 'farm_process_uptime_seconds',
    help: 'Seconds since this instance started.',
    registers,
    // A cluster is as old as its primary, older than any worker it restarted.
    aggregator: 'max',
    collect() {
      this.set(Math.round(process.uptime()))
    },
  })
}

/**
 * A summary per process over the time since the previous scrape of this instance: a stall of a
 * second shows as a maximum of a second once, instead of vanishing into an average since start.
 * (One scraper per instance, as Prometheus has it; a second one would split the windows.) The
 * quantiles are Node's own histogram's (event-loop.server.ts), so prom-client's Summary only
 * writes them out; the process label keeps each process's apart when a cluster's are summed.
 */
class EventLoopSummary extends Summary<'process'> {
  constructor(
    registers: Registers,
    private readonly figures: () => EventLoopFigures,
  ) {
    super({
      name: 'farm_event_loop_delay_seconds',
      help: 'How late the event loop ran, per process, since the previous scrape (quantile 1 is the maximum).',
      labelNames: ['process'],
      registers,
    })
  }

  override async get() {
    const metric = await super.get()
    const name = 'farm_event_loop_delay_seconds'
    const f = this.figures()
    const labels = { process: f.process }
    // The quantile label is prom-client's own for a summary, not one of its label names.
    const values = [
      { labels: { ...labels, quantile: 0.5 }, value: microseconds(f.p50) },
      { labels: { ...labels, quantile: 0.99 }, value: microseconds(f.p99) },
      { labels: { ...labels, quantile: 1 }, value: microseconds(f.max) },
      { labels, value: microseconds(f.sum), metricName: `${name}_sum` },
      { labels, value: f.count, metricName: `${name}_count` },
    ]
    metric.values = values
    return metric
  }
}

/** Seconds to the microsecond: 0.00015, not 0.0001498869999999996. */
const microseconds = (seconds: number) => Math.round(seconds * 1e6) / 1e6

function pageCacheMetrics(registers: Registers, read: () => PageCacheFigures): void {
  new Counter({
    name: 'farm_page_cache_requests_total',
    help: 'Guest storefront pages, by how they were answered.',
    labelNames: ['result'],
    registers,
    collect() {
      const figures = read()
      this.reset()
      this.inc({ result: 'hit' }, figures.hits)
      this.inc({ result: 'miss' }, figures.misses)
      this.inc({ result: 'bypassed' }, figures.bypassed)
    },
  })
  const counter = (name: string, help: string, figure: 'invalidations' | 'evictions') =>
    new Counter({
      name,
      help,
      registers,
      collect() {
        this.reset()
        this.inc(read()[figure])
      },
    })
  counter(
    'farm_page_cache_invalidations_total',
    'Times a database write emptied the page cache.',
    'invalidations',
  )
  counter(
    'farm_page_cache_evictions_total',
    'Pages dropped to stay within PAGE_CACHE_MB.',
    'evictions',
  )
  const gauge = (name: string, help: string, figure: 'bytes' | 'entries') =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(read()[figure])
      },
    })
  gauge('farm_page_cache_bytes', 'Memory the kept pages take (all processes).', 'bytes')
  gauge('farm_page_cache_entries', 'Pages kept (all processes).', 'entries')
}

function poolMetrics(registers: Registers, read: () => PoolStats | null): void {
  new Gauge({
    name: 'farm_db_pool_connections',
    help: 'PostgreSQL pool connections, by state (all processes).',
    labelNames: ['state'],
    registers,
    collect() {
      const pool = read()
      if (!pool) return
      this.set({ state: 'open' }, pool.size)
      this.set({ state: 'idle' }, pool.idle)
      this.set({ state: 'max' }, pool.max)
    },
  })
  new Gauge({
    name: 'farm_db_pool_waiting',
    help: 'Queries waiting for a free connection (all processes).',
    registers,
    collect() {
      this.set(read()?.waiting ?? 0)
    },
  })
}

/**
 * The shop's state from the database, for the process that answers a scrape: read once per
 * scrape, whatever the number of workers.
 */
export function databaseMetrics(db: DB): Registry {
  const registry = new Registry()
  const byStatus = (
    name: string,
    help: string,
    count: () => Promise<{ status: string; n: number }[]>,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ['status'],
      registers: [registry],
      async collect() {
        const rows = await count()
        this.reset()
        for (const row of rows) this.set({ status: row.status }, Number(row.n))
      },
    })
  const n = sql<number>`count(*)`.as('n')
  byStatus('farm_orders', 'Orders in the database, by status.', () =>
    db.selectFrom('orders').select(['status', n]).groupBy('status').execute(),
  )
  byStatus(
    'farm_email_outbox',
    'Emails in the outbox, by status (pending and failed are the backlog).',
    () => db.selectFrom('email_outbox').select(['status', n]).groupBy('status').execute(),
  )
  return registry
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

/** Does the request carry the configured bearer token? (constant-time) */
export function hasMetricsToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? '')
  if (!match?.[1]) return false
  const given = Buffer.from(match[1])
  const expected = Buffer.from(token)
  return given.length === expected.length && timingSafeEqual(given, expected)
}
