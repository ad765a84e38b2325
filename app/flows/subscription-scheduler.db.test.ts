import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { AFTER_NEXT_CUTOFF, NEXT_BOX, subscribed } from '../../tests/support/subscriptions'
import { runScheduler } from './subscription-scheduler.server'

// The scheduler's one pass (ADR 32): a subscriber's next box is made once at its cut-off, even
// when two runs (two instances) go at the same moment, and the stock kept for the box after
// it is counted again as the horizon moves.

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

test('two runs at the same moment make the due box once, then reserve the following one', async () => {
  const { subscription, product } = await subscribed(t.db, { quantity: 2 })
  expect(subscription.next_date).toBe(NEXT_BOX)

  const runs = await Promise.all([
    runScheduler(t.db, AFTER_NEXT_CUTOFF),
    runScheduler(t.db, AFTER_NEXT_CUTOFF),
  ])
  expect(runs.map((run) => run.made).sort()).toEqual([0, 1])

  const boxes = await t.db
    .selectFrom('orders')
    .select(['idempotency_key', 'fulfilment_date'])
    .where('idempotency_key', 'like', `subscription:${subscription.id}:%`)
    .execute()
  expect(boxes).toEqual([
    { idempotency_key: `subscription:${subscription.id}:${NEXT_BOX}`, fulfilment_date: NEXT_BOX },
  ])
  const cycles = await t.db
    .selectFrom('subscription_cycles')
    .select(['date', 'status'])
    .where('subscription_id', '=', subscription.id)
    .execute()
  expect(cycles).toEqual([{ date: NEXT_BOX, status: 'ordered' }])

  const next = await t.db
    .selectFrom('subscriptions')
    .select('next_date')
    .where('id', '=', subscription.id)
    .executeTakeFirstOrThrow()
  expect(next.next_date).toBe('2026-12-10')
  const stock = () =>
    t.db
      .selectFrom('products')
      .select(['stock_quantity', 'reserved_quantity'])
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow()
  // 20 - 2 (first box) - 2 (this box); Dec 10 is beyond the week from Dec 2
  expect(await stock()).toEqual({ stock_quantity: 16, reserved_quantity: 0 })
  // A day on, the horizon reaches Dec 10: its 2 are kept for the subscriber by the recount.
  await runScheduler(t.db, new Date('2026-12-03T19:00:00Z'))
  expect(await stock()).toEqual({ stock_quantity: 16, reserved_quantity: 2 })

  // Nothing was due again: that run made nothing.
  const again = await runScheduler(t.db, AFTER_NEXT_CUTOFF)
  expect(again.made + again.failed + again.skipped).toBe(0)
})
