import { Kysely, type KyselyConfig, type Transaction, TransactionBuilder } from 'kysely'
import type { Logger } from 'pino'

// A transaction the database gave up on because of another one is run again, whole. PostgreSQL
// ends one of two transactions that wait for each other in a circle (40P01, deadlock_detected)
// and may refuse one that could not be serialised (40001). Neither says anything is wrong with
// the request: the same transaction a moment later succeeds. Stock rows are locked in one order
// (shares/stock-lock.server.ts), so deadlocks should not happen; this is the net under it, so
// one that does is a short wait, never a 500.
//
// SQLite is left out on purpose. Its transactions take the write lock as they begin (BEGIN
// IMMEDIATE), so none can deadlock; SQLITE_BUSY means another process kept the lock past
// busy_timeout (5 s), and that wait already was the retry: better-sqlite3 waits synchronously,
// so running it again would stop the whole process for another 5 s, each time.
//
// Only the database's work is undone by a rollback, so a transaction body must be safe to run
// again: nothing outside the database inside it (a payment provider, a file, a mail server).
// The shop calls its providers before or after its transactions (payments/, flows/); emails
// are queued in the outbox table, in the transaction.

/** PostgreSQL's SQLSTATEs after which running the whole transaction again is right. */
const CONFLICTS = new Set(['40P01', '40001'])

/** The error is the database refusing this transaction for another's sake. */
export function isTransactionConflict(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as Error & { code?: unknown }).code
  return typeof code === 'string' && CONFLICTS.has(code)
}

export type RetryOptions = {
  /** Runs in all, the first included. */
  attempts?: number
  /** The first retry waits up to this long; each next one up to twice as long. */
  baseDelayMs?: number
  /** TEST ONLY: waiting, and the jitter's random number in [0, 1). */
  sleep?: (ms: number) => Promise<void>
  random?: () => number
  /** Told before each retry. */
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void
}

export const DEFAULT_ATTEMPTS = 4
const DEFAULT_BASE_DELAY_MS = 20

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Runs `run` until it succeeds, throws something other than a conflict, or has run `attempts`
 * times (then the last conflict is thrown). Waits are jittered ("full jitter"), so two
 * transactions that just collided do not collide again at the same moment.
 */
export async function retryConflicts<T>(
  run: () => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS
  const base = options.baseDelayMs ?? DEFAULT_BASE_DELAY_MS
  const sleep = options.sleep ?? wait
  const random = options.random ?? Math.random
  for (let attempt = 1; ; attempt++) {
    try {
      return await run()
    } catch (error) {
      if (attempt >= attempts || !isTransactionConflict(error)) throw error
      const delayMs = Math.round(random() * base * 2 ** (attempt - 1))
      options.onRetry?.(error, attempt, delayMs)
      await sleep(delayMs)
    }
  }
}

/**
 * Kysely whose `transaction().execute(...)` retries conflicts: every transaction of the shop
 * gets it without each call site asking. A Transaction inside (`trx`) is Kysely's own, which
 * cannot open a nested transaction, so a retry is always of the outermost one.
 */
export class RetryingKysely<DB> extends Kysely<DB> {
  readonly #retry: RetryOptions

  constructor(config: KyselyConfig, retry: RetryOptions = {}) {
    super(config)
    this.#retry = retry
  }

  override transaction(): TransactionBuilder<DB> {
    return new RetryingTransactionBuilder(super.transaction(), this.#retry)
  }
}

/**
 * Kysely's builder with `execute` retried. Kysely makes the builder (its constructor takes
 * Kysely's private props), so this one wraps the one it made and passes every call on to it;
 * its own base part is never used.
 */
class RetryingTransactionBuilder<DB> extends TransactionBuilder<DB> {
  readonly #inner: TransactionBuilder<DB>
  readonly #retry: RetryOptions

  constructor(inner: TransactionBuilder<DB>, retry: RetryOptions) {
    super(undefined as never)
    this.#inner = inner
    this.#retry = retry
  }

  override setAccessMode(
    ...args: Parameters<TransactionBuilder<DB>['setAccessMode']>
  ): TransactionBuilder<DB> {
    return new RetryingTransactionBuilder(this.#inner.setAccessMode(...args), this.#retry)
  }

  override setIsolationLevel(
    ...args: Parameters<TransactionBuilder<DB>['setIsolationLevel']>
  ): TransactionBuilder<DB> {
    return new RetryingTransactionBuilder(this.#inner.setIsolationLevel(...args), this.#retry)
  }

  override execute<T>(callback: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return retryConflicts(() => this.#inner.execute(callback), this.#retry)
  }
}

/** The retries a process's handle makes are logged: each one is a collision worth knowing. */
export function loggedRetries(log: Logger | undefined): RetryOptions {
  return {
    onRetry: (error, attempt, delayMs) => {
      const code = (error as { code?: unknown }).code
      const message = 'transaction refused by the database for another one; running it again'
      if (log) log.warn({ code, attempt, delayMs }, message)
    },
  }
}
