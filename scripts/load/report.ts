// A run's figures: printed as it ends, and written up as the Markdown report.
import os from 'node:os'
import type { Audit } from './audit'
import {
  args,
  DURATION,
  KINDS,
  P95_TARGET_MS,
  TAIL_SECONDS,
  TIMEOUT_SECONDS,
  WARMUP,
  WORKERS,
} from './options'

export type Run = {
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

export function printRun(run: Run) {
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

export function markdown(runs: Run[]): string {
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
