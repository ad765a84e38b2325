import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { orderState, placeTestOrder, type TestOrder } from '../../tests/support/orders'
import { expireOrder, markOrderPaid } from './payment-events.server'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

/** A Stripe order as checkout leaves it: placed, stock held, its session id stored. */
async function stripeOrder() {
  const order = await placeTestOrder(t.db, { paymentMethod: 'stripe' })
  const sessionId = `cs_test_${crypto.randomUUID().replaceAll('-', '')}`
  await t.db
    .updateTable('orders')
    .set({ payment_reference: sessionId })
    .where('id', '=', order.orderId)
    .execute()
  return { ...order, sessionId }
}

const state = (order: TestOrder) => orderState(t.db, order)

describe('payment events', () => {
  test('placeOrder holds the stock of a Stripe order while it waits for payment', async () => {
    const ids = await stripeOrder()
    expect(await state(ids)).toMatchObject({
      status: 'pending_payment',
      payment_status: 'pending',
      plain: 8,
      aggregate: 17,
      option: 17,
    })
  })

  test('completed marks the order paid; the same event again changes nothing', async () => {
    const ids = await stripeOrder()
    expect(await markOrderPaid(t.db, ids)).toBe('changed')
    expect(await markOrderPaid(t.db, ids)).toBe('unchanged')
    expect(await state(ids)).toMatchObject({ status: 'paid', payment_status: 'paid', plain: 8 })
  })

  test('expired cancels and returns the stock exactly once, however often it arrives', async () => {
    const ids = await stripeOrder()
    expect(await expireOrder(t.db, ids)).toBe('changed')
    expect(await expireOrder(t.db, ids)).toBe('unchanged')
    expect(await state(ids)).toMatchObject({
      status: 'cancelled',
      payment_status: 'expired',
      plain: 10,
      aggregate: 20,
      option: 20,
    })
  })

  test('completed after expired (out of order) does not bring a cancelled order back', async () => {
    const ids = await stripeOrder()
    await expireOrder(t.db, ids)
    expect(await markOrderPaid(t.db, ids)).toBe('unchanged')
    expect(await state(ids)).toMatchObject({ status: 'cancelled', plain: 10, option: 20 })
  })

  test('expired after completed leaves a paid order and its stock alone', async () => {
    const ids = await stripeOrder()
    await markOrderPaid(t.db, ids)
    expect(await expireOrder(t.db, ids)).toBe('unchanged')
    expect(await state(ids)).toMatchObject({ status: 'paid', plain: 8, option: 17 })
  })

  test('an event for another session of the order, or an unknown order, is ignored', async () => {
    const ids = await stripeOrder()
    expect(await markOrderPaid(t.db, { ...ids, sessionId: 'cs_test_other' })).toBe('unchanged')
    expect(await expireOrder(t.db, { ...ids, sessionId: 'cs_test_other' })).toBe('unchanged')
    expect(await state(ids)).toMatchObject({ status: 'pending_payment', plain: 8 })
    const unknown = { orderId: crypto.randomUUID(), sessionId: ids.sessionId }
    expect(await markOrderPaid(t.db, unknown)).toBe('unknown-order')
    expect(await expireOrder(t.db, unknown)).toBe('unknown-order')
  })
})
