import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { pageRequest } from '~/platform/admin/pagination'
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/database'
import { exportSubscribersCsv, listSubscribers } from './newsletter.server'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(async () => {
  await t?.cleanup()
})
beforeEach(async () => {
  await t.db.deleteFrom('newsletter_subscribers').execute()
})

let minute = 0
async function subscriber(email: string, status: string) {
  const created = new Date(Date.UTC(2026, 0, 1, 0, ++minute))
  await t.db
    .insertInto('newsletter_subscribers')
    .values({
      id: crypto.randomUUID(),
      email,
      status,
      token: crypto.randomUUID(),
      created_at: created,
      confirmed_at: status === 'pending' ? null : created,
      unsubscribed_at: status === 'unsubscribed' ? created : null,
    })
    .execute()
}

describe('subscribers', () => {
  test('listed by status with counts; exported as CSV oldest first', async () => {
    await subscriber('ann@example.com', 'confirmed')
    await subscriber('=cmd@example.com', 'pending')
    await subscriber('bob@example.com', 'unsubscribed')
    const page = pageRequest(new URL('http://x/admin/newsletter'))
    const all = await listSubscribers(t.db, { status: null, page })
    expect(all.counts).toEqual({ confirmed: 1, pending: 1, unsubscribed: 1 })
    expect(all.info.total).toBe(3)
    expect(all.subscribers.map((s) => s.email)).toEqual([
      'bob@example.com',
      '=cmd@example.com',
      'ann@example.com',
    ])
    const confirmed = await listSubscribers(t.db, { status: 'confirmed', page })
    expect(confirmed.subscribers.map((s) => s.email)).toEqual(['ann@example.com'])
    expect(confirmed.info.total).toBe(1)

    const csv = await exportSubscribersCsv(t.db, null)
    const lines = csv.split('\r\n')
    expect(lines[0]).toBe('email,status,subscribed,confirmed,unsubscribed')
    expect(lines[1]).toBe(
      'ann@example.com,confirmed,2026-01-01T00:01:00.000Z,2026-01-01T00:01:00.000Z,',
    )
    expect(lines[2]).toBe("'=cmd@example.com,pending,2026-01-01T00:02:00.000Z,,")
    expect(lines).toHaveLength(5)
    expect((await exportSubscribersCsv(t.db, 'unsubscribed')).split('\r\n')).toHaveLength(3)
  })
})
