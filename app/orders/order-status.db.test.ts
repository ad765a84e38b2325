import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createCustomer } from '~/seed/factories.server'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { orderState, placeTestOrder, type TestOrder } from '../../tests/support/orders'
import { changeOrderStatus } from './order-status.server'
import type { OrderStatusInput } from './order-workflow'
import { expireOrder } from './payment-events.server'

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

const move = (order: TestOrder, input: OrderStatusInput) =>
  changeOrderStatus(t.db, order.orderId, adminId, input)

async function mailsTo(email: string) {
  return t.db
    .selectFrom('email_outbox')
    .select(['subject', 'text_body', 'template'])
    .where('to_address', '=', email)
    .orderBy('created_at')
    .execute()
}

async function auditRows(orderId: string) {
  return t.db
    .selectFrom('audit_log')
    .select(['actor_id', 'action', 'entity_type', 'details'])
    .where('entity_id', '=', orderId)
    .orderBy('created_at')
    .execute()
}

describe('order status workflow', () => {
  test('a delivered order: paid -> processing -> shipped -> completed, emailed and audited', async () => {
    const order = await placeTestOrder(t.db)
    expect(await move(order, { intent: 'paid', from: 'pending_payment' })).toEqual({
      ok: true,
      status: 'paid',
    })
    expect(await move(order, { intent: 'processing', from: 'paid' })).toMatchObject({ ok: true })
    expect(
      await move(order, {
        intent: 'shipped',
        from: 'processing',
        carrier: 'USPS',
        trackingNumber: '9400 1000 0000 0000 0000 01',
      }),
    ).toMatchObject({ ok: true, status: 'shipped' })
    expect(await orderState(t.db, order)).toMatchObject({
      status: 'shipped',
      payment_status: 'paid',
      carrier: 'USPS',
      tracking_number: '9400 1000 0000 0000 0000 01',
    })
    expect(await move(order, { intent: 'completed', from: 'shipped' })).toMatchObject({ ok: true })

    const mails = await mailsTo(order.email)
    // The order confirmation, then one per customer-facing step (processing is the farm's own).
    expect(mails.map((m) => m.template)).toEqual([
      'order-confirmation',
      'order-paid',
      'order-shipped',
      'order-completed',
    ])
    const shipped = mails.find((m) => m.template === 'order-shipped')
    expect(shipped?.subject).toBe(`Order FS-${order.orderNumber} has shipped`)
    expect(shipped?.text_body).toContain('Carrier: USPS')
    expect(shipped?.text_body).toContain('Tracking number: 9400 1000 0000 0000 0000 01')

    const audit = await auditRows(order.orderId)
    expect(audit).toHaveLength(4)
    expect(audit.every((row) => row.actor_id === adminId && row.action === 'order.status')).toBe(
      true,
    )
    expect(JSON.parse(audit[2]?.details ?? '{}')).toEqual({
      before: { status: 'processing' },
      after: { status: 'shipped', carrier: 'USPS', tracking_number: '9400 1000 0000 0000 0000 01' },
    })
  })

  test('a pickup order is made ready for pickup, never shipped', async () => {
    const order = await placeTestOrder(t.db, { shippingMethod: 'pickup' })
    await move(order, { intent: 'paid', from: 'pending_payment' })
    await move(order, { intent: 'processing', from: 'paid' })
    expect(
      await move(order, {
        intent: 'shipped',
        from: 'processing',
        carrier: 'UPS',
        trackingNumber: '1Z999',
      }),
    ).toEqual({ ok: false, reason: 'not-allowed', current: 'processing' })
    expect(await move(order, { intent: 'ready_for_pickup', from: 'processing' })).toMatchObject({
      ok: true,
    })
    const mail = (await mailsTo(order.email)).find((m) => m.template === 'order-ready-for-pickup')
    expect(mail?.subject).toBe(`Order FS-${order.orderNumber} is ready for pickup`)
  })

  test('pay at pickup: packed and ready while unpaid, then collected and paid in one step', async () => {
    const order = await placeTestOrder(t.db, { shippingMethod: 'pickup' })
    expect(await move(order, { intent: 'ready_for_pickup', from: 'pending_payment' })).toEqual({
      ok: true,
      status: 'ready_for_pickup',
    })
    const ready = await t.db
      .selectFrom('orders')
      .select(['status', 'payment_status', 'packed_at', 'total_cents'])
      .where('id', '=', order.orderId)
      .executeTakeFirstOrThrow()
    expect(ready).toMatchObject({ status: 'ready_for_pickup', payment_status: 'pending' })
    expect(ready.packed_at).toBeInstanceOf(Date)
    // Paying on the spot is one step; "completed" alone would leave the payment unrecorded.
    expect(await move(order, { intent: 'completed', from: 'ready_for_pickup' })).toMatchObject({
      ok: false,
      reason: 'not-allowed',
    })
    expect(await move(order, { intent: 'collected', from: 'ready_for_pickup' })).toEqual({
      ok: true,
      status: 'completed',
    })
    expect(await orderState(t.db, order)).toMatchObject({
      status: 'completed',
      payment_status: 'paid',
    })

    const mails = await mailsTo(order.email)
    const readyMail = mails.find((m) => m.template === 'order-ready-for-pickup')
    const total = `$${(ready.total_cents / 100).toFixed(2)}`
    expect(readyMail?.text_body).toContain(`Please bring ${total}; we take cash or card at pickup.`)
    // Nobody is told "we have received your payment" before paying.
    expect(mails.filter((m) => m.template === 'order-paid')).toHaveLength(0)
    expect(readyMail?.text_body).not.toContain('received your payment')
    const done = mails.find((m) => m.template === 'order-completed')
    expect(done?.text_body).toContain('We have received your payment')
    const audit = await auditRows(order.orderId)
    expect(JSON.parse(audit.at(-1)?.details ?? '{}')).toEqual({
      before: { status: 'ready_for_pickup', payment_status: 'pending' },
      after: { status: 'completed', payment_status: 'paid' },
    })
  })

  test('refused steps change nothing and send nothing', async () => {
    const order = await placeTestOrder(t.db)
    const before = await orderState(t.db, order)
    // skipping ahead, going back, and a delivered order waiting at the farm
    expect(await move(order, { intent: 'completed', from: 'pending_payment' })).toMatchObject({
      ok: false,
      reason: 'not-allowed',
    })
    expect(await move(order, { intent: 'processing', from: 'pending_payment' })).toMatchObject({
      ok: false,
      reason: 'not-allowed',
    })
    await move(order, { intent: 'paid', from: 'pending_payment' })
    await move(order, { intent: 'processing', from: 'paid' })
    expect(await move(order, { intent: 'ready_for_pickup', from: 'processing' })).toMatchObject({
      ok: false,
      reason: 'not-allowed',
    })
    expect(await orderState(t.db, order)).toMatchObject({
      ...before,
      status: 'processing',
      payment_status: 'paid',
    })
    expect(await auditRows(order.orderId)).toHaveLength(2)
    // a stale page: the order is no longer where the admin saw it
    expect(await move(order, { intent: 'cancelled', from: 'paid' })).toEqual({
      ok: false,
      reason: 'conflict',
      current: 'processing',
    })
    expect(
      await changeOrderStatus(t.db, crypto.randomUUID(), adminId, {
        intent: 'paid',
        from: 'pending_payment',
      }),
    ).toEqual({
      ok: false,
      reason: 'not-found',
    })
  })

  test('shipped orders cannot be cancelled; completed and cancelled are the end', async () => {
    const order = await placeTestOrder(t.db)
    await move(order, { intent: 'paid', from: 'pending_payment' })
    await move(order, { intent: 'processing', from: 'paid' })
    await move(order, {
      intent: 'shipped',
      from: 'processing',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    })
    expect(await move(order, { intent: 'cancelled', from: 'shipped' })).toMatchObject({
      reason: 'not-allowed',
    })
    await move(order, { intent: 'completed', from: 'shipped' })
    expect(await move(order, { intent: 'cancelled', from: 'completed' })).toMatchObject({
      reason: 'not-allowed',
    })
  })

  test('two admins at once: one change wins, the other is told the current status', async () => {
    const order = await placeTestOrder(t.db)
    await move(order, { intent: 'paid', from: 'pending_payment' })
    const results = await Promise.all([
      move(order, { intent: 'processing', from: 'paid' }),
      move(order, { intent: 'cancelled', from: 'paid' }),
    ])
    const winners = results.filter((r) => r.ok)
    const losers = results.filter((r) => !r.ok)
    expect(winners).toHaveLength(1)
    expect(losers).toHaveLength(1)
    const winner = winners[0] as { ok: true; status: string }
    expect(losers[0]).toEqual({ ok: false, reason: 'conflict', current: winner.status })
    expect((await orderState(t.db, order)).status).toBe(winner.status)
    expect(await auditRows(order.orderId)).toHaveLength(2)
  })

  test('cancel returns the stock exactly once, even when sent twice at the same moment', async () => {
    const order = await placeTestOrder(t.db)
    expect(await orderState(t.db, order)).toMatchObject({ plain: 8, aggregate: 17, option: 17 })
    const results = await Promise.all([
      move(order, { intent: 'cancelled', from: 'pending_payment' }),
      move(order, { intent: 'cancelled', from: 'pending_payment' }),
    ])
    expect(results.filter((r) => r.ok)).toHaveLength(1)
    expect(await orderState(t.db, order)).toMatchObject({
      status: 'cancelled',
      plain: 10,
      aggregate: 20,
      option: 20,
    })
    // Once more, later, and Stripe's expiry arriving after: still once.
    expect(await move(order, { intent: 'cancelled', from: 'pending_payment' })).toMatchObject({
      reason: 'conflict',
      current: 'cancelled',
    })
    expect(await expireOrder(t.db, { orderId: order.orderId, sessionId: null })).toBe('unchanged')
    expect(await orderState(t.db, order)).toMatchObject({ plain: 10, aggregate: 20, option: 20 })

    const cancelled = (await mailsTo(order.email)).filter((m) => m.template === 'order-cancelled')
    expect(cancelled).toHaveLength(1)
    expect(cancelled[0]?.text_body).toContain('You have not been charged')
    expect(await auditRows(order.orderId)).toHaveLength(1)
  })

  test('a cancelled order that refills a sold-out product tells its waiting list, once', async () => {
    const order = await placeTestOrder(t.db)
    // The rest of the plain product sold elsewhere; a customer waits for it.
    await t.db
      .updateTable('products')
      .set({ stock_quantity: 0 })
      .where('id', '=', order.plain.id)
      .execute()
    const waiterId = crypto.randomUUID()
    const waiterEmail = `${waiterId}@example.com`
    await t.db
      .insertInto('customers')
      .values({
        id: waiterId,
        name: 'Wen Wait',
        email: waiterEmail,
        first_name: 'Wen',
        last_name: 'Wait',
      })
      .execute()
    await t.db
      .insertInto('waiting_list')
      .values({
        id: crypto.randomUUID(),
        customer_id: waiterId,
        product_id: order.plain.id,
        quantity: 1,
        notify_by_email: true,
      })
      .execute()

    await move(order, { intent: 'cancelled', from: 'pending_payment' })
    await expireOrder(t.db, { orderId: order.orderId, sessionId: null })

    const entry = await t.db
      .selectFrom('waiting_list')
      .select(['status'])
      .where('customer_id', '=', waiterId)
      .executeTakeFirstOrThrow()
    expect(entry.status).toBe('notified')
    const mails = (await mailsTo(waiterEmail)).filter((m) => m.template === 'stock-held')
    expect(mails).toHaveLength(1)
  })

  test('a paid order cancelled tells the customer a refund is coming', async () => {
    const order = await placeTestOrder(t.db)
    await move(order, { intent: 'paid', from: 'pending_payment' })
    await move(order, { intent: 'cancelled', from: 'paid' })
    const mail = (await mailsTo(order.email)).find((m) => m.template === 'order-cancelled')
    expect(mail?.text_body).toContain('refunded')
    expect(await orderState(t.db, order)).toMatchObject({ plain: 10, option: 20 })
  })
})
