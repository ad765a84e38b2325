import { createHash } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import {
  type Kysely,
  type LogConfig,
  type PostgresCursor,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
  SqliteDialect,
} from 'kysely'
import pg from 'pg'
import type { Logger } from 'pino'
import { type DatabaseConfig, getEnv } from '~/platform/env.server'
import { getLogger } from '~/platform/log.server'
import { ChangeListener } from './change-listener.server'
import { loggedRetries, RetryingKysely } from './retry.server'
import { columnNamesOfKind, type Database } from './schema'
import { type ConnectionWrites, WriteWatch } from './write-watch.server'

export type DB = Kysely<Database>
export type Dialect = DatabaseConfig['kind']

/**
 * SQLite has no boolean or timestamp type. This is the one place where values cross that
 * gap: parameters go in as 0/1 and ISO-8601 strings (which sort correctly as text), and
 * columns the schema declares as bool or timestamp come back as booleans and Dates, so
 * both databases hand the app the same JavaScript types.
 */
function sqliteConverters() {
  const booleans = columnNamesOfKind('bool')
  const timestamps = columnNamesOfKind('timestamp')
  const toParam = (value: unknown) => {
    if (value instanceof Date) return value.toISOString()
    if (typeof value === 'boolean') return value ? 1 : 0
    return value
  }
  const fromRow = (row: unknown) => {
    if (row === null || typeof row !== 'object') return row
    const record = row as Record<string, unknown>
    for (const key in record) {
      const value = record[key]
      if (value === null) continue
      if (booleans.has(key)) record[key] = value === 1 || value === 1n || value === true
      else if (timestamps.has(key) && typeof value === 'string') record[key] = new Date(value)
    }
    return record
  }
  return { toParams: (ps: ReadonlyArray<unknown>) => ps.map(toParam), fromRow }
}

/** Kysely's own ROLLBACK, and a raw one (ROLLBACK TO a savepoint is left as it is). */
const ROLLBACK = /^\s*rollback\s*;?\s*$/i

/** Distinct statements kept compiled; queries are built from a fixed set of shapes. */
const STATEMENT_CACHE_SIZE = 1000

function openSqlite(file: string, log: Logger | undefined) {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true })
  const database = new SQLite(file)
  database.pragma('journal_mode = WAL')
  database.pragma('foreign_keys = ON')
  database.pragma('busy_timeout = 5000')
  database.pragma('synchronous = NORMAL')
  const { toParams, fromRow } = sqliteConverters()
  const watch = new WriteWatch()
  const writes = watch.connection()
  // Changes when another connection (another worker, a script) commits; this one's own
  // commits are told by `watch`.
  const dataVersion = database.prepare('pragma data_version').pluck()
  // Kysely asks for the same few hundred statements again and again; compiling one costs more
  // than running it (found by profiling `npm run load`).
  const statements = new Map<string, SQLite.Statement>()
  const prepared = (query: string) => {
    let statement = statements.get(query)
    if (!statement) {
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear()
      statement = database.prepare(query)
      statements.set(query, statement)
    }
    return statement
  }
  const dialect = new SqliteDialect({
    database: {
      close: () => database.close(),
      prepare(query: string) {
        // Several processes may share the file (WEB_CONCURRENCY): a transaction takes the write
        // lock when it begins, waiting for it (busy_timeout), because a deferred one that reads
        // first cannot wait when it later writes after another process did: SQLITE_BUSY.
        const statement = prepared(query === 'begin' ? 'begin immediate' : query)
        const done = (changes: number) =>
          writes.sqlite(query, statement.readonly, changes, database.inTransaction)
        return {
          reader: statement.reader,
          all: (params: ReadonlyArray<unknown>) => {
            const rows = statement.all(toParams(params)).map(fromRow)
            done(rows.length)
            return rows
          },
          run: (params: ReadonlyArray<unknown>) => {
            // A full disk (SQLITE_FULL) or an I/O error can make SQLite roll the whole
            // transaction back by itself. Kysely then sends ROLLBACK, which would fail with "no
            // transaction is active" and be thrown in place of the error that told why.
            if (ROLLBACK.test(query) && !database.inTransaction) {
              done(0)
              return { changes: 0, lastInsertRowid: 0 }
            }
            const result = statement.run(toParams(params))
            done(result.changes)
            return result
          },
          *iterate(params: ReadonlyArray<unknown>) {
            for (const row of statement.iterate(toParams(params))) yield fromRow(row)
          },
        }
      },
    },
  })
  const db = new RetryingKysely<Database>({ dialect, log: queryLog(log) }, loggedRetries(log))
  writeWatches.set(db, watch)
  dataVersions.set(db, () => dataVersion.get() as number)
  return db
}

