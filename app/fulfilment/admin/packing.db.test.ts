import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { changeOrderStatus } from '~/orders/order-status.server'
import { weighFirst } from '~/orders/weights'
import { recordWeights } from '~/orders/weights.server'
import { createCustomer } from '~/seed/factories.server'
import { createTestApp } from '../../../tests/setup/app'
import type { TestDatabase } from '../../../tests/setup/database'
import { orderState, placeTestOrder, type TestOrder } from '../../../tests/support/orders'
import { markHandedOver, markPacked } from './packing.server'

// Issue 32 item 7: an order paid at the handover is handed over in one step, packed or not,
// from the pack list (markHandedOver) or the order page (changeOrderStatus): completed, paid,
// one audit row and one email, all or nothing.

let t: TestDatabase
let adminId: string
beforeAll(async () => {
  t = await createTestApp()
  adminId = (await createCustomer(t.db, { first_name: 'Ruth', last_name: 'Admin', is_admin: true }))
    .id
})
afterAll(async () => {
  await t?.cleanup()
})

async function stateOf(order: TestOrder) {
  const row = await t.db
    .selectFrom('orders')
    .select(['status', 'payment_status', 'packed_at'])
    .where('id', '=', order.orderId)
    .executeTakeFirstOrThrow()
  const mails = await t.db
    .selectFrom('email_outbox')
    .select(['template', 'text_body'])
    .where('to_address', '=', order.email)
    .execute()
  const audit = await t.db
    .selectFrom('audit_log')
    .select(['actor_id', 'action', 'details'])
    .where('entity_id', '=', order.orderId)
    .execute()
  return {
    ...row,
    templates: mails.map((mail) => mail.template).sort(),
    completedMail: mails.find((mail) => mail.template === 'order-completed')?.text_body,
    audit: audit.map((row) => ({ ...row, details: JSON.parse(row.details ?? '{}') })),
  }
}

