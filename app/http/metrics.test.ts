import { describe, expect, it } from 'vitest'
import { EventLoopDelay } from './event-loop.server'
import {
  hasMetricsToken,
  mergeSnapshots,
  RequestMetrics,
  renderRequests,
  routeLabel,
} from './metrics.server'
import { noteRequestUser, REQUEST_KEY_HEADER, takeRequestUser } from './request-key.server'

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

  it('counts requests and latency in Prometheus text format, with bounded labels', () => {
    const metrics = new RequestMetrics()
    metrics.observe('GET', '/shop', 200, 0.004)
    metrics.observe('GET', '/shop', 200, 0.2)
    metrics.observe('POST', '/cart', 303, 0.03)
    const text = renderRequests(metrics.snapshot()).join('\n')
    expect(text).toContain('farm_http_requests_total{method="GET",route="/shop",status="2xx"} 2')
    expect(text).toContain(
      'farm_http_request_duration_seconds_bucket{method="GET",route="/shop",status="2xx",le="0.005"} 1',
    )
    expect(text).toContain(
      'farm_http_request_duration_seconds_bucket{method="GET",route="/shop",status="2xx",le="+Inf"} 2',
    )
    expect(text).toContain('farm_http_requests_total{method="POST",route="/cart",status="3xx"} 1')

    for (let n = 0; n < 500; n++) metrics.observe('GET', `/page-${n}`, 200, 0.001)
    const routes = new Set(
      [
        ...renderRequests(metrics.snapshot())
          .join('\n')
          .matchAll(/route="([^"]+)"/g),
      ].map((m) => m[1]),
    )
    expect(routes.size).toBeLessThanOrEqual(151)
    expect(routes).toContain('other')
  })

  it("sums several workers' figures into one", () => {
    const first = new RequestMetrics(() => ({ inProgress: 3, waiting: 0 }))
    const second = new RequestMetrics(() => ({ inProgress: 8, waiting: 5 }))
    first.observe('GET', '/shop', 200, 0.004)
    second.observe('GET', '/shop', 200, 0.3)
    second.observe('GET', '/about', 200, 0.02)
    const [a, b] = [first.snapshot(), second.snapshot()]
    const total = mergeSnapshots([a, b])
    const text = renderRequests(total).join('\n')
    expect(text).toContain('farm_http_requests_total{method="GET",route="/shop",status="2xx"} 2')
    expect(text).toContain('farm_http_requests_total{method="GET",route="/about",status="2xx"} 1')
    expect(text).toContain(
      'farm_http_request_duration_seconds_bucket{method="GET",route="/shop",status="2xx",le="0.005"} 1',
    )
    expect(text).toContain(
      'farm_http_request_duration_seconds_sum{method="GET",route="/shop",status="2xx"} 0.304',
    )
    expect(total.rss).toBe(a.rss + b.rss)
    expect(text).toContain('farm_http_requests_in_progress 11')
    expect(text).toContain('farm_http_requests_waiting 5')
    // The merge copies: a worker's own figures do not change when the total does.
    expect(renderRequests(first.snapshot()).join('\n')).toContain(
      'farm_http_requests_total{method="GET",route="/shop",status="2xx"} 1',
    )
  })

  it("reports each process's event-loop delay since the previous scrape, never summed", async () => {
    const worker = new EventLoopDelay('worker-1')
    const metrics = new RequestMetrics(undefined, () => worker.take())
    await new Promise((resolve) => setTimeout(resolve, 30))
    const end = performance.now() + 60
    while (performance.now() < end) {
      // the loop is stuck for 60 ms
    }
    await new Promise((resolve) => setTimeout(resolve, 30))
    const primary = { process: 'primary', p50: 0, p99: 0.001, max: 0.002, count: 7, sum: 0 }
    const total = mergeSnapshots([
      metrics.snapshot(),
      { ...new RequestMetrics().snapshot(), eventLoop: [primary] },
    ])
    const text = renderRequests(total).join('\n')
    const max = Number(
      /farm_event_loop_delay_seconds\{process="worker-1",quantile="1"\} (\S+)/.exec(text)?.[1],
    )
    expect(max).toBeGreaterThanOrEqual(0.04)
    expect(text).toContain('farm_event_loop_delay_seconds{process="primary",quantile="1"} 0.002')
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
