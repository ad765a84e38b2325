import { AggregatorRegistry, type Registry } from 'prom-client'
import { describe, expect, it } from 'vitest'
import {
  noteRequestUser,
  REQUEST_KEY_HEADER,
  takeRequestUser,
} from '../app/platform/http/request-key.server'
import { EventLoopDelay, type EventLoopFigures } from './event-loop.server'
import {
  hasMetricsToken,
  type MetricSources,
  primaryMetrics,
  RequestMetrics,
  routeLabel,
} from './metrics.server'

/** What the primary of a cluster does on a scrape: prom-client sums the processes' registries. */
async function clusterTotal(registries: Registry[]): Promise<string> {
  const figures = await Promise.all(registries.map((registry) => registry.getMetricsAsJSON()))
  return AggregatorRegistry.aggregate(figures).metrics()
}

/** The lines of one metric family (HELP, TYPE, values) in the text output. */
function family(text: string, name: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.split(/[ {]/)[line.startsWith('#') ? 2 : 0]?.startsWith(name))
}

const loop = (process: string, max: number): EventLoopFigures => ({
  process,
  p50: 0,
  p99: max / 2,
  max,
  count: 7,
  sum: 0.003,
})

describe('metrics', () => {
  it('labels requests by route, not by URL', () => {
    expect(routeLabel('/product/0f8fad5b-d9cb-469f-a165-70867728950e', 200)).toBe('/product/:id')
    expect(routeLabel('/admin/orders/FS-10001', 200)).toBe('/admin/orders/:id')
    expect(routeLabel('/shop', 200)).toBe('/shop')
    expect(routeLabel('/', 200)).toBe('/')
    expect(routeLabel('/assets/entry-abc123.js', 200)).toBe('/assets/*')
    expect(routeLabel('/images/p-1-640.webp', 200)).toBe('/images/:file')
    expect(routeLabel('/wp-admin/setup.php', 404)).toBe('not-found')
  })

  it('writes requests and latency in Prometheus text format, with bounded labels', async () => {
    const metrics = new RequestMetrics({ gauges: () => ({ inProgress: 2, waiting: 1 }) })
    metrics.observe('GET', '/shop', 200, 0.004)
    metrics.observe('GET', '/shop', 200, 0.2)
    metrics.observe('POST', '/cart', 303, 0.03)
    const text = await metrics.registry.metrics()
    expect(family(text, 'farm_http_requests_total')).toEqual([
      '# HELP farm_http_requests_total HTTP requests answered, by method, route and status class.',
      '# TYPE farm_http_requests_total counter',
      'farm_http_requests_total{method="GET",route="/shop",status="2xx"} 2',
      'farm_http_requests_total{method="POST",route="/cart",status="3xx"} 1',
    ])
    const shop = 'method="GET",route="/shop",status="2xx"'
    const histogram = family(text, 'farm_http_request_duration_seconds')
    expect(histogram.slice(0, 2)).toEqual([
      '# HELP farm_http_request_duration_seconds Time to answer, by method and route.',
      '# TYPE farm_http_request_duration_seconds histogram',
    ])
    expect(histogram.filter((line) => line.includes(shop))).toEqual([
      ...[0.005, 0.01, 0.025, 0.05, 0.1].map(
        (le) => `farm_http_request_duration_seconds_bucket{le="${le}",${shop}} 1`,
      ),
      ...[0.25, 0.5, 1, 2.5, 5, 10, '+Inf'].map(
        (le) => `farm_http_request_duration_seconds_bucket{le="${le}",${shop}} 2`,
      ),
      `farm_http_request_duration_seconds_sum{${shop}} 0.20400000000000001`,
      `farm_http_request_duration_seconds_count{${shop}} 2`,
    ])
    expect(text).toContain(
      '\n# TYPE farm_http_requests_in_progress gauge\nfarm_http_requests_in_progress 2\n',
    )
    expect(text).toContain(
      '\n# TYPE farm_http_requests_waiting gauge\nfarm_http_requests_waiting 1\n',
    )
    expect(text).toMatch(/^farm_process_resident_memory_bytes \d{7,}$/m)
    expect(text).toMatch(/^farm_process_uptime_seconds \d+$/m)
    // Only what this process has: no event loop, page cache or pool figures were given.
    expect(text).not.toMatch(/event_loop|page_cache|db_pool/)

    for (let n = 0; n < 500; n++) metrics.observe('GET', `/page-${n}`, 200, 0.001)
    const routes = new Set(
      [...(await metrics.registry.metrics()).matchAll(/route="([^"]+)"/g)].map((m) => m[1]),
    )
    expect(routes.size).toBeLessThanOrEqual(151)
    expect(routes).toContain('other')
  })

  it("sums the workers' registries into one, as the primary does on a scrape", async () => {
    const first = new RequestMetrics({
      gauges: () => ({ inProgress: 3, waiting: 0 }),
      eventLoop: () => loop('worker-1', 0.004),
    })
    const second = new RequestMetrics({
      gauges: () => ({ inProgress: 8, waiting: 5 }),
      eventLoop: () => loop('worker-2', 0.02),
    })
    first.observe('GET', '/shop', 200, 0.004)
    second.observe('GET', '/shop', 200, 0.3)
    second.observe('GET', '/about', 200, 0.02)
    // The primary's own figures come with the registry of the worker answering the scrape.
    const primary = primaryMetrics(() => loop('primary', 0.002))
    const text = await clusterTotal([first.registry, primary, second.registry])
    const shop = 'method="GET",route="/shop",status="2xx"'
    expect(family(text, 'farm_http_requests_total').slice(2)).toEqual([
      `farm_http_requests_total{${shop}} 2`,
      'farm_http_requests_total{method="GET",route="/about",status="2xx"} 1',
    ])
    expect(text).toContain(`farm_http_request_duration_seconds_bucket{le="0.005",${shop}} 1\n`)
    expect(text).toContain(`farm_http_request_duration_seconds_bucket{le="0.5",${shop}} 2\n`)
    expect(text).toContain(`farm_http_request_duration_seconds_sum{${shop}} 0.304\n`)
    expect(text).toContain(`farm_http_request_duration_seconds_count{${shop}} 2\n`)
    expect(text).toContain('\nfarm_http_requests_in_progress 11\n')
    expect(text).toContain('\nfarm_http_requests_waiting 5\n')
    expect(text).toMatch(/\nfarm_process_uptime_seconds \d+\n/)
    // The memory of all three processes (here all the same one).
    const rss = Number(/^farm_process_resident_memory_bytes (\d+)$/m.exec(text)?.[1])
    const own = process.memoryUsage.rss()
    expect(rss).toBeGreaterThan(3 * own * 0.9)
    expect(rss).toBeLessThan(3 * own * 1.1)
    // Each process's event-loop delay on its own lines, never summed.
    expect(family(text, 'farm_event_loop_delay_seconds')).toEqual([
      '# HELP farm_event_loop_delay_seconds How late the event loop ran, per process, since the previous scrape (quantile 1 is the maximum).',
      '# TYPE farm_event_loop_delay_seconds summary',
      ...['worker-1', 'primary', 'worker-2'].flatMap((name) => {
        const f = loop(name, { 'worker-1': 0.004, primary: 0.002, 'worker-2': 0.02 }[name] ?? 0)
        return [
          `farm_event_loop_delay_seconds{process="${name}",quantile="0.5"} 0`,
          `farm_event_loop_delay_seconds{process="${name}",quantile="0.99"} ${f.p99}`,
          `farm_event_loop_delay_seconds{process="${name}",quantile="1"} ${f.max}`,
          `farm_event_loop_delay_seconds_sum{process="${name}"} 0.003`,
          `farm_event_loop_delay_seconds_count{process="${name}"} 7`,
        ]
      }),
    ])
    // The sum is a copy: a worker's own figures stay its own.
    expect(await first.registry.metrics()).toContain(`farm_http_requests_total{${shop}} 1\n`)
  })

  it("/metrics sums the workers' page cache and pool figures", async () => {
    const worker = (bytes: number) =>
      new RequestMetrics({
        pageCache: () => ({
          hits: 3,
          misses: 1,
          bypassed: 0,
          invalidations: 1,
          evictions: 0,
          entries: 1,
          bytes,
        }),
        pool: () => ({ size: 3, idle: 2, waiting: 1, max: 4 }),
      } satisfies MetricSources)
    const text = await clusterTotal([worker(100).registry, worker(50).registry])
    expect(family(text, 'farm_page_cache')).toEqual([
      '# HELP farm_page_cache_requests_total Guest storefront pages, by how they were answered.',
      '# TYPE farm_page_cache_requests_total counter',
      'farm_page_cache_requests_total{result="hit"} 6',
      'farm_page_cache_requests_total{result="miss"} 2',
      'farm_page_cache_requests_total{result="bypassed"} 0',
      '# HELP farm_page_cache_invalidations_total Times a database write emptied the page cache.',
      '# TYPE farm_page_cache_invalidations_total counter',
      'farm_page_cache_invalidations_total 2',
      '# HELP farm_page_cache_evictions_total Pages dropped to stay within PAGE_CACHE_MB.',
      '# TYPE farm_page_cache_evictions_total counter',
      'farm_page_cache_evictions_total 0',
      '# HELP farm_page_cache_bytes Memory the kept pages take (all processes).',
      '# TYPE farm_page_cache_bytes gauge',
      'farm_page_cache_bytes 150',
      '# HELP farm_page_cache_entries Pages kept (all processes).',
      '# TYPE farm_page_cache_entries gauge',
      'farm_page_cache_entries 2',
    ])
    expect(family(text, 'farm_db_pool').filter((line) => !line.startsWith('#'))).toEqual([
      'farm_db_pool_connections{state="open"} 6',
      'farm_db_pool_connections{state="idle"} 4',
      'farm_db_pool_connections{state="max"} 8',
      'farm_db_pool_waiting 2',
    ])
    // No pool (SQLite): no pool figures.
    expect(await new RequestMetrics({ pool: () => null }).registry.metrics()).not.toContain('pool')
  })

  it("reports each process's event-loop delay since the previous scrape", async () => {
    const worker = new EventLoopDelay('worker-1')
    const metrics = new RequestMetrics({ eventLoop: () => worker.take() })
    await new Promise((resolve) => setTimeout(resolve, 30))
    const end = performance.now() + 60
    while (performance.now() < end) {
      // the loop is stuck for 60 ms
    }
    await new Promise((resolve) => setTimeout(resolve, 30))
    const text = await metrics.registry.metrics()
    const max = Number(
      /^farm_event_loop_delay_seconds\{process="worker-1",quantile="1"\} (\S+)$/m.exec(text)?.[1],
    )
    expect(max).toBeGreaterThanOrEqual(0.04)
    expect(text).toMatch(/^farm_event_loop_delay_seconds_count\{process="worker-1"\} [1-9]\d*$/m)
    // The next scrape starts a new window: the stall is not reported again.
    expect(worker.take()).toMatchObject({ count: 0, max: 0 })
    worker.stop()
  })

  it('accepts only the exact bearer token', () => {
    const token = 'a-metrics-token-of-length'
    expect(hasMetricsToken(`Bearer ${token}`, token)).toBe(true)
    expect(hasMetricsToken(`Bearer ${token}x`, token)).toBe(false)
    expect(hasMetricsToken(token, token)).toBe(false)
    expect(hasMetricsToken(undefined, token)).toBe(false)
  })

  it('hands the signed-in user of a request to the request log once', () => {
    const request = new Request('http://x/', { headers: { [REQUEST_KEY_HEADER]: 'key-1' } })
    noteRequestUser(request, 'user-7')
    expect(takeRequestUser('key-1')).toBe('user-7')
    expect(takeRequestUser('key-1')).toBeUndefined()
  })
})
