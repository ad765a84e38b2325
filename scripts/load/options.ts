// `npm run load`'s flags, and the targets and limits every run is held to.
import os from 'node:os'
import { parseArgs } from 'node:util'
import type { StepKind } from './scenario'

export const DEFAULTS = {
  duration: '60',
  connections: '50,200',
  db: 'both',
  warmup: '5',
  workers: 'auto',
}
export const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: DEFAULTS.duration },
    connections: { type: 'string', default: DEFAULTS.connections },
    db: { type: 'string', default: DEFAULTS.db },
    warmup: { type: 'string', default: DEFAULTS.warmup },
    workers: { type: 'string', default: DEFAULTS.workers },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
  },
})
export const DURATION = Number(args.duration)
export const WARMUP = Number(args.warmup)
export const CONNECTIONS = args.connections.split(',').map(Number)
export const DATABASES = args.db === 'both' ? ['sqlite', 'postgres'] : [args.db]
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
export const FULL_RUN = Object.entries(DEFAULTS).every(
  ([name, value]) => args[name as keyof typeof DEFAULTS] === value,
)
export const REPORT = FULL_RUN ? 'docs/benchmarks/load.md' : '.cache/load.md'
/** The shop's WEB_CONCURRENCY: auto is one HTTP worker per core, as on a production machine. */
export const WORKERS = args.workers === 'auto' ? os.availableParallelism() : Number(args.workers)
export const P95_TARGET_MS = 200
export const STOCK = 1_000_000
export const KINDS: Exclude<StepKind, 'tail'>[] = ['page', 'cart', 'checkout', 'place-order']
/** A request without an answer after this long counts as an error (autocannon's timeout). */
export const TIMEOUT_SECONDS = 10
/**
 * After the mix, for as long as the timeout: every request sent during the mix has been
 * answered or has timed out by the time the connections close.
 */
export const TAIL_SECONDS = TIMEOUT_SECONDS