describe('one step at the pickup table', () => {
  test('from the pack list: not packed, collected and paid in one click', async () => {
    const order = await placeTestOrder(t.db, { shippingMethod: 'pickup' })
    expect(await markHandedOver(t.db, adminId, order.orderId)).toEqual({
      done: 1,
      skipped: 0,
      unweighed: 0,
    })
    const state = await stateOf(order)
    expect(state).toMatchObject({ status: 'completed', payment_status: 'paid' })
    expect(state.packed_at).not.toBeNull()
    // The confirmation at checkout, then one email for the handover: not "ready" as well.
    expect(state.templates).toEqual(['order-completed', 'order-confirmation'])
    expect(state.completedMail).toContain('We have received your payment')
    expect(state.audit).toEqual([
      {
        actor_id: adminId,
        action: 'order.status',
        details: {
          before: { status: 'pending_payment', payment_status: 'pending' },
          after: { status: 'completed', payment_status: 'paid' },
        },
      },
    ])
    // Done is done: a second click (another tab) changes nothing and sends nothing.
    expect(await markHandedOver(t.db, adminId, order.orderId)).toMatchObject({ done: 0 })
    expect((await stateOf(order)).templates).toHaveLength(2)
  })

  test('from the order page: collected and paid while processing; the two-step path remains', async () => {
    const oneStep = await placeTestOrder(t.db, { shippingMethod: 'pickup' })
    await changeOrderStatus(t.db, oneStep.orderId, adminId, {
      intent: 'processing',
      from: 'pending_payment',
    })
    expect(
      await changeOrderStatus(t.db, oneStep.orderId, adminId, {
        intent: 'collected',
        from: 'processing',
      }),
    ).toEqual({ ok: true, status: 'completed' })
    expect(await orderState(t.db, oneStep)).toMatchObject({
      status: 'completed',
      payment_status: 'paid',
    })

    const twoSteps = await placeTestOrder(t.db, { shippingMethod: 'pickup' })
    expect(await markPacked(t.db, adminId, [twoSteps.orderId])).toMatchObject({ done: 1 })
    expect(await markHandedOver(t.db, adminId, twoSteps.orderId)).toMatchObject({ done: 1 })
    const state = await stateOf(twoSteps)
    expect(state).toMatchObject({ status: 'completed', payment_status: 'paid' })
    expect(state.templates).toEqual([
      'order-completed',
      'order-confirmation',
      'order-ready-for-pickup',
    ])
    expect(state.audit).toHaveLength(2)
  })

  test('local delivery paid on delivery: delivered and paid in one step', async () => {
    const order = await placeTestOrder(t.db, { shippingMethod: 'pickup' })
    // placeTestOrder has no delivery zone; the workflow reads only the method.
    await t.db
      .updateTable('orders')
      .set({ shipping_method: 'delivery' })
      .where('id', '=', order.orderId)
      .execute()
    expect(
      await changeOrderStatus(t.db, order.orderId, adminId, {
        intent: 'collected',
        from: 'pending_payment',
      }),
    ).toMatchObject({ ok: false, reason: 'not-allowed' })
    expect(await markHandedOver(t.db, adminId, order.orderId)).toMatchObject({ done: 1 })
    const state = await stateOf(order)
    expect(state).toMatchObject({ status: 'completed', payment_status: 'paid' })
    expect(state.templates).toEqual(['order-completed', 'order-confirmation'])
  })

  test('a card order or a parcel is not handed over unpacked', async () => {
    const parcel = await placeTestOrder(t.db, { shippingMethod: 'standard' })
    expect(await markHandedOver(t.db, adminId, parcel.orderId)).toMatchObject({ done: 0 })
    expect(
      await changeOrderStatus(t.db, parcel.orderId, adminId, {
        intent: 'collected',
        from: 'pending_payment',
      }),
    ).toMatchObject({ ok: false, reason: 'not-allowed' })
    expect(await orderState(t.db, parcel)).toMatchObject({
      status: 'pending_payment',
      payment_status: 'pending',
    })
  })

  test('by weight: refused until weighed, naming the lines to weigh; then one step', async () => {
    const order = await placeTestOrder(t.db, {
      shippingMethod: 'pickup',
      plain: { name: 'Ribeye Steak', sold_by_weight: true, average_weight_centi_lb: 110 },
      optionQuantity: 0,
    })
    const refused = await markHandedOver(t.db, adminId, order.orderId)
    expect(refused).toEqual({ done: 0, skipped: 1, unweighed: 1, toWeigh: ['Ribeye Steak'] })
    expect(weighFirst(refused.toWeigh ?? [])).toBe(
      'Weigh every piece priced by weight first: what the customer pays depends on it. Still to weigh: Ribeye Steak.',
    )
    const untouched = await stateOf(order)
    expect(untouched).toMatchObject({ status: 'pending_payment', payment_status: 'pending' })
    expect(untouched.audit).toEqual([])
    expect(untouched.templates).toEqual(['order-confirmation'])

    // One piece of two weighed: still named.
    const item = await t.db
      .selectFrom('order_items')
      .select('id')
      .where('order_id', '=', order.orderId)
      .executeTakeFirstOrThrow()
    const piece = (n: number, centiLb: number | null) => ({ itemId: item.id, piece: n, centiLb })
    await recordWeights(t.db, adminId, {
      orderId: order.orderId,
      weights: [piece(1, 105), piece(2, null)],
    })
    expect(
      await changeOrderStatus(t.db, order.orderId, adminId, {
        intent: 'collected',
        from: 'pending_payment',
      }),
    ).toEqual({ ok: false, reason: 'not-weighed', toWeigh: ['Ribeye Steak'] })

    await recordWeights(t.db, adminId, {
      orderId: order.orderId,
      weights: [piece(1, 105), piece(2, 112)],
    })
    expect(await markHandedOver(t.db, adminId, order.orderId)).toMatchObject({ done: 1 })
    expect(await stateOf(order)).toMatchObject({ status: 'completed', payment_status: 'paid' })
  })
})
