import { afterAll, beforeAll, expect, test } from 'vitest'
import { pageRequest } from '~/platform/admin/pagination'
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/database'
import { listErrorReports } from './errors.server'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(async () => {
  await t?.cleanup()
})

test('error reports newest first, with the customer when one was signed in, 25 a page', async () => {
  const customerId = crypto.randomUUID()
  await t.db
    .insertInto('customers')
    .values({
      id: customerId,
      name: 'Ann Lee',
      email: 'ann@example.com',
      first_name: 'Ann',
      last_name: 'Lee',
    })
    .execute()
  await t.db
    .insertInto('error_reports')
    .values(
      Array.from({ length: 27 }, (_, i) => ({
        id: crypto.randomUUID(),
        level: 'error',
        message: `Boom ${i}`,
        stack_trace: `Error: Boom ${i}\n    at x.js:1`,
        url: '/cart',
        user_agent: 'Chromium',
        customer_id: i === 26 ? customerId : null,
        created_at: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    )
    .execute()
  const first = await listErrorReports(t.db, pageRequest(new URL('http://x/admin/errors')))
  expect(first.info).toMatchObject({ total: 27, pageCount: 2 })
  expect(first.reports).toHaveLength(25)
  expect(first.reports[0]).toMatchObject({ message: 'Boom 26', customer_email: 'ann@example.com' })
  expect(first.reports[1]).toMatchObject({ message: 'Boom 25', customer_email: null })
  const second = await listErrorReports(t.db, pageRequest(new URL('http://x/?page=2')))
  expect(second.reports.map((r) => r.message)).toEqual(['Boom 1', 'Boom 0'])
})
