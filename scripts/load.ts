// `npm run load [-- --duration 60 --connections 50,200 --db sqlite|postgres|both --workers auto]`:
// the production build under a shopping crowd on loopback (issue 7, item 2). scripts/load.mjs
// starts this on Node 24, the production runtime (`--node current` for this machine's Node).
//
// For each database and each number of connections: a fresh demo database (a SQLite file, or a
// PostgreSQL database made on the test server and dropped afterwards), the server started with
// WEB_CONCURRENCY (one HTTP worker per core unless --workers says otherwise), TRUST_PROXY=true (each shopper sends its own X-Forwarded-For address), no SMTP (emails wait
// in the outbox) and LOG_LEVEL=warn; every product and option gets a million units, and one
// customer per connection signs up over HTTP, all before the clock starts. Then autocannon
// runs the whole mix for --duration seconds, each connection one signed-in shopper walking
// scripts/load/scenario.ts: storefront pages, cart changes and a three-step checkout. Per run
// it prints requests/s, p50/p95/p99 latency, answers by class (4xx, 5xx, errors/timeouts),
// orders placed and the server's peak memory (VmHWM), then checks the database against what
// the shoppers saw (scripts/load/audit.ts). Exits non-zero when a target fails: any 5xx, any
// lost, duplicated or unexplained order or stock that does not add up, p95 of 200 ms or more
// at 50 connections. The full default run writes docs/benchmarks/load.md; other flags write
// .cache/load.md, so a trial never replaces the committed figures. Not part of `npm test`.
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import pg from 'pg'
import {
  type Audit,
  type AuditDatabase,
  auditOrders,
  giveStock,
  openPostgresAudit,
  openSqliteAudit,
  readCatalog,
  readOrderIds,
  readStock,
} from './load/audit'
import { type Catalog, type Ledger, LoadShopper, type StepKind } from './load/scenario'
import { keptNotes } from './support/report-notes'
import {
  buildShopIfStale,
  freshDatabaseFile,
  type ShopServer,
  startShop,
} from './support/shop-server'
import { customerNumber, inParallel, Shopper } from './support/shopper'

const DEFAULTS = {
  duration: '60',
  connections: '50,200',
  db: 'both',
  warmup: '5',
  workers: 'auto',
}
const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: DEFAULTS.duration },
    connections: { type: 'string', default: DEFAULTS.connections },
    db: { type: 'string', default: DEFAULTS.db },
    warmup: { type: 'string', default: DEFAULTS.warmup },
    workers: { type: 'string', default: DEFAULTS.workers },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
  },
})
const DURATION = Number(args.duration)
const WARMUP = Number(args.warmup)
const CONNECTIONS = args.connections.split(',').map(Number)
const DATABASES = args.db === 'both' ? ['sqlite', 'postgres'] : [args.db]
if (
  !(DURATION > 0) ||
  !(WARMUP >= 0) ||
  CONNECTIONS.some((n) => !Number.isInteger(n) || n < 1) ||
  DATABASES.some((db) => db !== 'sqlite' && db !== 'postgres') ||
  !/^(auto|[1-9][0-9]?)$/.test(args.workers)
) {
  console.error(
    'usage: npm run load -- [--duration SECONDS] [--connections 50,200] [--db sqlite|postgres|both] [--warmup SECONDS] [--workers auto|N]',
  )
  process.exit(2)
}
const FULL_RUN = Object.entries(DEFAULTS).every(
  ([name, value]) => args[name as keyof typeof DEFAULTS] === value,
)
const REPORT = FULL_RUN ? 'docs/benchmarks/load.md' : '.cache/load.md'
/** The shop's WEB_CONCURRENCY: auto is one HTTP worker per core, as on a production machine. */
const WORKERS = args.workers === 'auto' ? os.availableParallelism() : Number(args.workers)
const P95_TARGET_MS = 200
const STOCK = 1_000_000
const KINDS: Exclude<StepKind, 'tail'>[] = ['page', 'cart', 'checkout', 'place-order']
/** A request without an answer after this long counts as an error (autocannon's timeout). */
const TIMEOUT_SECONDS = 10
/**
 * After the mix, for as long as the timeout: every request sent during the mix has been
 * answered or has timed out by the time the connections close.
 */
