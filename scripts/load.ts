import { randomBytes } from 'node:crypto'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import {
  type AuditDatabase,
  auditOrders,
  giveStock,
  openPostgresAudit,
  openSqliteAudit,
  readCatalog,
  readOrderIds,
  readStock,
} from './load/audit'
import {
  args,
  CONNECTIONS,
  DATABASES,
  DURATION,
  FULL_RUN,
  KINDS,
  P95_TARGET_MS,
  REPORT,
  STOCK,
  TAIL_SECONDS,
  TIMEOUT_SECONDS,
  WARMUP,
  WORKERS,
} from './load/options'
import { cpuMs, machineBusyMs, ownCpuMs, peakRssMb, serverProcesses } from './load/process-stats'
import { markdown, printRun, type Run } from './load/report'
import { type Catalog, type Ledger, LoadShopper, type StepKind } from './load/scenario'
import { keptNotes } from './support/report-notes'
import {
  buildShopIfStale,
  freshDatabaseFile,
  type ShopServer,
  startShop,
} from './support/shop-server'
import { customerNumber, inParallel, Shopper } from './support/shopper'

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
const round = (value: number) => Math.round(value * 10) / 10

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
