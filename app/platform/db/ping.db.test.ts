import { sql } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase, testDialect } from '../../../tests/setup/database'
import { DEFAULT_POOL_SIZE } from './db.server'
import { pingDatabase } from './health.server'

// pingDatabase is what the database watch and /healthz ask: is the database answering? A busy
// shop must not look like a database that went away (every page would get 503).

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(async () => {
  await t?.cleanup()
})

test('a ping answers', async () => {
  await expect(pingDatabase(t.db)).resolves.toBeUndefined()
})

// SQLite has one connection and short statements: there is no pool to be busy.
const onPostgres = testDialect() === 'postgres' ? test : () => undefined
onPostgres('a ping answers at once while every pooled connection is busy', async () => {
  // More slow queries than the pool has connections: the last ones queue for a connection.
  const busy = Array.from({ length: DEFAULT_POOL_SIZE + 4 }, () =>
    sql`select pg_sleep(1.5)`.execute(t.db),
  )
  await new Promise((resolve) => setTimeout(resolve, 200))
  const started = performance.now()
  await pingDatabase(t.db)
  expect(performance.now() - started).toBeLessThan(1000)
  await Promise.all(busy)
})
