import { randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import {
  type Counters,
  machineTicks,
  NSTAT_COUNTERS,
  readCounters,
  sampleAcceptQueue,
  treeTicks,
} from './bench-latency/kernel'
import {
  buildShopIfStale,
  firstProductPath,
  freshDatabaseFile,
  type ShopServer,
  startShop,
} from './support/shop-server'

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '20' },
    connections: { type: 'string', default: '10,50,200' },
    workers: { type: 'string', default: '1,auto' },
    warmup: { type: 'string', default: '5' },
    'log-level': { type: 'string', default: 'warn' },
    out: { type: 'string', default: '.cache/bench-latency.json' },
  },
})
const SECONDS = Number(args.seconds)
const WARMUP = Number(args.warmup)
const CONNECTIONS = args.connections.split(',').map(Number)
const WORKERS = args.workers.split(',')
if (
  !(SECONDS > 0) ||
  !(WARMUP >= 0) ||
  CONNECTIONS.some((n) => !Number.isInteger(n) || n < 1) ||
  WORKERS.some((w) => !/^(auto|[1-9][0-9]?)$/.test(w))
) {
  console.error(
    'usage: npm run bench:latency -- [--seconds 20] [--connections 10,50,200] [--workers 1,auto] [--warmup 5] [--log-level warn]',
  )
  process.exit(2)
}
const TIMEOUT_S = 10
/** A request slower than this is listed with the moment it was sent. */
const SLOW_MS = 300
const HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
}

const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}

type EventLoop = { process: string; p99Ms: number; maxMs: number }
type ServerView = {
  eventLoop: EventLoop[]
  /** request-duration histogram (GET, all routes): cumulative counts per bucket bound */
  buckets: Map<number, number>
}

async function scrape(server: ShopServer, token: string): Promise<ServerView> {
  const response = await fetch(`${server.url}/metrics`, {
    headers: { authorization: `Bearer ${token}` },
  })
  const text = await response.text()
  const eventLoop = new Map<string, EventLoop>()
  const buckets = new Map<number, number>()
  for (const line of text.split('\n')) {
    const loop =
      /^farm_event_loop_delay_seconds\{process="([^"]+)",quantile="([^"]+)"\} (\S+)$/.exec(line)
    if (loop) {
      const [, name = '', quantile, value] = loop
      const entry = eventLoop.get(name) ?? { process: name, p99Ms: 0, maxMs: 0 }
      if (quantile === '0.99') entry.p99Ms = round(Number(value) * 1000)
      if (quantile === '1') entry.maxMs = round(Number(value) * 1000)
      eventLoop.set(name, entry)
      continue
    }
    const bucket = /^farm_http_request_duration_seconds_bucket\{([^}]*)\} (\d+)$/.exec(line)
    if (!bucket) continue
    // Labels in any order (prom-client writes le first).
    const labels = Object.fromEntries(
      [...(bucket[1] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, name, value]) => [name, value]),
    )
    if (labels.method === 'GET' && labels.status === '2xx' && labels.route !== '/healthz') {
      const bound = labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(labels.le)
      buckets.set(bound, (buckets.get(bound) ?? 0) + Number(bucket[2]))
    }
  }
  return { eventLoop: [...eventLoop.values()], buckets }
}

/** The server's own p99 and maximum, as the histogram's bucket bounds, over one run. */
function serverTimes(before: ServerView, after: ServerView) {
  const bounds = [...after.buckets.keys()].sort((a, b) => a - b)
  const counts = bounds.map(
    (bound) => (after.buckets.get(bound) ?? 0) - (before.buckets.get(bound) ?? 0),
  )
  const total = counts.at(-1) ?? 0
  const boundAt = (share: number) => bounds[counts.findIndex((n) => n >= share * total)] ?? 0
  const show = (seconds: number) =>
    Number.isFinite(seconds) ? `≤ ${round(seconds * 1000)} ms` : '> 10 s'
  const overOneSecond = total - (counts[bounds.indexOf(1)] ?? total)
  return {
    requests: total,
    p99: total ? show(boundAt(0.99)) : '-',
    max: total ? show(boundAt(1)) : '-',
    overOneSecond,
  }
}

