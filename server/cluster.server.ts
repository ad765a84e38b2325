import cluster, { type Worker } from 'node:cluster'
import type { Logger } from 'pino'
import { AggregatorRegistry, Registry } from 'prom-client'
import type { RequestMetrics } from './metrics.server'

// WEB_CONCURRENCY > 1: one primary process and that many HTTP workers on the same port (ADR
// 15). The primary migrates the database, runs the email outbox and keeps the workers
// running; it serves nothing itself. Node hands each new connection to the next worker in
// turn. Workers share nothing but the database, like instances behind a load balancer, except
// that /metrics answers for them all: a scraper sees one port, so it must see one total.

/** A worker that dies this soon after starting is failing to start, not crashing under load. */
const EARLY_EXIT_MS = 5_000
/** Early exits in a row before the primary gives up: a broken start would only loop. */
const MAX_EARLY_EXITS = 3
const RESTART_DELAY_MS = 1_000
/** How long a worker waits for the total (prom-client gives up on a silent worker after 5 s). */
const TOTAL_TIMEOUT_MS = 6_000

type Message =
  | { type: 'farm:metrics-request'; id: number }
  | { type: 'farm:metrics-primary'; metrics: MetricsJSON }
  | { type: 'farm:metrics-total'; id: number; text?: string; error?: string }

type MetricsJSON = Awaited<ReturnType<Registry['getMetricsAsJSON']>>

const isMessage = (value: unknown): value is Message =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { type?: unknown }).type === 'string' &&
  (value as { type: string }).type.startsWith('farm:metrics-')

const liveWorkers = () =>
  Object.values(cluster.workers ?? {}).filter(
    (worker): worker is Worker => worker?.isConnected() === true,
  )

export type Supervisor = {
  /** Resolves once every worker is listening. */
  ready: Promise<void>
  /** Asks every worker to finish its requests and stop (SIGTERM), and waits for them. */
  stop(): Promise<void>
}

export function superviseWorkers({
  count,
  env,
  log,
  onGiveUp,
  metrics,
}: {
  count: number
  /** added to each worker's environment */
  env: Record<string, string>
  log: Logger
  /** Workers keep dying right after they start. */
  onGiveUp: () => void
  /**
   * The primary's own figures for /metrics (primaryMetrics): its event-loop delay matters, as
   * it hands every new connection to a worker, so a stall here delays them on all of them.
   */
  metrics?: Registry
}): Supervisor {
  let stopping = false
  let earlyExits = 0
  const startedAt = new Map<Worker, number>()
  // prom-client's: sends every live worker a request for its registry and sums the answers.
  const aggregator = new AggregatorRegistry()
  let listening = 0
  let markReady: () => void = () => {}
  const ready = new Promise<void>((resolve) => {
    markReady = resolve
  })

  const fork = () => {
    const worker = cluster.fork(env)
    startedAt.set(worker, performance.now())
    worker.on('message', (message: unknown) => {
      if (isMessage(message) && message.type === 'farm:metrics-request') {
        void total(worker, message.id)
      }
    })
    worker.once('listening', () => {
      listening++
      if (listening === count) markReady()
    })
  }

  // A worker answering /metrics asks for the whole cluster's figures. The primary's own go to
  // that worker first, to be handed over with its registry (the same channel: they arrive
  // before prom-client's request); then prom-client collects every live worker's registries
  // and sums them. A worker that does not answer within 5 s fails the scrape: a total without
  // it would look like a drop in its counters, which Prometheus would read as a restart.
  const total = async (from: Worker, id: number) => {
    const own = (await metrics?.getMetricsAsJSON()) ?? []
    from.send({ type: 'farm:metrics-primary', metrics: own } satisfies Message)
    const answer = await aggregator.clusterMetrics().then(
      (text) => ({ text }),
      (error: Error) => ({ error: error.message }),
    )
    if (from.isConnected())
      from.send({ type: 'farm:metrics-total', id, ...answer } satisfies Message)
  }

  cluster.on('exit', (worker, code, signal) => {
    const lived = performance.now() - (startedAt.get(worker) ?? 0)
    startedAt.delete(worker)
    if (stopping) return
    log.error({ worker: worker.id, code, signal, livedMs: Math.round(lived) }, 'worker exited')
    earlyExits = lived < EARLY_EXIT_MS ? earlyExits + 1 : 0
    if (earlyExits >= MAX_EARLY_EXITS) {
      log.fatal({ earlyExits }, 'workers keep exiting as they start; giving up')
      onGiveUp()
      return
    }
    setTimeout(() => {
      if (!stopping) fork()
    }, RESTART_DELAY_MS).unref()
  })

  for (let i = 0; i < count; i++) fork()

  return {
    ready,
    stop: async () => {
      stopping = true
      const live = liveWorkers()
      await Promise.all(
        live.map(
          (worker) =>
            new Promise<void>((resolve) => {
              worker.once('exit', () => resolve())
              worker.process.kill('SIGTERM')
            }),
        ),
      )
    },
  }
}

/**
 * In a worker: every worker's figures for /metrics, as text. Outside a cluster, this process's
 * own. Fails when the primary or a worker does not answer in time.
 */
export function clusterMetrics(local: Registry): Promise<string> {
  const send = process.send?.bind(process)
  if (!cluster.isWorker || !send) return local.metrics()
  const id = ++nextRequest
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pendingTotals.delete(id)
      reject(new Error('the primary did not answer'))
    }, TOTAL_TIMEOUT_MS)
    pendingTotals.set(id, (answer) => {
      clearTimeout(timer)
      if (answer.text === undefined) reject(new Error(answer.error ?? 'no metrics'))
      else resolve(answer.text)
    })
    send({ type: 'farm:metrics-request', id } satisfies Message)
  })
}

let nextRequest = 0
const pendingTotals = new Map<number, (answer: { text?: string; error?: string }) => void>()

/**
 * In a worker: prom-client answers the primary's collections with this process's registry,
 * and the totals the primary sends back go to clusterMetrics.
 */
export function shareMetricsWithPrimary(metrics: RequestMetrics): void {
  if (!cluster.isWorker) return
  const primary = new PrimaryRelay()
  AggregatorRegistry.setRegistries([metrics.registry, primary])
  // Constructing one is what makes prom-client listen for the primary's requests here.
  new AggregatorRegistry()
  process.on('message', (message: unknown) => {
    if (!isMessage(message)) return
    if (message.type === 'farm:metrics-primary') {
      primary.held = message.metrics
    } else if (message.type === 'farm:metrics-total') {
      const resolve = pendingTotals.get(message.id)
      pendingTotals.delete(message.id)
      resolve?.(message)
    }
  })
}

/** The primary's figures, handed to the one collection that follows them (none to the rest). */
class PrimaryRelay extends Registry {
  held: MetricsJSON = []

  override async getMetricsAsJSON(): Promise<MetricsJSON> {
    const held = this.held
    this.held = []
    return held
  }
}