const TAIL_SECONDS = TIMEOUT_SECONDS

type Run = {
  database: string
  connections: number
  seconds: number
  requests: number
  requestsPerSecond: number
  latency: { p50: number; p95: number; p99: number }
  p95ByKind: Record<(typeof KINDS)[number], number>
  byClass: { ok: number; client: number; server: number; errors: number; timeouts: number }
  /** requests of the mix with no answer (autocannon's errors also count the tail's) */
  unansweredInMix: number
  unexpected: [string, number][]
  shoppers: number
  signUpSeconds: number
  /** shoppers that only browsed after a cart or checkout post of theirs got no answer */
  retired: number
  peakRssMb: number
  /** the server's CPU time per request answered during the mix, and its share of one core */
  cpuMsPerRequest: number
  coreShare: number
  /** the shop's CPU time per page during the warm-up: the machine's speed at the time */
  warmUpCpuMs: number
  /** shares of one core during the mix taken by autocannon (this process) and by all else */
  generatorShare: number
  otherShare: number
  loadAverage: number[]
  audit: Audit
  failures: string[]
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
const round = (value: number) => Math.round(value * 10) / 10

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }))

/** The server and, with WEB_CONCURRENCY above 1, its workers (the primary's children). */
function serverProcesses(pid: number | undefined): number[] {
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return statFields(Number(entry))[1] === String(pid)
      } catch {
        return false // gone since the listing
      }
    })
    .map(Number)
  return [pid ?? 0, ...children]
}

/** /proc/PID/stat after the command name (which may hold spaces): state, ppid, ... */
function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')
}

/** CPU time (user + system) the server's processes have used so far, in ms. */
function cpuMs(pids: number[]): number {
  // utime and stime are the 12th and 13th fields after the command name.
  return pids.reduce((total, pid) => {
    const fields = statFields(pid)
    return total + ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1000
  }, 0)
}

/** CPU time the whole machine has been busy so far, in ms (all cores, from /proc/stat). */
function machineBusyMs(): number {
  const [, ...ticks] =
    readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]?.trim().split(/\s+/) ?? []
  // user nice system idle iowait irq softirq steal: all but idle and iowait is busy.
  const busy = ticks
    .slice(0, 8)
    .map(Number)
    .reduce((total, value, index) => (index === 3 || index === 4 ? total : total + value), 0)
  return (busy / TICKS_PER_SECOND) * 1000
}

const ownCpuMs = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

/** The server's peak resident memory so far, in MB: the sum of each process's high-water mark. */
function peakRssMb(pids: number[]): number {
  const kb = pids.reduce((total, pid) => {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    return total + Number(/^VmHWM:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN)
  }, 0)
  return Math.round(kb / 1024)
}

async function freshPostgres(label: string) {
  const admin = new pg.Client({ connectionString: args.postgres })
  await admin.connect()
  const name = `farm_load_${process.pid}_${label}`
  await admin.query(`create database ${name}`)
  const url = new URL(args.postgres)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}

/**
 * A few seconds of storefront pages, so the clock starts on a warm server. Returns the shop's
 * CPU time per page meanwhile: at 10 connections and with the pages alone, a gauge of how fast
 * the machine is at the time (on a shared host it drifts by a third within the hour).
 */
async function warmUp(server: ShopServer, catalog: Catalog): Promise<number> {
  if (WARMUP === 0) return 0
  const product = catalog.items[0]?.productId
  const pids = serverProcesses(server.child.pid)
  const cpuBefore = cpuMs(pids)
  const result = await autocannon({
    url: server.url,
    connections: 10,
    duration: WARMUP,
    requests: [
      { path: '/' },
      { path: '/shop' },
      { path: `/shop?category=${encodeURIComponent(catalog.categories[0] ?? '')}` },
      { path: `/product/${product}` },
      { path: '/about' },
    ],
  })
  return round((cpuMs(pids) - cpuBefore) / Math.max(result.requests.total, 1))
}