/** At LOG_LEVEL=trace every query is logged (the benchmark counts queries per page). */
function queryLog(log: Logger | undefined): LogConfig | undefined {
  if (!log?.isLevelEnabled('trace')) return undefined
  return (event) => {
    log.trace({ sql: event.query.sql, ms: event.queryDurationMillis }, 'query')
  }
}

const PG_INT8 = 20
const PG_DATE = 1082

/**
 * The pool as Kysely sees it: each parameterised statement stays prepared on its connection,
 * named by its text, so PostgreSQL parses and plans it once per connection instead of on every
 * query, as the SQLite side keeps its compiled statements. The shop's statements come from a
 * fixed set of shapes; one without parameters (BEGIN, a migration's script) goes as it is.
 */
function preparingPool(
  pool: pg.Pool,
  watch: WriteWatch,
  alsoEnd?: () => Promise<void>,
): PostgresPool {
  return {
    connect: async () => new PreparingClient(await pool.connect(), watch.connection()),
    end: async () => {
      await alsoEnd?.()
      await pool.end()
    },
  }
}

class PreparingClient implements PostgresPoolClient {
  constructor(
    private readonly client: pg.PoolClient,
    private readonly writes: ConnectionWrites,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>
  query<R>(
    sql: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // Kysely streams through a cursor only when the dialect is given one; this shop gives none.
    if (typeof sql !== 'string') throw new Error('cursors are not used')
    const values = [...parameters]
    const result =
      values.length > 0
        ? this.client.query<R & pg.QueryResultRow>({ name: statementName(sql), text: sql, values })
        : this.client.query<R & pg.QueryResultRow>(sql)
    return result.then(({ command, rowCount, rows }): PostgresQueryResult<R> => {
      this.writes.postgres(sql, command, rowCount ?? 0)
      return {
        command: command as PostgresQueryResult<R>['command'],
        rowCount: rowCount ?? 0,
        rows,
      }
    })
  }

  release(): void {
    this.client.release()
  }
}

const statementNames = new Map<string, string>()

function statementName(text: string): string {
  let name = statementNames.get(text)
  if (!name) {
    name = `s${createHash('sha1').update(text).digest('hex').slice(0, 20)}`
    if (statementNames.size >= STATEMENT_CACHE_SIZE) statementNames.clear()
    statementNames.set(text, name)
  }
  return name
}

/**
 * Connections per process. PostgreSQL on the shop's own small machine is fastest with few: each
 * busy connection is a backend process wanting a core the shop's workers need too, and fewer
 * connections make shorter queues on the rows every order locks (ADR 16 has the figures).
 */
export const DEFAULT_POOL_SIZE = 4

function openPostgres(
  { url, poolSize = DEFAULT_POOL_SIZE }: Extract<DatabaseConfig, { kind: 'postgres' }>,
  log: Logger | undefined,
  { listenForChanges = false }: OpenOptions,
) {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Per pool, not global: counts (int8) as numbers, calendar days as 'YYYY-MM-DD'.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === PG_INT8) return (value: string) => Number(value)
        if (oid === PG_DATE) return (value: string) => value
        return pg.types.getTypeParser(oid, format)
      }) as typeof pg.types.getTypeParser,
    },
  })
  // An idle connection can be cut by the server (restart, failover). Without a listener that
  // 'error' event would crash the process; the pool replaces the connection on next use.
  pool.on('error', (error) => {
    if (log) log.error({ err: error }, 'idle database connection lost')
    else console.error('idle database connection lost:', error.message)
  })
  // A connection cut while it is checked out (the server restarting, an administrator ending
  // it) between two statements of a transaction emits 'error' on the client with no query to
  // reject; unheard, that event would end the process. The transaction's next statement fails
  // instead, and the pool drops the broken client when it is released.
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      if (log) log.warn({ err: { message: error.message } }, 'database connection lost mid-use')
    })
  })
  // Connects on its first subscriber (reference-rows.server.ts); ends with the pool.
  const listener = listenForChanges ? new ChangeListener(url, log) : undefined
  const watch = new WriteWatch()
  const db = new RetryingKysely<Database>(
    {
      dialect: new PostgresDialect({
        pool: preparingPool(pool, watch, listener && (() => listener.stop())),
      }),
      log: queryLog(log),
    },
    loggedRetries(log),
  )
  pools.set(db, pool)
  writeWatches.set(db, watch)
  if (listener) changeListeners.set(db, listener)
  // Pings get a connection of their own: behind a busy pool (every connection checked out,
  // requests queueing for one) a ping through it would wait its turn, and the database watch
  // would take a busy shop for a database that went away and answer every page with 503 (found
  // by `npm run load` at 200 connections). One connection, opened on the first ping.
  const health = new pg.Pool({
    connectionString: url,
    max: 1,
    connectionTimeoutMillis: 2000,
    allowExitOnIdle: true,
  })
  health.on('error', (error) => {
    if (log) log.warn({ err: { message: error.message } }, 'health check connection lost')
  })
  healthPools.set(db, health)
  return db
}

