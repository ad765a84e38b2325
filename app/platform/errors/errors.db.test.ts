import type { KyselyPlugin } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createCustomer } from '~/seed/factories.server'
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/database'
import { storeErrorReports } from './errors.server'
import { type ClientErrorBatch, ClientErrorBatchSchema } from './report'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(async () => {
  await t?.cleanup()
})

/** The same database, counting the statements sent through it. */
function counting() {
  const kinds: string[] = []
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      kinds.push(node.kind)
      return node
    },
    transformResult: async ({ result }) => result,
  }
  return { db: t.db.withPlugin(plugin), kinds }
}

const batchOf = (n: number, label: string): ClientErrorBatch =>
  Array.from({ length: n }, (_, i) => ({
    level: 'error' as const,
    message: `${label} ${i}`,
    stack: `Error: ${label} ${i}\n    at page.js:1:1`,
    context: { kind: 'application', line: i },
    url: 'http://localhost/shop',
  }))

test('a batch of 10 is stored with one INSERT, with the signed-in customer', async () => {
  const { id: customerId } = await createCustomer(t.db)
  const { db, kinds } = counting()
  const stored = await storeErrorReports(db, batchOf(10, 'ten'), {
    customerId,
    userAgent: 'Mozilla/5.0 (test)',
  })
  expect(kinds).toEqual(['InsertQueryNode'])
  expect(stored).toHaveLength(10)

  const rows = await t.db
    .selectFrom('error_reports')
    .select([
      'id',
      'level',
      'message',
      'stack_trace',
      'context',
      'url',
      'user_agent',
      'customer_id',
      'created_at',
    ])
    .where('customer_id', '=', customerId)
    .orderBy('message')
    .execute()
  expect(rows).toHaveLength(10)
  expect(rows[3]).toEqual({
    id: stored[3]?.id,
    level: 'error',
    message: 'ten 3',
    stack_trace: 'Error: ten 3\n    at page.js:1:1',
    context: '{"kind":"application","line":3}',
    url: 'http://localhost/shop',
    user_agent: 'Mozilla/5.0 (test)',
    customer_id: customerId,
    created_at: expect.any(Date),
  })
  expect(Date.now() - (rows[3]?.created_at.getTime() ?? 0)).toBeLessThan(60_000)
})

test('11 reports are refused, and nothing is written', async () => {
  const { db, kinds } = counting()
  await expect(
    storeErrorReports(db, batchOf(11, 'eleven'), { customerId: null, userAgent: null }),
  ).rejects.toThrow(RangeError)
  await expect(storeErrorReports(db, [], { customerId: null, userAgent: null })).rejects.toThrow(
    'A batch holds 1 to 10 reports, not 0',
  )
  expect(kinds).toEqual([])
})

test('a guest report: no customer, optional fields empty, the header as user agent', async () => {
  const [stored] = await storeErrorReports(
    t.db,
    ClientErrorBatchSchema.parse([{ level: 'warning', message: 'guest' }]),
    { customerId: null, userAgent: `Agent/${'x'.repeat(600)}` },
  )
  const row = await t.db
    .selectFrom('error_reports')
    .select(['level', 'stack_trace', 'context', 'url', 'user_agent', 'customer_id'])
    .where('id', '=', stored?.id ?? '')
    .executeTakeFirstOrThrow()
  expect(row).toEqual({
    level: 'warning',
    stack_trace: null,
    context: null,
    url: null,
    user_agent: `Agent/${'x'.repeat(494)}`,
    customer_id: null,
  })
})

test("the report's own user agent wins over the header", async () => {
  const [stored] = await storeErrorReports(
    t.db,
    ClientErrorBatchSchema.parse([{ message: 'ua', user_agent: 'Reported/1.0' }]),
    { customerId: null, userAgent: 'Header/2.0' },
  )
  const row = await t.db
    .selectFrom('error_reports')
    .select('user_agent')
    .where('id', '=', stored?.id ?? '')
    .executeTakeFirstOrThrow()
  expect(row.user_agent).toBe('Reported/1.0')
})