async function runOnce(database: string, connections: number): Promise<Run> {
  const label = `${database}_${connections}_${Date.now()}`
  const databaseFile = freshDatabaseFile()
  const env: Record<string, string> = {
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
    WEB_CONCURRENCY: String(WORKERS),
  }
  const postgres = database === 'postgres' ? await freshPostgres(label) : undefined
  if (postgres) {
    env.DATABASE_URL = postgres.url
    env.AUTH_SECRET = randomBytes(32).toString('hex')
  }
  let server: ShopServer | undefined
  let db: AuditDatabase | undefined
  try {
    server = await startShop(databaseFile, env)
    db = postgres ? await openPostgresAudit(postgres.url) : openSqliteAudit(databaseFile)
    const catalog = await readCatalog(db)
    await giveStock(db, STOCK)
    const startingStock = await readStock(db)
    const ordersBefore = await readOrderIds(db)

    console.log(`\n${database}, ${connections} connections: signing up ${connections} shoppers`)
    const signUpStarted = performance.now()
    const url = server.url
    const shoppers = await inParallel(
      Array.from({ length: connections }, (_, n) => customerNumber(n + 1, `load-${label}`)),
      4,
      async (customer) => {
        const shopper = new Shopper(url, customer)
        await shopper.signUp()
        return shopper
      },
    )
    const signUpSeconds = (performance.now() - signUpStarted) / 1000
    const warmUpCpuMs = await warmUp(server, catalog)

    const ledger: Ledger = {
      attempts: [],
      unexpected: new Map(),
      unanswered: new Map(),
      retired: 0,
    }
    let mixEndsAt = Number.POSITIVE_INFINITY
    const crowd = shoppers.map(
      (shopper) =>
        new LoadShopper(url, shopper.customer, shopper.jar, catalog, ledger, () => mixEndsAt),
    )
    const byClient = new Map<autocannon.Client, LoadShopper>()
    const latencies: number[] = []
    const byKind = new Map<StepKind, number[]>(KINDS.map((kind) => [kind, []]))
    const classes = { ok: 0, client: 0, server: 0 }
    const loadAverage = os.loadavg().map(round)
    console.log(
      `running the mix for ${DURATION} s (load average before: ${loadAverage.join(', ')})`,
    )
    let next = 0
    const pids = serverProcesses(server.child.pid)
    const cpuAtStart = cpuMs(pids)
    const machineAtStart = machineBusyMs()
    const ownAtStart = ownCpuMs()
    let answeredInMix = 0
    let cpuInMix = 0
    let machineInMix = 0
    let ownInMix = 0
    mixEndsAt = performance.now() + DURATION * 1000
    const mixEnd = setTimeout(() => {
      cpuInMix = cpuMs(pids) - cpuAtStart
      machineInMix = machineBusyMs() - machineAtStart
      ownInMix = ownCpuMs() - ownAtStart
    }, DURATION * 1000)
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url,
          connections,
          duration: DURATION + TAIL_SECONDS,
          timeout: TIMEOUT_SECONDS,
          setupClient: (client) => {
            const shopper = crowd[next++ % crowd.length] as LoadShopper
            byClient.set(client, shopper)
            shopper.attach(client)
          },
        },
        (error, finished) => (error ? reject(error) : resolve(finished)),
      )
      instance.on('response', (client, status, _bytes, ms) => {
        // lastKind is the kind of the request this answers (onResponse has just run).
        const kind = byClient.get(client)?.lastKind ?? 'page'
        if (kind === 'tail') return
        latencies.push(ms)
        if (performance.now() < mixEndsAt) answeredInMix++
        byKind.get(kind)?.push(ms)
        if (status >= 500) classes.server++
        else if (status >= 400) classes.client++
        else classes.ok++
      })
    })
    // A request of the mix that got no answer waited at least the timeout: it counts as that
    // in the latency figures, rather than vanishing from them.
    let unansweredInMix = 0
    for (const [kind, count] of ledger.unanswered) {
      if (kind === 'tail') continue
      unansweredInMix += count
      for (let n = 0; n < count; n++) {
        latencies.push(TIMEOUT_SECONDS * 1000)
        byKind.get(kind)?.push(TIMEOUT_SECONDS * 1000)
      }
    }
    const retired = ledger.retired
    // What was still in flight when the connections closed (tail requests, in practice).
    for (const shopper of crowd) shopper.lost()
    clearTimeout(mixEnd)
    const peak = peakRssMb(pids)
    await server.stop()
    server = undefined

    const audit = await auditOrders(db, ledger.attempts, startingStock, ordersBefore)
    const requests = classes.ok + classes.client + classes.server
    latencies.sort((a, b) => a - b)
    const p95ByKind = Object.fromEntries(
      KINDS.map((kind) => [
        kind,
        round(
          percentile(
            (byKind.get(kind) ?? []).sort((a, b) => a - b),
            95,
          ),
        ),
      ]),
    ) as Run['p95ByKind']
    const run: Run = {
      database,
      connections,
      seconds: DURATION,
      requests,
      requestsPerSecond: Math.round(requests / DURATION),
      latency: {
        p50: round(percentile(latencies, 50)),
        p95: round(percentile(latencies, 95)),
        p99: round(percentile(latencies, 99)),
      },
      p95ByKind,
      byClass: { ...classes, errors: result.errors, timeouts: result.timeouts },
      unansweredInMix,
      unexpected: [...ledger.unexpected].sort((a, b) => b[1] - a[1]),
      shoppers: connections,
      signUpSeconds: round(signUpSeconds),
      retired,
      peakRssMb: peak,
      cpuMsPerRequest: round(cpuInMix / Math.max(answeredInMix, 1)),
      coreShare: Math.round((cpuInMix / (DURATION * 1000)) * 100),
      warmUpCpuMs,
      generatorShare: Math.round((ownInMix / (DURATION * 1000)) * 100),
      otherShare: Math.round(
        (Math.max(0, machineInMix - cpuInMix - ownInMix) / (DURATION * 1000)) * 100,
      ),
      loadAverage,
      audit,
      failures: [],
    }
    if (classes.server > 0) run.failures.push(`${classes.server} answers were 5xx`)
    if (audit.problems.length > 0)
      run.failures.push(`${audit.problems.length} problems with orders or stock`)
    if (connections === 50 && run.latency.p95 >= P95_TARGET_MS)
      run.failures.push(`p95 ${run.latency.p95} ms is not under ${P95_TARGET_MS} ms`)
    return run
  } finally {
    await server?.stop()
    await db?.close()
    await postgres?.drop()
    rmSync(path.dirname(databaseFile), { recursive: true, force: true })
  }
}