type Row = {
  workers: string
  connections: number
  requestsPerSecond: number
  p50: number
  p95: number
  p99: number
  max: number
  overOneSecond: number
  firstRequestMaxMs: number
  errors: number
  timeouts: number
  non2xx: number
  slow: { atS: number; ms: number }[]
  serverP99: string
  serverMax: string
  eventLoop: EventLoop[]
  clientLoopMaxMs: number
  acceptQueueMax: number
  backlog: number
  tcp: Partial<Counters>
  autocannonCpu: number
  /** the shop's processes, per cent of one core */
  shopCpu: number
  /** the shop's CPU time per answered request */
  shopCpuPerRequestMs: number
  /** the whole machine's busy time, per cent of all its cores */
  machineCpu: number
  loadAverage: number[]
}

async function measure(
  server: ShopServer,
  token: string,
  page: string,
  workers: string,
  connections: number,
): Promise<Row> {
  const loadAverage = os.loadavg().map((n) => round(n, 2))
  const port = Number(new URL(server.url).port)
  const countersBefore = readCounters()
  const before = await scrape(server, token)
  const queue = sampleAcceptQueue(port)
  const clientLoop = monitorEventLoopDelay({ resolution: 10 })
  clientLoop.enable()
  const cpuBefore = process.cpuUsage()
  const [busyBefore, totalBefore] = machineTicks()
  const shopBefore = treeTicks(server.child.pid ?? 0)

  const latencies: number[] = []
  const slow: { atS: number; ms: number }[] = []
  const seen = new WeakSet<object>()
  let firstRequestMaxMs = 0
  const started = performance.now()
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: server.url + page,
        connections,
        duration: SECONDS,
        timeout: TIMEOUT_S,
        headers: HEADERS,
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    )
    instance.on('response', (client: object, _status: number, _bytes: number, ms: number) => {
      latencies.push(ms)
      if (!seen.has(client)) {
        seen.add(client)
        firstRequestMaxMs = Math.max(firstRequestMaxMs, ms)
      }
      if (ms > SLOW_MS) slow.push({ atS: round((performance.now() - ms - started) / 1000, 2), ms })
    })
  })
  // A request that got no answer in time counts as the timeout, not as nothing.
  const answered = latencies.length
  for (let i = 0; i < result.timeouts; i++) latencies.push(TIMEOUT_S * 1000)

  const wallMs = performance.now() - started
  const cpu = process.cpuUsage(cpuBefore)
  const [busyAfter, totalAfter] = machineTicks()
  const shopTicks = treeTicks(server.child.pid ?? 0) - shopBefore
  clientLoop.disable()
  const accept = queue.stop()
  const after = await scrape(server, token)
  const countersAfter = readCounters()
  const own = serverTimes(before, after)

  latencies.sort((a, b) => a - b)
  const tcp: Partial<Counters> = {}
  if (countersBefore && countersAfter) {
    for (const name of NSTAT_COUNTERS) tcp[name] = countersAfter[name] - countersBefore[name]
  }
  return {
    workers,
    connections,
    requestsPerSecond: Math.round(answered / (wallMs / 1000)),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? 0),
    overOneSecond: latencies.filter((ms) => ms > 1000).length,
    firstRequestMaxMs: round(firstRequestMaxMs),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    slow,
    serverP99: own.p99,
    serverMax: own.max,
    eventLoop: after.eventLoop,
    clientLoopMaxMs: round(Math.max(0, clientLoop.max / 1e6 - 10)),
    acceptQueueMax: accept.maxQueued,
    backlog: accept.backlog,
    tcp,
    autocannonCpu: Math.round(((cpu.user + cpu.system) / 1000 / wallMs) * 100),
    shopCpu: Math.round(((shopTicks * 10) / wallMs) * 100),
    shopCpuPerRequestMs: answered ? round((shopTicks * 10) / answered, 2) : 0,
    machineCpu: Math.round(((busyAfter - busyBefore) / (totalAfter - totalBefore)) * 100),
    loadAverage,
  }
}

