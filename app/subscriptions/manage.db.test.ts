import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createCustomer } from '~/seed/factories.server'
import { createTestDatabase, type TestDatabase } from '../../tests/setup/database'
import { AFTER_CUTOFF, CLOSED, manageScene, NOW } from '../../tests/support/manage-subscription'
import {
  NOTHING_TO_UNDO,
  SUBSCRIPTION_CANCELLED,
  SUBSCRIPTION_CHANGED,
  SUBSCRIPTION_NOT_FOUND,
} from './manage'
import { getCustomerSubscription, listCustomerSubscriptions } from './subscription-view.server'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(async () => {
  await t?.cleanup()
})

const { setUp, change, subscriptionRow, reserved } = manageScene(() => t.db)

describe('skip and undo', () => {
  test('skipping records the box as skipped, moves to the following box and frees its reservation; undo brings it back', async () => {
    const { customer, eggs, subscriptionId } = await setUp()
    expect(await reserved(eggs.id)).toBe(2)

    const skipped = await change(customer.id, subscriptionId, { intent: 'skip', box: '2026-12-03' })
    expect(skipped).toEqual({
      ok: true,
      message: 'Box skipped. Your next box is Thursday, December 10.',
    })
    expect((await subscriptionRow(subscriptionId)).next_date).toBe('2026-12-10')
    const cycles = await t.db
      .selectFrom('subscription_cycles')
      .select(['date', 'status'])
      .where('subscription_id', '=', subscriptionId)
      .execute()
    expect(cycles).toEqual([{ date: '2026-12-03', status: 'skipped' }])
    expect(await reserved(eggs.id)).toBe(0)

    const view = await getCustomerSubscription(t.db, customer.id, subscriptionId, NOW)
    expect(view?.undoable).toEqual({ date: '2026-12-03', text: 'Thursday, December 3' })

    const undone = await change(customer.id, subscriptionId, {
      intent: 'undo-skip',
      box: '2026-12-10',
    })
    expect(undone).toEqual({
      ok: true,
      message: 'Skip undone. Your next box is Thursday, December 3.',
    })
    expect((await subscriptionRow(subscriptionId)).next_date).toBe('2026-12-03')
    const left = await t.db
      .selectFrom('subscription_cycles')
      .select('id')
      .where('subscription_id', '=', subscriptionId)
      .execute()
    expect(left).toEqual([])
    expect(await reserved(eggs.id)).toBe(2)
  })

  test('undo with nothing skipped, or once the skipped box closed, is refused', async () => {
    const { customer, subscriptionId } = await setUp()
    expect(await change(customer.id, subscriptionId, { intent: 'undo-skip' })).toEqual({
      ok: false,
      status: 409,
      message: NOTHING_TO_UNDO,
    })
    await change(customer.id, subscriptionId, { intent: 'skip' })
    const late = await change(customer.id, subscriptionId, { intent: 'undo-skip' }, AFTER_CUTOFF)
    expect(late).toMatchObject({ ok: false, status: 409, message: CLOSED })
    expect((await subscriptionRow(subscriptionId)).next_date).toBe('2026-12-10')
  })

  test('after the cut-off a skip is refused with the box and the cut-off named, and nothing changes', async () => {
    const { customer, eggs, subscriptionId } = await setUp()
    const late = await change(customer.id, subscriptionId, { intent: 'skip' }, AFTER_CUTOFF)
    expect(late).toEqual({ ok: false, status: 409, message: CLOSED })
    expect((await subscriptionRow(subscriptionId)).next_date).toBe('2026-12-03')
    expect(await reserved(eggs.id)).toBe(2)
  })

  test('a page that showed a box since made says that box closed; one moved by another tab says so', async () => {
    const { customer, subscriptionId } = await setUp()
    const made = await change(customer.id, subscriptionId, { intent: 'skip', box: '2026-11-26' })
    expect(made).toEqual({
      ok: false,
      status: 409,
      message: 'Changes to your box for Thursday, November 26 closed Tuesday at 8 pm.',
    })
    const moved = await change(customer.id, subscriptionId, { intent: 'skip', box: '2026-12-10' })
    expect(moved).toEqual({ ok: false, status: 409, message: SUBSCRIPTION_CHANGED })
  })
})

