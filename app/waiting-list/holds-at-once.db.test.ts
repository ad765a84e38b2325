import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { claimHoldIntoCart } from '~/cart/claim-hold.server'
import { placeOrder } from '~/flows/place-order.server'
import { createCustomer, createProduct, createWaitingListEntry } from '~/seed/factories.server'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import {
  type Customer,
  HOUR,
  holdOf,
  mailCount,
  person,
  RESTOCKED_AT,
  tokenFor,
} from '../../tests/support/holds'
import { fillCart } from '../../tests/support/orders'
import { expireStockHolds } from './holds.server'
import { notifyRestocked } from './restock.server'

// ADR 29 under load: sweeps, a restock, the holder and another shopper at once, on two options
// of one product, never deadlock, and the holds still add up.

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

describe('everything at once', () => {
  test('sweeps, a restock, the holder and another shopper on two options: no deadlock, holds add up', async () => {
    const product = await createProduct(t.db, { name: 'Beef Share', stock_quantity: 0 })
    const [a, b] = await Promise.all(
      ['Quarter', 'Half'].map((name, index) =>
        t.db
          .insertInto('product_variants')
          .values({
            id: crypto.randomUUID(),
            product_id: product.id,
            name,
            price_cents: 10_000 * (index + 1),
            stock_quantity: 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      ),
    )
    if (!a || !b) throw new Error('no options')
    const queues: Record<string, Array<{ customer: Customer; entryId: string }>> = {}
    let minute = 0
    for (const option of [a.id, b.id]) {
      queues[option] = []
      for (let i = 0; i < 5; i++) {
        const customer = await createCustomer(t.db)
        const row = await createWaitingListEntry(t.db, customer.id, product.id, {
          product_variant_id: option,
          created_at: new Date(Date.UTC(2026, 0, 1) + minute++ * 60_000),
        })
        queues[option]?.push({ customer, entryId: row.id })
      }
    }
    // 3 of each come back and are held for the first three; then 1 more of each, free.
    for (const option of [a.id, b.id]) {
      await t.db
        .updateTable('product_variants')
        .set({ stock_quantity: 3 })
        .where('id', '=', option)
        .execute()
    }
    await t.db.transaction().execute((trx) => notifyRestocked(trx, [product.id], RESTOCKED_AT))
    for (const option of [a.id, b.id]) {
      await t.db
        .updateTable('product_variants')
        .set({ stock_quantity: 4 })
        .where('id', '=', option)
        .execute()
    }
    // The first of each queue has run out of time.
    for (const option of [a.id, b.id]) {
      await t.db
        .updateTable('stock_holds')
        .set({ expires_at: new Date(RESTOCKED_AT.getTime() + HOUR) })
        .where('waiting_list_id', '=', person(queues[option] ?? [], 0).entryId)
        .execute()
    }
    const at = new Date(RESTOCKED_AT.getTime() + 2 * HOUR)
    // The second of A's queue buys their held Quarter and a free Half.
    const holder = person(queues[a.id] ?? [], 1).customer
    await claimHoldIntoCart(t.db, holder.id, { token: await tokenFor(t.db, holder) }, at)
    const holderCart = await t.db
      .selectFrom('carts')
      .select('id')
      .where('customer_id', '=', holder.id)
      .executeTakeFirstOrThrow()
    await t.db
      .insertInto('cart_lines')
      .values({
        id: crypto.randomUUID(),
        cart_id: holderCart.id,
        product_id: product.id,
        product_variant_id: b.id,
        quantity: 1,
      })
      .execute()
    // Someone not on the list wants one of each.
    const other = await createCustomer(t.db)
    await fillCart(t.db, other.id, [
      { productId: product.id, variantId: a.id, quantity: 1 },
      { productId: product.id, variantId: b.id, quantity: 1 },
    ])
    const order = (customer: Customer) =>
      placeOrder(
        t.db,
        {
          customerId: customer.id,
          idempotencyKey: crypto.randomUUID(),
          contact: { email: customer.email, phone: '208-555-0100' },
          shippingAddress: {
            firstName: 'A',
            lastName: 'B',
            street: '1 Main St',
            city: 'Boise',
            state: 'ID',
            zipCode: '83702',
          },
          shippingMethod: 'standard',
          paymentMethod: 'offline',
        },
        { now: at },
      )
    const results = await Promise.allSettled([
      expireStockHolds(t.db, at),
      order(holder),
      expireStockHolds(t.db, at),
      order(other),
      t.db.transaction().execute((trx) => notifyRestocked(trx, [product.id], at)),
    ])
    // Nothing failed (a deadlock or a CHECK would reject); orders may be refused as sold out.
    expect(results.map((r) => r.status)).toEqual(Array(5).fill('fulfilled'))

    for (const option of [a.id, b.id]) {
      const row = await t.db
        .selectFrom('product_variants')
        .select(['stock_quantity', 'held_quantity'])
        .where('id', '=', option)
        .executeTakeFirstOrThrow()
      const live = await t.db
        .selectFrom('stock_holds')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quantity'), eb.lit(0)).as('n'))
        .where('product_variant_id', '=', option)
        .where('status', '=', 'held')
        .executeTakeFirstOrThrow()
      expect(row.held_quantity).toBe(Number(live.n))
      expect(row.held_quantity).toBeLessThanOrEqual(row.stock_quantity)
    }
    // The holder's order and their hold agree: bought and claimed, or (the free Half went to
    // the other shopper) refused and still held for them.
    const bought = results[1]
    const holderBought = bought?.status === 'fulfilled' && bought.value.ok
    expect((await holdOf(t.db, person(queues[a.id] ?? [], 1).entryId))?.status).toBe(
      holderBought ? 'claimed' : 'held',
    )
    // Each person was emailed at most once.
    for (const option of [a.id, b.id]) {
      for (const { customer } of queues[option] ?? []) {
        expect(await mailCount(t.db, customer)).toBeLessThanOrEqual(1)
      }
    }
  })
})