buildShopIfStale()
const rows: Row[] = []
const machine = `${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, Node ${process.version}`
console.log(`${new Date().toISOString()}  ${machine}`)
for (const workers of WORKERS) {
  const token = randomBytes(16).toString('hex')
  const server = await startShop(freshDatabaseFile(), {
    WEB_CONCURRENCY: workers,
    METRICS_TOKEN: token,
    LOG_LEVEL: args['log-level'],
  })
  try {
    const page = await firstProductPath(server.url)
    if (WARMUP > 0) {
      await autocannon({
        url: server.url + page,
        connections: 10,
        duration: WARMUP,
        headers: HEADERS,
      })
    }
    for (const connections of CONNECTIONS) {
      // A moment for the last run's connections to close and the machine to settle.
      await new Promise((resolve) => setTimeout(resolve, 2000))
      const row = await measure(server, token, page, workers, connections)
      rows.push(row)
      const loops = row.eventLoop.map((l) => `${l.process} ${l.maxMs}`).join(', ')
      console.log(
        `WEB_CONCURRENCY=${workers} ${connections} conn: ${row.requestsPerSecond} req/s, p50 ${row.p50} p95 ${row.p95} p99 ${row.p99} max ${row.max} ms (${row.overOneSecond} over 1 s, first-request max ${row.firstRequestMaxMs}); errors ${row.errors}, timeouts ${row.timeouts}; server p99 ${row.serverP99}; event loop max ${loops} ms; client loop max ${row.clientLoopMaxMs} ms; accept queue max ${row.acceptQueueMax}/${row.backlog}; tcp ${JSON.stringify(row.tcp)}; shop ${row.shopCpu}% of a core (${row.shopCpuPerRequestMs} ms per request), autocannon ${row.autocannonCpu}%, machine ${row.machineCpu}% of all cores busy; load ${row.loadAverage.join(' ')}`,
      )
      if (row.slow.length) {
        const shown = row.slow.slice(0, 20).map((s) => `${s.atS}s:${Math.round(s.ms)}`)
        console.log(
          `  slow (> ${SLOW_MS} ms, sent at s:ms): ${shown.join(' ')}${row.slow.length > 20 ? ` … ${row.slow.length} in all` : ''}`,
        )
      }
    }
  } finally {
    await server.stop()
  }
}

console.log(
  `\n| WEB_CONCURRENCY | Connections | Requests/s | p50 | p95 | p99 | max | > 1 s | Errors / timeouts | Server p99 | Event-loop max | Accept queue max | Shop CPU (share; per request) | Load avg. before |`,
)
console.log(`|${' --- |'.repeat(14)}`)
for (const row of rows) {
  const loops = row.eventLoop.map((l) => `${l.process} ${l.maxMs} ms`).join(', ')
  console.log(
    `| ${row.workers} | ${row.connections} | ${row.requestsPerSecond} | ${row.p50} ms | ${row.p95} ms | ${row.p99} ms | ${row.max} ms | ${row.overOneSecond} | ${row.errors} / ${row.timeouts} | ${row.serverP99} | ${loops} | ${row.acceptQueueMax} of ${row.backlog} | ${row.shopCpu}%; ${row.shopCpuPerRequestMs} ms | ${row.loadAverage.join(', ')} |`,
  )
}
mkdirSync(path.dirname(args.out), { recursive: true })
writeFileSync(
  args.out,
  `${JSON.stringify({ date: new Date().toISOString(), machine, seconds: SECONDS, rows }, null, 2)}\n`,
)
