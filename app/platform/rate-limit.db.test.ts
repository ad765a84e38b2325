import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../tests/setup/database'
import { clearAttempts, isRateLimited, limits, recordAttempt } from './rate-limit.server'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(async () => {
  await t?.cleanup()
})

test('five failures for one address in a minute limit it; other addresses are free', async () => {
  const now = new Date('2026-11-21T10:00:00.000Z')
  const key = limits.signInByEmail('Ann@Example.com')
  for (let i = 0; i < 4; i++) await recordAttempt(t.db, [key], now)
  expect(await isRateLimited(t.db, [key], now)).toBe(false)
  await recordAttempt(t.db, [key], now)
  expect(await isRateLimited(t.db, [key], now)).toBe(true)
  expect(await isRateLimited(t.db, [limits.signInByEmail('ann@example.com')], now)).toBe(true)
  expect(await isRateLimited(t.db, [limits.signInByEmail('bob@example.com')], now)).toBe(false)
})

test('the window runs out after a minute and counting starts again', async () => {
  const start = new Date('2026-11-21T11:00:00.000Z')
  const key = limits.resetByEmail('carol@example.com')
  for (let i = 0; i < 3; i++) await recordAttempt(t.db, [key], start)
  expect(await isRateLimited(t.db, [key], start)).toBe(true)
  const later = new Date(start.getTime() + 61_000)
  expect(await isRateLimited(t.db, [key], later)).toBe(false)
  await recordAttempt(t.db, [key], later)
  const row = await t.db
    .selectFrom('rate_limits')
    .select(['count', 'window_started_at'])
    .where('key', '=', key.key)
    .executeTakeFirstOrThrow()
  expect(row).toEqual({ count: 1, window_started_at: later })
})

test('concurrent attempts are all counted', async () => {
  const now = new Date('2026-11-21T12:00:00.000Z')
  const key = limits.signInByIp('203.0.113.9')
  await Promise.all(Array.from({ length: 35 }, () => recordAttempt(t.db, [key], now)))
  const row = await t.db
    .selectFrom('rate_limits')
    .select('count')
    .where('key', '=', key.key)
    .executeTakeFirstOrThrow()
  expect(row.count).toBe(35)
  expect(await isRateLimited(t.db, [key], now)).toBe(true)
})

test('success clears an address', async () => {
  const now = new Date()
  const key = limits.signInByEmail('dave@example.com')
  for (let i = 0; i < 5; i++) await recordAttempt(t.db, [key], now)
  await clearAttempts(t.db, [key])
  expect(await isRateLimited(t.db, [key], now)).toBe(false)
})
