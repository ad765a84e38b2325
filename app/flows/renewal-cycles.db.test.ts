import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { BOX_PAUSED, BOX_WINDOW_GONE } from '~/flows/renew-subscription'
import {
  createCustomer,
  createPickupPlace,
  createProduct,
  createSubscription,
  createWindow,
} from '~/seed/factories.server'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { AFTER_NEXT_CUTOFF, NEXT_BOX } from '../../tests/support/subscriptions'
import { makeDueCycles } from './renewal-cycles.server'

// The scheduler's first step (issue 21, ADR 32): the boxes whose cut-off has passed, and only
// those, are made, skipped or recorded as failed, once however often it runs.

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

async function cycleOf(subscriptionId: string) {
  return t.db
    .selectFrom('subscription_cycles')
    .select(['date', 'status', 'message'])
    .where('subscription_id', '=', subscriptionId)
    .execute()
}

describe('making the due boxes', () => {
  test('only boxes past their cut-off, each once', async () => {
    const place = await createPickupPlace(t.db)
    // Thursday 3-6 pm, ordering closes 24 hours before: Wednesday 3 pm
    const thursday = await createWindow(t.db, { place_id: place.id })
    // Thursday, ordering closes Tuesday 8 pm: long past
    const early = await createWindow(
      t.db,
      { place_id: place.id },
      { cutoff_hours: null, cutoff_days_before: 2, cutoff_time: '20:00' },
    )
    // Thursday, ordering open until the window starts: still ahead
    const late = await createWindow(t.db, { place_id: place.id }, { cutoff_hours: 0 })
    const off = await createWindow(t.db, { place_id: place.id }, { is_active: false })
    const product = await createProduct(t.db, {
      stock_quantity: 50,
      subscription_frequencies: 'weekly',
    })
    const customer = await createCustomer(t.db)
    const items = [{ product_id: product.id }]
    const subscribe = (windowId: string, overrides = {}) =>
      createSubscription(t.db, { customerId: customer.id, windowId }, items, {
        next_date: NEXT_BOX,
        ...overrides,
      })
    const due = await subscribe(thursday.id)
    const dueEarly = await subscribe(early.id)
    const notYet = await subscribe(late.id)
    const nextWeek = await subscribe(thursday.id, { next_date: '2026-12-10' })
    const paused = await subscribe(thursday.id, { status: 'paused', paused_until: '2026-12-31' })
    const pending = await subscribe(thursday.id, { status: 'pending' })
    const windowOff = await subscribe(off.id)

    expect(await makeDueCycles(t.db, AFTER_NEXT_CUTOFF)).toEqual({
      made: 2,
      failed: 1,
      skipped: 1,
    })
    expect(await cycleOf(due.id)).toEqual([{ date: NEXT_BOX, status: 'ordered', message: null }])
    expect(await cycleOf(dueEarly.id)).toEqual([
      { date: NEXT_BOX, status: 'ordered', message: null },
    ])
    expect(await cycleOf(paused.id)).toEqual([
      { date: NEXT_BOX, status: 'skipped', message: BOX_PAUSED },
    ])
    expect(await cycleOf(windowOff.id)).toEqual([
      { date: NEXT_BOX, status: 'failed', message: BOX_WINDOW_GONE },
    ])
    for (const untouched of [notYet, nextWeek, pending]) {
      expect(await cycleOf(untouched.id)).toEqual([])
    }

    // The next run, a minute on, has nothing left to do.
    const minuteLater = new Date(AFTER_NEXT_CUTOFF.getTime() + 60_000)
    expect(await makeDueCycles(t.db, minuteLater)).toEqual({ made: 0, failed: 0, skipped: 0 })
    const orders = await t.db
      .selectFrom('orders')
      .select('id')
      .where('customer_id', '=', customer.id)
      .execute()
    expect(orders).toHaveLength(2)
  })
})
