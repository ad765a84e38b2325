import cluster from 'node:cluster'
import pino, { type Logger } from 'pino'
import { getEnv } from './env.server'

// One JSON logger per process (host and app bundle share it, like the database pool).
// Request handlers use a child with the request id (context.log).
const LOG_KEY = Symbol.for('farm-shop.log')
type GlobalWithLog = typeof globalThis & { [LOG_KEY]?: Logger }

export function getLogger(): Logger {
  const store = globalThis as GlobalWithLog
  // A cluster's workers (WEB_CONCURRENCY) say which one wrote a line.
  const worker = cluster.worker ? { worker: cluster.worker.id } : {}
  store[LOG_KEY] ??= pino({ level: getEnv().logLevel, base: { service: 'farm-shop', ...worker } })
  return store[LOG_KEY]
}
