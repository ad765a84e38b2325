import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createProduct, createVariant } from '~/db/seed/factories.server'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { expireOrder, markOrderPaid } from './payment-events.server'
import { placeOrder } from './place-order.server'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

/** A Stripe order for 2 of a plain product and 3 of an option, as checkout leaves it. */
async function stripeOrder() {
  const plain = await createProduct(t.db, { stock_quantity: 10 })
  const withOptions = await createProduct(t.db, { stock_quantity: 20 })
  const option = await createVariant(t.db, withOptions.id, { stock_quantity: 20 })
  const customerId = crypto.randomUUID()
  await t.db
    .insertInto('customers')
    .values({
      id: customerId,
      name: 'Ann Lee',
      email: `${customerId}@example.com`,
      first_name: 'Ann',
      last_name: 'Lee',
    })
    .execute()
  const cartId = crypto.randomUUID()
  await t.db.insertInto('carts').values({ id: cartId, customer_id: customerId }).execute()
  await t.db
    .insertInto('cart_lines')
    .values([
      { id: crypto.randomUUID(), cart_id: cartId, product_id: plain.id, quantity: 2 },
      {
        id: crypto.randomUUID(),
        cart_id: cartId,
        product_id: withOptions.id,
        product_variant_id: option.id,
        quantity: 3,
      },
    ])
    .execute()
  const result = await placeOrder(t.db, {
    customerId,
    idempotencyKey: crypto.randomUUID(),
    contact: { email: 'ann@example.com', phone: '208-555-0100' },
    shippingAddress: {
      firstName: 'Ann',
      lastName: 'Lee',
      street: '12 Orchard Lane',
      city: 'Boise',
      state: 'ID',
      zipCode: '83702',
    },
    shippingMethod: 'standard',
    paymentMethod: 'stripe',
  })
  if (!result.ok) throw new Error(result.message)
  const orderId = result.order.id
  const sessionId = `cs_test_${crypto.randomUUID().replaceAll('-', '')}`
  await t.db
    .updateTable('orders')
    .set({ payment_reference: sessionId })
    .where('id', '=', orderId)
    .execute()
  return { orderId, sessionId, plain, withOptions, option }
}

async function state(ids: Awaited<ReturnType<typeof stripeOrder>>) {
  const order = await t.db
    .selectFrom('orders')
    .select(['status', 'payment_status'])
    .where('id', '=', ids.orderId)
    .executeTakeFirstOrThrow()
  const stock = async (table: 'products' | 'product_variants', id: string) =>
    (
      await t.db
        .selectFrom(table)
        .select('stock_quantity')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).stock_quantity
  return {
    ...order,
    plain: await stock('products', ids.plain.id),
    aggregate: await stock('products', ids.withOptions.id),
    option: await stock('product_variants', ids.option.id),
  }
}

describe('payment events', () => {
  test('placeOrder holds the stock of a Stripe order while it waits for payment', async () => {
    const ids = await stripeOrder()
    expect(await state(ids)).toEqual({
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
    expect(await state(ids)).toEqual({
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
