// Which database errors mean "the database cannot take writes just now" (a full disk, a
// read-only file or server, no resources left) rather than a fault in the shop's code. Those
// answer the "We'll be right back" page with 503 and Retry-After (entry.server.tsx, and the
// host's gate once its write probe knows), never a 500, and make /healthz fail. This is the one
// place that knows the drivers' codes. It reads `code` rather than checking a class: the host
// and the app bundle are separate module graphs in production, so instanceof cannot be trusted
// across them, and a library may wrap the driver's error (its `cause` is followed).

export type UnavailableReason = 'disk-full' | 'read-only' | 'no-resources'

const POSTGRES: Record<string, UnavailableReason> = {
  // Class 53, insufficient resources: each passes without anyone changing the shop. 53400
  // (configuration_limit_exceeded: too many locks, too many columns) is left out: it stays
  // until the configuration or the query changes, so it is a 500 someone must look at.
  '53000': 'no-resources',
  '53100': 'disk-full',
  '53200': 'no-resources',
  '53300': 'no-resources',
  // read_only_sql_transaction: a standby after a failover, default_transaction_read_only.
  '25006': 'read-only',
}

function reasonOfCode(code: string): UnavailableReason | null {
  if (code in POSTGRES) return POSTGRES[code] ?? null
  // better-sqlite3 gives extended codes. The unix VFS answers ENOSPC as SQLITE_FULL, except
  // when growing the -shm index, which it reports as SQLITE_IOERR_SHMSIZE.
  if (code === 'SQLITE_FULL' || code === 'SQLITE_IOERR_SHMSIZE') return 'disk-full'
  // SQLITE_READONLY and its extended codes (_DBMOVED, _CANTINIT, _DIRECTORY, ...).
  if (code === 'SQLITE_READONLY' || code.startsWith('SQLITE_READONLY_')) return 'read-only'
  return null
}

function causes(error: unknown): unknown[] {
  const chain: unknown[] = []
  let current = error
  // A few levels are enough for any wrapper; a cycle must not loop for ever.
  while (typeof current === 'object' && current !== null && chain.length < 5) {
    chain.push(current)
    current = Reflect.get(current, 'cause')
  }
  return chain
}

/** Why the database cannot take this write, or null when the error is not of that kind. */
export function databaseUnavailableReason(error: unknown): UnavailableReason | null {
  for (const link of causes(error)) {
    const code = Reflect.get(link as object, 'code')
    const reason = typeof code === 'string' ? reasonOfCode(code) : null
    if (reason) return reason
  }
  return null
}

/**
 * A write that waited its turn and gave up (another process holds the lock): the database is
 * busy, not broken, so a write probe that meets it learns nothing either way.
 */
export function isBusyError(error: unknown): boolean {
  return causes(error).some((link) => {
    const code = Reflect.get(link as object, 'code')
    if (typeof code !== 'string') return false
    // lock_not_available (lock_timeout), query_canceled (statement_timeout)
    return /^SQLITE_(BUSY|LOCKED)/.test(code) || code === '55P03' || code === '57014'
  })
}
