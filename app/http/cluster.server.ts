import cluster, { type Worker } from 'node:cluster'
import type { Logger } from 'pino'
import type { EventLoopFigures } from './event-loop.server'
import { type MetricsSnapshot, mergeSnapshots } from './metrics.server'

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
/** How long the primary waits for a worker's figures for /metrics. */
const COLLECT_TIMEOUT_MS = 2_000

type Message =
  | { type: 'farm:metrics-request'; id: number }
  | { type: 'farm:metrics-collect'; id: number }
  | { type: 'farm:metrics-snapshot'; id: number; snapshot: MetricsSnapshot }
  | { type: 'farm:metrics-total'; id: number; snapshot: MetricsSnapshot }

const isMessage = (value: unknown): value is Message =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { type?: unknown }).type === 'string' &&
  (value as { type: string }).type.startsWith('farm:metrics-')

type Collection = {
  snapshots: MetricsSnapshot[]
  /** ids of the workers not heard from yet */
  waiting: Set<number>
  finish: () => void
}

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
  eventLoop,
}: {
  count: number
  /** added to each worker's environment */
  env: Record<string, string>
  log: Logger
  /** Workers keep dying right after they start. */
  onGiveUp: () => void
  /**
   * The primary's own event-loop delay, for /metrics: it hands every new connection to a
   * worker, so a stall here delays new connections on all of them.
   */
  eventLoop?: () => EventLoopFigures
}): Supervisor {
  let stopping = false
  let earlyExits = 0
  const startedAt = new Map<Worker, number>()
  const collections = new Map<number, Collection>()
  let nextCollection = 0
  let listening = 0
  let markReady: () => void = () => {}
  const ready = new Promise<void>((resolve) => {
    markReady = resolve
  })

  const fork = () => {
    const worker = cluster.fork(env)
    startedAt.set(worker, performance.now())
    worker.on('message', (message: unknown) => {
      if (isMessage(message)) answer(worker, message)
    })
    worker.once('listening', () => {
      listening++
      if (listening === count) markReady()
    })
  }

  // A worker asks for the whole cluster's request figures; every live worker sends its own,
  // and the sum goes back once all have answered (or the wait is over: a stuck worker's
  // figures are left out rather than holding up the scrape).
  const answer = (from: Worker, message: Message) => {
    if (message.type === 'farm:metrics-snapshot') {
      const collection = collections.get(message.id)
      if (!collection?.waiting.delete(from.id)) return
      collection.snapshots.push(message.snapshot)
      if (collection.waiting.size === 0) collection.finish()
      return
    }
    if (message.type !== 'farm:metrics-request') return
    const id = ++nextCollection
    const live = liveWorkers()
    const collection: Collection = {
      snapshots: [],
      waiting: new Set(live.map((worker) => worker.id)),
      finish: () => {
        if (!collections.delete(id)) return
        clearTimeout(timer)
        const own: MetricsSnapshot = {
          series: [],
          rss: process.memoryUsage().rss,
          inProgress: 0,
          waiting: 0,
          eventLoop: eventLoop ? [eventLoop()] : [],
        }
        const snapshot = mergeSnapshots([...collection.snapshots, own])
        if (from.isConnected()) from.send({ type: 'farm:metrics-total', id: message.id, snapshot })
      },
    }
    collections.set(id, collection)
    const timer = setTimeout(collection.finish, COLLECT_TIMEOUT_MS)
    for (const worker of live) worker.send({ type: 'farm:metrics-collect', id })
  }

  cluster.on('exit', (worker, code, signal) => {
    const lived = performance.now() - (startedAt.get(worker) ?? 0)
    startedAt.delete(worker)
    for (const collection of collections.values()) {
      if (collection.waiting.delete(worker.id) && collection.waiting.size === 0) collection.finish()
    }
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
 * In a worker: the request figures of every worker, for /metrics. Outside a cluster, or when
 * the primary does not answer in time, this process's own.
 */
export function clusterMetrics(local: () => MetricsSnapshot): Promise<MetricsSnapshot> {
  const send = process.send?.bind(process)
  if (!cluster.isWorker || !send) return Promise.resolve(local())
  const id = ++nextRequest
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      pendingTotals.delete(id)
      resolve(local())
    }, COLLECT_TIMEOUT_MS + 500)
    pendingTotals.set(id, (snapshot) => {
      clearTimeout(timer)
      resolve(snapshot)
    })
    send({ type: 'farm:metrics-request', id } satisfies Message)
  })
}

let nextRequest = 0
const pendingTotals = new Map<number, (snapshot: MetricsSnapshot) => void>()

/** In a worker: answer the primary's collections with this process's figures. */
export function shareMetricsWithPrimary(local: () => MetricsSnapshot): void {
  if (!cluster.isWorker) return
  process.on('message', (message: unknown) => {
    if (!isMessage(message)) return
    if (message.type === 'farm:metrics-collect') {
      process.send?.({ type: 'farm:metrics-snapshot', id: message.id, snapshot: local() })
    } else if (message.type === 'farm:metrics-total') {
      const resolve = pendingTotals.get(message.id)
      pendingTotals.delete(message.id)
      resolve?.(message.snapshot)
    }
  })
}