function printRun(run: Run) {
  const { latency, byClass, audit } = run
  console.log(
    [
      `${run.database}, ${run.connections} connections, ${run.seconds} s:`,
      `  ${run.requestsPerSecond} requests/s (${run.requests} answered)`,
      `  latency p50 ${latency.p50} ms, p95 ${latency.p95} ms, p99 ${latency.p99} ms (no answer counts as ${TIMEOUT_SECONDS} s)`,
      `  p95 by kind: ${KINDS.map((kind) => `${kind} ${run.p95ByKind[kind]} ms`).join(', ')}`,
      `  answers: ${byClass.ok} 2xx/3xx, ${byClass.client} 4xx, ${byClass.server} 5xx, ${byClass.errors} errors (${byClass.timeouts} timeouts), ${run.unansweredInMix} requests of the mix unanswered`,
      ...(run.unexpected.length
        ? [`  unexpected: ${run.unexpected.map(([what, n]) => `${what} x${n}`).join(', ')}`]
        : []),
      `  shoppers: ${run.shoppers} (signed up in ${run.signUpSeconds} s before the clock); ${run.retired} only browsed after a post of theirs got no answer`,
      `  orders placed: ${audit.orders} (${audit.confirmed} confirmed, ${audit.unansweredPlaced} placed but unanswered, ${audit.refused} refused)`,
      `  server peak memory (VmHWM): ${run.peakRssMb} MB`,
      `  server CPU (${WORKERS} workers): ${run.cpuMsPerRequest} ms per answered request, ${run.coreShare}% of one core during the mix (autocannon ${run.generatorShare}%, everything else, PostgreSQL included, ${run.otherShare}%)`,
      `  machine speed: ${run.warmUpCpuMs} ms of CPU per page in the warm-up (10 connections, pages only; lower is faster)`,
      `  orders and stock: ${audit.problems.length === 0 ? 'all hold' : `${audit.problems.length} problems`}`,
      ...audit.problems.slice(0, 20).map((problem) => `    - ${problem}`),
      `  ${run.failures.length === 0 ? 'PASS' : `FAIL: ${run.failures.join('; ')}`}`,
    ].join('\n'),
  )
}

