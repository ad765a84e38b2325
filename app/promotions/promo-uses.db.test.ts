import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { changeOrderStatus } from '~/orders/order-status.server'
import { expireOrder } from '~/orders/payment-events.server'
import { createCustomer } from '~/seed/factories.server'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { placeTestOrder } from '../../tests/support/orders'

// A cancelled order gives its promo code's use back (issue 31 item 6), once, whichever way it
// is cancelled: by the farm (Cancel Order), or by its payment page expiring.

let t: TestDatabase
let adminId: string
beforeAll(async () => {
  t = await createTestApp()
  adminId = (await createCustomer(t.db, { first_name: 'Ruth', is_admin: true })).id
})
afterAll(async () => {
  await t?.cleanup()
})

/** A $5-off code that can be used `limit` times; its name. */
async function limitedCode(limit: number) {
  const code = `ONCE${crypto.randomUUID().slice(0, 6).toUpperCase()}`
  await t.db
    .insertInto('promo_codes')
    .values({
      id: crypto.randomUUID(),
      code,
      discount_type: 'fixed',
      discount_value: 500,
      usage_limit: limit,
    })
    .execute()
  return code
}

async function timesUsed(code: string) {
  const row = await t.db
    .selectFrom('promo_codes')
    .select('times_used')
    .where('code', '=', code)
    .executeTakeFirstOrThrow()
  return row.times_used
}

describe('a cancelled order gives its promo use back', () => {
  test('Cancel Order, sent twice at the same moment and again later: one use back', async () => {
    const code = await limitedCode(2)
    const first = await placeTestOrder(t.db, { promoCode: code })
    await placeTestOrder(t.db, { promoCode: code })
    expect(await timesUsed(code)).toBe(2)

    const cancel = () =>
      changeOrderStatus(t.db, first.orderId, adminId, {
        intent: 'cancelled',
        from: 'pending_payment',
      })
    const answers = await Promise.all([cancel(), cancel()])
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1)
    expect(await cancel()).toMatchObject({ ok: false, reason: 'conflict' })
    expect(await timesUsed(code)).toBe(1)

    // The use given back is a use again: a third order may have it, a fourth may not.
    await placeTestOrder(t.db, { promoCode: code })
    expect(await timesUsed(code)).toBe(2)
    await expect(placeTestOrder(t.db, { promoCode: code })).rejects.toThrow()
  })

  test('a payment page that expires cancels the order and gives the use back, once', async () => {
    const code = await limitedCode(1)
    const order = await placeTestOrder(t.db, { promoCode: code, paymentMethod: 'stripe' })
    expect(await timesUsed(code)).toBe(1)
    const expire = () => expireOrder(t.db, { orderId: order.orderId, sessionId: null })
    expect(await Promise.all([expire(), expire()])).toEqual(
      expect.arrayContaining(['changed', 'unchanged']),
    )
    expect(await expire()).toBe('unchanged')
    expect(await timesUsed(code)).toBe(0)
  })

  test('an order that did not use its code gives nothing back', async () => {
    const code = await limitedCode(3)
    await placeTestOrder(t.db, { promoCode: code })
    const without = await placeTestOrder(t.db)
    await changeOrderStatus(t.db, without.orderId, adminId, {
      intent: 'cancelled',
      from: 'pending_payment',
    })
    expect(await timesUsed(code)).toBe(1)
  })
})
