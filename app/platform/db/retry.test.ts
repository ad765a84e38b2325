import { sql } from 'kysely'
import { afterEach, describe, expect, test } from 'vitest'
import { type DB, openDatabase } from './db.server'
import { DEFAULT_ATTEMPTS, isTransactionConflict, retryConflicts } from './retry.server'

/** An error as pg or better-sqlite3 throws it: a message and a code. */
function databaseError(code: string): Error {
  return Object.assign(new Error(`database said ${code}`), { code })
}

/** Runs that fail with `errors` in turn, then succeed; counts them. */
function flaky(errors: unknown[]) {
  const run = async () => {
    run.calls++
    const error = errors[run.calls - 1]
    if (error) throw error
    return 'done'
  }
  run.calls = 0
  return run
}

const noWait = { sleep: async () => {}, random: () => 0.5 }

describe('isTransactionConflict', () => {
  test("PostgreSQL's deadlocks and serialisation failures are conflicts", () => {
    expect(isTransactionConflict(databaseError('40P01'))).toBe(true)
    expect(isTransactionConflict(databaseError('40001'))).toBe(true)
  })

  test('anything else is not', () => {
    expect(isTransactionConflict(databaseError('23505'))).toBe(false)
    expect(isTransactionConflict(databaseError('23514'))).toBe(false)
    expect(isTransactionConflict(databaseError('SQLITE_CONSTRAINT_CHECK'))).toBe(false)
    expect(isTransactionConflict(databaseError('SQLITE_FULL'))).toBe(false)
    // busy_timeout already waited (synchronously): another wait would stop the process again.
    expect(isTransactionConflict(databaseError('SQLITE_BUSY'))).toBe(false)
    expect(isTransactionConflict(new Error('40P01'))).toBe(false)
    expect(isTransactionConflict({ code: '40P01' })).toBe(false)
    expect(isTransactionConflict(undefined)).toBe(false)
  })
})

describe('retryConflicts', () => {
  test('a deadlock is run again, and the second run answers', async () => {
    const run = flaky([databaseError('40P01')])
    await expect(retryConflicts(run, noWait)).resolves.toBe('done')
    expect(run.calls).toBe(2)
  })

  test('another error is thrown at once, without a second run', async () => {
    const unique = databaseError('23505')
    const run = flaky([unique])
    await expect(retryConflicts(run, noWait)).rejects.toBe(unique)
    expect(run.calls).toBe(1)
    const plain = new Error('sold out')
    const refused = flaky([plain])
    await expect(retryConflicts(refused, noWait)).rejects.toBe(plain)
    expect(refused.calls).toBe(1)
  })

  test('gives up after the last attempt with the last conflict', async () => {
    const errors = Array.from({ length: 10 }, (_, i) => databaseError(i % 2 ? '40001' : '40P01'))
    const run = flaky(errors)
    await expect(retryConflicts(run, noWait)).rejects.toBe(errors[DEFAULT_ATTEMPTS - 1])
    expect(run.calls).toBe(DEFAULT_ATTEMPTS)
    const twice = flaky(errors)
    await expect(retryConflicts(twice, { ...noWait, attempts: 2 })).rejects.toBe(errors[1])
    expect(twice.calls).toBe(2)
  })

  test('waits a jittered, doubling time between runs', async () => {
    const waits: number[] = []
    const told: number[] = []
    const run = flaky([databaseError('40P01'), databaseError('40P01'), databaseError('40P01')])
    await retryConflicts(run, {
      baseDelayMs: 10,
      random: () => 0.5,
      sleep: async (ms) => {
        waits.push(ms)
      },
      onRetry: (_error, attempt) => told.push(attempt),
    })
    expect(waits).toEqual([5, 10, 20])
    expect(told).toEqual([1, 2, 3])
    const jitter: number[] = []
    const again = flaky([databaseError('40P01'), databaseError('40P01')])
    let r = 0
    await retryConflicts(again, {
      baseDelayMs: 10,
      random: () => [0, 0.99][r++] ?? 0,
      sleep: async (ms) => {
        jitter.push(ms)
      },
    })
    expect(jitter).toEqual([0, 20])
  })
})

describe("the shop's handle", () => {
  let db: DB | undefined
  afterEach(async () => {
    await db?.destroy()
    db = undefined
  })

  test('a transaction refused for a conflict runs again from the start; its first run left nothing', async () => {
    db = openDatabase({ kind: 'sqlite', path: ':memory:' })
    await sql`create table t (n integer not null)`.execute(db)
    let runs = 0
    const result = await db.transaction().execute(async (trx) => {
      runs++
      await sql`insert into t (n) values (${runs})`.execute(trx)
      if (runs === 1) throw databaseError('40P01')
      return runs
    })
    expect(result).toBe(2)
    const rows = await sql<{ n: number }>`select n from t`.execute(db)
    expect(rows.rows).toEqual([{ n: 2 }])
  })

  test('a setting given on the builder keeps the retry', async () => {
    db = openDatabase({ kind: 'sqlite', path: ':memory:' })
    let runs = 0
    const result = await db
      .transaction()
      .setAccessMode('read write')
      .execute(async () => {
        runs++
        if (runs === 1) throw databaseError('40001')
        return runs
      })
    expect(result).toBe(2)
  })

  test('any other error rolls back once and is thrown', async () => {
    db = openDatabase({ kind: 'sqlite', path: ':memory:' })
    await sql`create table t (n integer not null)`.execute(db)
    let runs = 0
    const refusal = new Error('sold out')
    await expect(
      db.transaction().execute(async (trx) => {
        runs++
        await sql`insert into t (n) values (1)`.execute(trx)
        throw refusal
      }),
    ).rejects.toBe(refusal)
    expect(runs).toBe(1)
    const rows = await sql<{ n: number }>`select n from t`.execute(db)
    expect(rows.rows).toEqual([])
  })
})
