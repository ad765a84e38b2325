import {
  changeListenerOf,
  type DB,
  dataVersionOf,
  writeWatchOf,
} from '../app/platform/db/db.server'
import { affectsPages, PRIVATE_TABLES } from './page-cache.server'

/** The database's version as far as cached pages go. */
export type Freshness = {
  /**
   * A number that changes whenever a page may have changed; undefined while nothing may be kept
   * (PostgreSQL without its change notices).
   */
  version(): number | undefined
  stop(): void
}

/**
 * - This process's own writes: told by the handle's write watch once committed.
 * - Another process's or machine's, on SQLite: PRAGMA data_version, read on every lookup (about
 *   10 µs: it is the one connection's own counter, no round trip).
 * - On PostgreSQL: the change triggers' notices; without the listener nothing is kept, since a
 *   notice could be missed. Another instance's write is seen when its notice arrives,
 *   milliseconds after it commits.
 */
export function databaseFreshness(db: DB): Freshness {
  let generation = 0
  const stopWatching = writeWatchOf(db)?.observe((written) => {
    if (affectsPages(written)) generation += 1
  })
  const dataVersion = dataVersionOf(db)
  if (dataVersion) {
    let seen = dataVersion()
    return {
      version() {
        const now = dataVersion()
        if (now !== seen) {
          seen = now
          generation += 1
        }
        return generation
      },
      stop: () => stopWatching?.(),
    }
  }
  const listener = changeListenerOf(db)
  if (!listener) {
    // A handle opened without listening (a script's): it cannot hear other processes.
    stopWatching?.()
    return { version: () => undefined, stop: () => {} }
  }
  let stopped = false
  listener.subscribe((notice) => {
    if (stopped) return
    if ('lost' in notice || !PRIVATE_TABLES.has(notice.table)) generation += 1
  })
  return {
    version: () => (listener.listening ? generation : undefined),
    stop: () => {
      stopped = true
      stopWatching?.()
    },
  }
}