describe('pause and resume', () => {
  test('pause until a date frees the reservation; resume picks the first box still open', async () => {
    const { customer, eggs, subscriptionId } = await setUp()
    const paused = await change(customer.id, subscriptionId, {
      intent: 'pause',
      until: '2026-12-20',
    })
    expect(paused).toEqual({ ok: true, message: 'Paused until Sunday, December 20.' })
    expect(await subscriptionRow(subscriptionId)).toMatchObject({
      status: 'paused',
      paused_until: '2026-12-20',
    })
    expect(await reserved(eggs.id)).toBe(0)
    expect(await change(customer.id, subscriptionId, { intent: 'skip' })).toMatchObject({
      ok: false,
      status: 409,
    })

    // On Wednesday the 2nd the box of the 3rd has closed: the next open one is the 10th.
    const resumed = await change(customer.id, subscriptionId, { intent: 'resume' }, AFTER_CUTOFF)
    expect(resumed).toEqual({
      ok: true,
      message: 'Resumed. Your next box is Thursday, December 10.',
    })
    expect(await subscriptionRow(subscriptionId)).toMatchObject({
      status: 'active',
      paused_until: null,
      next_date: '2026-12-10',
    })
    // Past the horizon of the 2nd (the 9th): reserved from next week's recount on.
    expect(await reserved(eggs.id)).toBe(0)
  })

  test('a pause must end after the next box and within 6 months; resume needs a pause', async () => {
    const { customer, subscriptionId } = await setUp()
    expect(
      await change(customer.id, subscriptionId, { intent: 'pause', until: '2026-12-03' }),
    ).toEqual({
      ok: false,
      status: 400,
      field: 'until',
      message: 'Please choose a date after your next box (Thursday, December 3).',
    })
    expect(
      await change(customer.id, subscriptionId, { intent: 'pause', until: '2027-05-29' }),
    ).toEqual({
      ok: false,
      status: 400,
      field: 'until',
      message: 'A pause can last up to 6 months: please choose a date on or before Friday, May 28.',
    })
    expect(await change(customer.id, subscriptionId, { intent: 'resume' })).toMatchObject({
      ok: false,
      status: 409,
    })
    expect((await subscriptionRow(subscriptionId)).status).toBe('active')
    const late = await change(
      customer.id,
      subscriptionId,
      { intent: 'pause', until: '2026-12-20' },
      AFTER_CUTOFF,
    )
    expect(late).toEqual({ ok: false, status: 409, message: CLOSED })
  })
})

describe('cancel', () => {
  test('cancelled: no reservation, no more changes; listed after the live ones', async () => {
    const { customer, eggs, subscriptionId } = await setUp()
    const late = await change(customer.id, subscriptionId, { intent: 'cancel' }, AFTER_CUTOFF)
    expect(late).toEqual({ ok: false, status: 409, message: CLOSED })
    const cancelled = await change(customer.id, subscriptionId, { intent: 'cancel' })
    expect(cancelled).toMatchObject({ ok: true })
    const row = await subscriptionRow(subscriptionId)
    expect(row.status).toBe('cancelled')
    expect(row.cancelled_at?.getTime()).toBe(NOW.getTime())
    expect(await reserved(eggs.id)).toBe(0)
    expect(await change(customer.id, subscriptionId, { intent: 'skip' })).toEqual({
      ok: false,
      status: 409,
      message: SUBSCRIPTION_CANCELLED,
    })
    const list = await listCustomerSubscriptions(t.db, customer.id, NOW)
    expect(list.map((summary) => summary.statusLabel)).toEqual(['Cancelled'])
  })
})

describe('whose', () => {
  test('another customer’s subscription is not found, for every change, and is left alone', async () => {
    const { subscriptionId } = await setUp()
    const stranger = await createCustomer(t.db)
    for (const input of [
      { intent: 'skip' },
      { intent: 'cancel' },
      { intent: 'pause', until: '2026-12-20' },
    ] as const) {
      expect(await change(stranger.id, subscriptionId, input)).toEqual({
        ok: false,
        status: 404,
        message: SUBSCRIPTION_NOT_FOUND,
      })
    }
    expect(await getCustomerSubscription(t.db, stranger.id, subscriptionId, NOW)).toBeUndefined()
    expect((await subscriptionRow(subscriptionId)).status).toBe('active')
  })

  test('the list shows each subscription with where, how often and the change-by time', async () => {
    const { customer } = await setUp()
    const [summary] = await listCustomerSubscriptions(t.db, customer.id, NOW)
    expect(summary).toMatchObject({
      frequencyLabel: 'Weekly',
      where: 'Pickup at Red Barn, Thursdays 3-6 pm',
      nextDateText: 'Thursday, December 3',
      changeBy: 'Change or skip by Tuesday, December 1 at 8 pm',
      closed: null,
      statusLabel: 'Active',
      items: [{ name: 'Eggs', quantity: 2 }],
    })
    const [late] = await listCustomerSubscriptions(t.db, customer.id, AFTER_CUTOFF)
    expect(late).toMatchObject({ changeBy: null, closed: CLOSED })
  })
})