function markdown(runs: Run[]): string {
  const cpu = os.cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU'
  const header =
    '| Database | Connections | Requests/s | p50 | p95 | p99 | 4xx | 5xx | Errors / timeouts | Unanswered in the mix | Orders placed | Peak RSS | Load avg. before | Targets |'
  const rows = runs.map((run) =>
    [
      run.database === 'sqlite' ? 'SQLite' : 'PostgreSQL',
      run.connections,
      run.requestsPerSecond,
      `${run.latency.p50} ms`,
      `${run.latency.p95} ms`,
      `${run.latency.p99} ms`,
      run.byClass.client,
      run.byClass.server,
      `${run.byClass.errors} / ${run.byClass.timeouts}`,
      run.unansweredInMix,
      run.audit.orders,
      `${run.peakRssMb} MB`,
      run.loadAverage.join(', '),
      run.failures.length === 0 ? 'pass' : `**fail**: ${run.failures.join('; ')}`,
    ].join(' | '),
  )
  const kinds = runs.map((run) =>
    [
      run.database === 'sqlite' ? 'SQLite' : 'PostgreSQL',
      run.connections,
      ...KINDS.map((kind) => `${run.p95ByKind[kind]} ms`),
      `${run.cpuMsPerRequest} ms`,
      `${run.coreShare}%`,
      `${run.generatorShare}%`,
      `${run.otherShare}%`,
      `${run.warmUpCpuMs} ms`,
    ].join(' | '),
  )
  const audits = runs.map(
    (run) =>
      `- ${run.database === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${run.connections} connections: ` +
      `${run.audit.confirmed} orders confirmed to shoppers, ${run.audit.unansweredPlaced} placed ` +
      `whose answer never came (found complete), ${run.audit.refused} refused` +
      (run.retired > 0
        ? ` (${run.retired} shoppers only browsed after a post of theirs timed out, as the shop may still act on it later)`
        : '') +
      '; ' +
      (run.audit.problems.length === 0
        ? 'every confirmed order is in the database with its items, none twice, none unexplained, and the stock adds up.'
        : `**${run.audit.problems.length} problems**, first: ${run.audit.problems[0]}`),
  )
  return `# Load test

\`npm run load\` (scripts/load.ts) drives the production build on loopback with autocannon, on
a fresh demo database per run. Each connection is one signed-in shopper (signed up over HTTP
before the clock starts) walking a loop of 14 requests: the home page, \`/shop\`, a category,
a product page, two cart adds, the cart page, a quantity change and a removal (the cart's own
form posts), \`/about\`, the three checkout steps (farm pickup, pay at pickup) and the order
confirmation. The shop runs on Node ${process.versions.node} as on a production machine of this size: WEB_CONCURRENCY=${args.workers}
(${WORKERS} HTTP worker${WORKERS === 1 ? '' : 's'}${WORKERS > 1 ? ' and a primary process' : ''}, ADR 15). Every product and option has a million
units, so nothing sells out; no SMTP (emails wait in the outbox); LOG_LEVEL=warn. After the ${DURATION} s mix the shoppers only fetch
a static file for ${TAIL_SECONDS} s (the client timeout), so every request of the mix is
answered or timed out before the connections close; the tail is not counted, except in
autocannon's own error count (which includes tail requests cut off when the connections
close; "Unanswered in the mix" are the mix's own). Latency is measured by autocannon from send
to last byte; a request of the mix without an answer counts as ${TIMEOUT_SECONDS} s. Shoppers send
\`Accept-Encoding\` as a browser does, so compressing is counted (except for the cart page and
the review step, whose HTML the shopper reads). Targets: no 5xx, no lost or duplicated order, p95 under ${P95_TARGET_MS} ms at 50
connections.

Last run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpu}, ${os.cpus().length} cores,
Node ${process.version}. Autocannon and PostgreSQL run on the same two cores as the shop. The
load average (1, 5, 15 min) is the machine's just before each run: anything above about 1
means other work shared the cores and slowed every figure.

${header}
|${' --- |'.repeat(14)}
${rows.map((row) => `| ${row} |`).join('\n')}

p95 latency by kind of request, and the shop's own CPU time per answered request (user +
system of all its processes, from /proc; PostgreSQL's work is not in it) with the share of one
core it got during the mix, beside autocannon's share and everything else's (the machine's busy
time from /proc/stat less those two: PostgreSQL, and the kernel's work for the loopback
network that is not charged to a process). Each worker is one Node.js process, so ${WORKERS} core${WORKERS === 1 ? '' : 's'} at 100% ${WORKERS === 1 ? 'is' : 'are'} its
ceiling: about ${WORKERS} × 1000 / (CPU ms per request) requests/s, less what autocannon and
PostgreSQL take of the same cores. The last column is the shop's CPU time per page during the
${WARMUP} s warm-up before the clock (10 connections, storefront pages only): the same work every
run, so it shows how fast the machine was at the time. On a shared host it drifts, and every
other figure of the run with it; runs whose warm-up figures agree can still differ (ADR 16).

| Database | Connections | Pages | Cart posts | Checkout steps | Place order | Shop CPU per request | Shop's share of a core | Autocannon's | Everything else's | Warm-up CPU per page |
|${' --- |'.repeat(11)}
${kinds.map((row) => `| ${row} |`).join('\n')}

Orders and stock, checked in the database after each run:

${audits.join('\n')}
${runs.some((run) => run.byClass.timeouts > 0) ? TIMEOUTS_EXPLAINED : ''}`
}

