import { sql } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase, testDialect } from '../../../tests/setup/database'
import { type DB, openDatabase } from './db.server'
import { probeWrites } from './health.server'
import { databaseUnavailableReason } from './unavailable'

// The database's own refusals, as the drivers report them, classified the way the shop answers
// them (503, not 500), and the write probe /healthz asks. A full filesystem is made for real in
// tests/e2e/full-disk.spec.ts; here SQLite's own page limit gives the same SQLITE_FULL.

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(async () => {
  await t?.cleanup()
})

const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => error,
  )

const countRows = async (db: DB) =>
  Number(
    (
      await db
        .selectFrom('contact_submissions')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

test('the write probe passes while the database takes writes, and may run again and again', async () => {
  await probeWrites(t.db)
  await probeWrites(t.db)
  await expect(probeWrites(t.db)).resolves.toBeUndefined()
})

const onSqlite = testDialect() === 'sqlite' ? test : () => undefined
const onPostgres = testDialect() === 'postgres' ? test : () => undefined

onSqlite('a transaction that finds the database full says so, and keeps nothing', async () => {
  const before = await countRows(t.db)
  const { page_count: pages } = (await sql<{ page_count: number }>`pragma page_count`.execute(t.db))
    .rows[0] as { page_count: number }
  // No page beyond those the file has: the next write that needs one is SQLITE_FULL.
  await sql.raw(`pragma max_page_count = ${pages}`).execute(t.db)
  try {
    const error = await failureOf(
      t.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 200; i++) {
          await trx
            .insertInto('contact_submissions')
            .values({
              id: `full-${i}`,
              name: 'Full Disk',
              email: 'full@example.com',
              subject: 'general',
              message: 'x'.repeat(4000),
            })
            .execute()
        }
      }),
    )
    // Before the fix, Kysely's ROLLBACK after SQLite's own one was thrown in its place.
    expect(String(error)).not.toContain('no transaction is active')
    expect(databaseUnavailableReason(error)).toBe('disk-full')
  } finally {
    await sql.raw('pragma max_page_count = 4294967294').execute(t.db)
  }
  expect(await countRows(t.db)).toBe(before)
  await expect(probeWrites(t.db)).resolves.toBeUndefined()
})

onSqlite('a read-only SQLite database: writes and the probe are refused as read-only', async () => {
  await sql`pragma query_only = 1`.execute(t.db)
  try {
    const error = await failureOf(probeWrites(t.db))
    expect(databaseUnavailableReason(error)).toBe('read-only')
  } finally {
    await sql`pragma query_only = 0`.execute(t.db)
  }
})

onPostgres(
  'a read-only PostgreSQL database: writes and the probe are refused as read-only',
  async () => {
    if (t.config.kind !== 'postgres') throw new Error('expected PostgreSQL')
    const name = new URL(t.config.url).pathname.slice(1)
    await sql`alter database ${sql.id(name)} set default_transaction_read_only = on`.execute(t.db)
    // The setting holds for new sessions: a fresh handle has only those.
    const readOnly = openDatabase(t.config)
    try {
      await expect(sql`select 1 as one`.execute(readOnly)).resolves.toBeTruthy()
      const write = await failureOf(
        readOnly.transaction().execute(async (trx) => {
          await trx
            .insertInto('contact_submissions')
            .values({
              id: 'read-only',
              name: 'Read Only',
              email: 'ro@example.com',
              subject: 'general',
              message: 'hello',
            })
            .execute()
        }),
      )
      expect(write).toMatchObject({ code: '25006' })
      expect(databaseUnavailableReason(write)).toBe('read-only')
      const probe = await failureOf(probeWrites(readOnly))
      expect(databaseUnavailableReason(probe)).toBe('read-only')
    } finally {
      await readOnly.destroy()
      await sql`alter database ${sql.id(name)} reset default_transaction_read_only`.execute(t.db)
    }
  },
)
