import type { Transaction } from 'kysely'
import type { ChangeListener } from './change-listener.server'
import { changeListenerOf, type DB } from './db.server'
import type { Database } from './schema'

/** Tables of one row each that nearly every page reads and only an admin changes. */
export type ReferenceTable = 'farm_info' | 'settings'

/**
 * What this process read of the reference tables, kept until a change notice says the table
 * was written (ADR 16). Promises are kept, so requests that ask at the same moment share one
 * query; a notice that comes while a read is under way drops that read too.
 */
class KeptRows {
  private readonly kept = new Map<string, Promise<unknown>>()

  constructor(private readonly listener: ChangeListener) {
    listener.subscribe((notice) => {
      if ('lost' in notice) this.kept.clear()
      else this.forget(notice.table)
    })
  }

  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    // Not listening (not yet, or cut off): a notice could be missed, so nothing is kept.
    if (!this.listener.listening) return load()
    const kept = this.kept.get(key)
    if (kept) return kept as Promise<T>
    const loading = load().then((value) => Object.freeze(value))
    this.kept.set(key, loading)
    loading.catch(() => {
      if (this.kept.get(key) === loading) this.kept.delete(key)
    })
    return loading
  }

  forget(table: string): void {
    for (const key of this.kept.keys()) if (key.startsWith(`${table}:`)) this.kept.delete(key)
  }
}

const keptRows = new WeakMap<DB, KeptRows>()

/**
 * `load`'s answer for this view of a reference table: kept between requests by the process's
 * own database handle on PostgreSQL, read afresh everywhere else. Inside a transaction it is
 * always read afresh, so what a transaction decides on (an order's price) is what it read.
 * On SQLite nothing is kept: a query is a function call in the process, not a round trip.
 */
export function readReference<T>(
  db: DB | Transaction<Database>,
  table: ReferenceTable,
  view: string,
  load: () => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return load()
  let rows = keptRows.get(db)
  if (!rows) {
    const listener = changeListenerOf(db)
    if (!listener) return load()
    rows = new KeptRows(listener)
    keptRows.set(db, rows)
  }
  return rows.read(`${table}:${view}`, load)
}

/**
 * After this process wrote a reference table: its next read is fresh at once, without waiting
 * for its own notice (which every other process gets within milliseconds).
 */
export function referenceChanged(db: DB, table: ReferenceTable): void {
  keptRows.get(db)?.forget(table)
}