const TIMEOUTS_EXPLAINED = `
Timeouts: while a Node.js process that accepts connections is saturated, Node.js (20 and later, with libuv 1.46+)
accepts no new connections: they wait in the kernel's accept queue (\`ss -ltn\` shows its
Recv-Q) while the connections already accepted keep being served, so a share of a large crowd
gets no answer at all and times out after ${TIMEOUT_SECONDS} s, then again after reconnecting. The shop
never saw those requests (its own request log has none near ${TIMEOUT_SECONDS} s). See
nodejs/node#57364; a plain Node.js server that spends a few milliseconds of CPU per request does
the same. A reverse proxy with a bounded number of upstream connections queues such shoppers
instead, and more instances (PostgreSQL) add capacity.
`

buildShopIfStale()
const runs: Run[] = []
for (const database of DATABASES)
  for (const connections of CONNECTIONS) {
    const run = await runOnce(database, connections)
    printRun(run)
    runs.push(run)
  }
mkdirSync(path.dirname(REPORT), { recursive: true })
// The dated history of earlier runs lives under the report's Notes heading.
const notes = FULL_RUN ? keptNotes(REPORT) : ''
writeFileSync(REPORT, notes ? `${markdown(runs)}\n${notes}` : markdown(runs))
console.log(`\nwrote ${REPORT}`)
const failed = runs.filter((run) => run.failures.length > 0)
if (failed.length > 0) {
  console.log(`${failed.length} of ${runs.length} runs missed a target`)
  process.exit(1)
}