// What belongs to a handle, kept on globalThis like the handle itself: the host (server.ts) and
// the app bundle are separate module graphs in production, and either may ask.
const REGISTRY_KEY = Symbol.for('farm-shop.db-registry')
type Registry = {
  pools: WeakMap<DB, pg.Pool>
  healthPools: WeakMap<DB, pg.Pool>
  changeListeners: WeakMap<DB, ChangeListener>
  writeWatches: WeakMap<DB, WriteWatch>
  dataVersions: WeakMap<DB, () => number>
}
const registryHolder = globalThis as typeof globalThis & { [REGISTRY_KEY]?: Partial<Registry> }
registryHolder[REGISTRY_KEY] ??= {}
// Field by field: a registry made by an earlier version of this module (development reloads
// modules, globalThis stays) lacks the newer ones.
const registry = registryHolder[REGISTRY_KEY]
registry.pools ??= new WeakMap()
registry.healthPools ??= new WeakMap()
registry.changeListeners ??= new WeakMap()
registry.writeWatches ??= new WeakMap()
registry.dataVersions ??= new WeakMap()
const { pools, healthPools, changeListeners, writeWatches, dataVersions } = registry as Registry

/** The handle's listener for the change triggers' notices: PostgreSQL, process handle only. */
export function changeListenerOf(db: DB): ChangeListener | undefined {
  return changeListeners.get(db)
}

/** The handle's own committed writes, as they happen (write-watch.server.ts). */
export function writeWatchOf(db: DB): WriteWatch | undefined {
  return writeWatches.get(db)
}

/** SQLite's data_version: it moves when another connection commits. Undefined on PostgreSQL. */
export function dataVersionOf(db: DB): (() => number) | undefined {
  return dataVersions.get(db)
}

export type PoolStats = { size: number; idle: number; waiting: number; max: number }

/** The PostgreSQL pool's connections (for /metrics); null on SQLite, which has one connection. */
export function poolStats(db: DB): PoolStats | null {
  const pool = pools.get(db)
  if (!pool) return null
  return {
    size: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max: pool.options.max ?? DEFAULT_POOL_SIZE,
  }
}

type OpenOptions = {
  /**
   * Listen for the change triggers' notices, so reference rows can be kept between requests
   * (reference-rows.server.ts). Only the process's own handle does: tests and scripts that
   * write a table and read it back at once must not wait for a notice.
   */
  listenForChanges?: boolean
}

/** Opens a connection (pool); `log` receives pool errors, and every query at trace level. */
export function openDatabase(config: DatabaseConfig, log?: Logger, options: OpenOptions = {}): DB {
  return config.kind === 'sqlite'
    ? openSqlite(config.path, log)
    : openPostgres(config, log, options)
}

/** The pool of the health checks' own connection (PostgreSQL only): health.server.ts. */
export function healthPoolOf(db: DB): pg.Pool | undefined {
  return healthPools.get(db)
}

// One connection pool per process, shared by the host and the app bundle (separate module
// graphs in production, reloaded modules in development).
const DB_KEY = Symbol.for('farm-shop.db')
type GlobalWithDb = typeof globalThis & { [DB_KEY]?: DB }

export function getDb(): DB {
  const store = globalThis as GlobalWithDb
  store[DB_KEY] ??= openDatabase(getEnv().database, getLogger(), { listenForChanges: true })
  return store[DB_KEY]
}

/** For tests and scripts that opened their own connection: the app uses it from now on. */
export function provideDb(db: DB): void {
  ;(globalThis as GlobalWithDb)[DB_KEY] = db
}

export async function closeDb(): Promise<void> {
  const store = globalThis as GlobalWithDb
  const db = store[DB_KEY]
  store[DB_KEY] = undefined
  if (db) await healthPools.get(db)?.end()
  await db?.destroy()
}

export function dialectOf(): Dialect {
  return getEnv().database.kind
}
