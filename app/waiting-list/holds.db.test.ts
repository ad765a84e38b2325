import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { addToCart } from '~/cart/cart-changes.server'
import { getCartSummary } from '~/cart/cart-summary.server'
import { claimHoldIntoCart } from '~/cart/claim-hold.server'
import { placeOrder } from '~/flows/place-order.server'
import { createCustomer, createProduct, createWaitingListEntry } from '~/seed/factories.server'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import {
  HOUR,
  holdOf,
  mailCount,
  person,
  RESTOCKED_AT,
  restockedWithQueue,
  stockRow,
  tokenFor,
} from '../../tests/support/holds'
import { checkOut, fillCart } from '../../tests/support/orders'
import { declineHold, expireStockHolds, listLiveHolds } from './holds.server'
import { notifyRestocked } from './restock.server'

// ADR 29: a hold's life. Expired or declined holds move on to the next in line; held units are
// refused to everyone else, in the cart and at checkout; the holder buys them.

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

describe('expiry and declining', () => {
  test('an expired hold moves on to the 3rd person, in the same sweep', async () => {
    const { product, people } = await restockedWithQueue(t.db, 2, 5)
    // Not yet: nothing expires before its time.
    expect(await expireStockHolds(t.db, new Date(RESTOCKED_AT.getTime() + 23 * HOUR))).toBe(0)

    const first = person(people, 0)
    await t.db
      .updateTable('stock_holds')
      .set({ expires_at: new Date(RESTOCKED_AT.getTime() + HOUR) })
      .where('waiting_list_id', '=', first.entryId)
      .execute()
    const sweepAt = new Date(RESTOCKED_AT.getTime() + 2 * HOUR)
    expect(await expireStockHolds(t.db, sweepAt)).toBe(1)
    expect((await holdOf(t.db, first.entryId))?.status).toBe('expired')
    expect((await holdOf(t.db, person(people, 1).entryId))?.status).toBe('held')
    expect((await holdOf(t.db, person(people, 2).entryId))?.status).toBe('held')
    expect(await holdOf(t.db, person(people, 3).entryId)).toBeUndefined()
    expect(await stockRow(t.db, product.id)).toEqual({ stock_quantity: 2, held_quantity: 2 })
    expect(await mailCount(t.db, person(people, 2).customer)).toBe(1)
    // The first person is not offered it again.
    expect(await mailCount(t.db, first.customer)).toBe(1)
  })

  test('declining is the same path: the 3rd person gets it; a second click changes nothing', async () => {
    const { product, people } = await restockedWithQueue(t.db, 2, 4)
    const second = person(people, 1)
    const token = await tokenFor(t.db, second.customer, 'decline')
    const declined = await declineHold(t.db, token, RESTOCKED_AT)
    expect(declined).toMatchObject({ ok: true, hold: { productName: 'Brisket', quantity: 1 } })
    expect(await declineHold(t.db, token, RESTOCKED_AT)).toMatchObject({
      ok: false,
      reason: 'ended',
      hold: { status: 'declined' },
    })
    expect(await declineHold(t.db, 'x'.repeat(43), RESTOCKED_AT)).toEqual({
      ok: false,
      reason: 'not-found',
    })
    expect((await holdOf(t.db, person(people, 2).entryId))?.status).toBe('held')
    expect(await holdOf(t.db, person(people, 3).entryId)).toBeUndefined()
    expect(await stockRow(t.db, product.id)).toEqual({ stock_quantity: 2, held_quantity: 2 })
  })

  test('two sweeps at once (separate transactions) expire each hold once and email nobody twice', async () => {
    const { product, people } = await restockedWithQueue(t.db, 2, 5)
    const late = new Date(RESTOCKED_AT.getTime() + 25 * HOUR)
    // (Other tests' holds are due too: the counts are not this product's alone.)
    await Promise.all([expireStockHolds(t.db, late), expireStockHolds(t.db, late)])
    // The new holds (3rd, 4th) were made at the sweep's moment: they last another day.
    const statuses = await Promise.all(people.map((p) => holdOf(t.db, p.entryId)))
    expect(statuses.map((s) => s?.status ?? null)).toEqual([
      'expired',
      'expired',
      'held',
      'held',
      null,
    ])
    const mails = await Promise.all(people.map((p) => mailCount(t.db, p.customer)))
    expect(mails).toEqual([1, 1, 1, 1, 0])
    expect(await stockRow(t.db, product.id)).toEqual({ stock_quantity: 2, held_quantity: 2 })
  })
})

describe('buying held units', () => {
  test('refused to another shopper in the cart and at checkout; the holder buys it', async () => {
    const { product, people } = await restockedWithQueue(t.db, 1, 2)
    const holder = person(people, 0)
    const other = await createCustomer(t.db)
    const otherOwner = { kind: 'customer', customerId: other.id } as const

    // The cart: out of stock for anyone else.
    expect(await addToCart(t.db, otherOwner, { productId: product.id, quantity: 1 })).toMatchObject(
      { ok: false, status: 409 },
    )
    // A line that got into a cart before the hold (or forged) is refused at checkout.
    await fillCart(t.db, other.id, [{ productId: product.id, quantity: 1 }])
    const refused = await checkOut(t.db, other)
    expect(refused).toMatchObject({ ok: false, reason: 'sold-out' })
    expect(await stockRow(t.db, product.id)).toEqual({ stock_quantity: 1, held_quantity: 1 })

    // The holder: the link puts it in their cart, and their order takes it.
    const token = await tokenFor(t.db, holder.customer)
    expect(await claimHoldIntoCart(t.db, other.id, { token })).toMatchObject({
      ok: false,
      status: 403,
    })
    expect(await claimHoldIntoCart(t.db, holder.customer.id, { token: 'nope' })).toMatchObject({
      ok: false,
      status: 404,
    })
    const claimed = await claimHoldIntoCart(t.db, holder.customer.id, { token }, RESTOCKED_AT)
    expect(claimed).toMatchObject({ ok: true, item: 'Brisket', quantity: 1 })
    // Twice is the same cart.
    await claimHoldIntoCart(t.db, holder.customer.id, { token }, RESTOCKED_AT)
    const summary = await getCartSummary(
      t.db,
      { kind: 'customer', customerId: holder.customer.id },
      RESTOCKED_AT,
    )
    expect(summary.lines).toHaveLength(1)
    expect(summary.lines[0]).toMatchObject({ quantity: 1, stock: 1, available: true })
    expect(summary.lines[0]?.reservedUntil).toEqual(new Date(RESTOCKED_AT.getTime() + 24 * HOUR))

    const bought = await placeOrder(
      t.db,
      {
        customerId: holder.customer.id,
        idempotencyKey: crypto.randomUUID(),
        contact: { email: holder.customer.email, phone: '208-555-0100' },
        shippingAddress: {
          firstName: 'Wai',
          lastName: 'Ter',
          street: '1 Main St',
          city: 'Boise',
          state: 'ID',
          zipCode: '83702',
        },
        shippingMethod: 'standard',
        paymentMethod: 'offline',
      },
      { now: new Date(RESTOCKED_AT.getTime() + HOUR) },
    )
    if (!bought.ok) throw new Error(bought.message)
    expect(await stockRow(t.db, product.id)).toEqual({ stock_quantity: 0, held_quantity: 0 })
    const hold = await holdOf(t.db, holder.entryId)
    expect(hold).toMatchObject({ status: 'claimed', order_id: bought.order.id })
    const entry = await t.db
      .selectFrom('waiting_list')
      .select('status')
      .where('id', '=', holder.entryId)
      .executeTakeFirstOrThrow()
    expect(entry.status).toBe('fulfilled')
    // Used: the link now says so.
    expect(await claimHoldIntoCart(t.db, holder.customer.id, { token })).toMatchObject({
      ok: false,
      status: 410,
      message: 'This reservation was already used for an order.',
    })
  })

  test('Account > Waiting List: the live holds, claimed by id by their customer only', async () => {
    const { people } = await restockedWithQueue(t.db, 1, 2)
    const holder = person(people, 0).customer
    const next = person(people, 1).customer
    const [live] = await listLiveHolds(t.db, holder.id, RESTOCKED_AT)
    expect(live).toMatchObject({ productName: 'Brisket', quantity: 1, status: 'held' })
    expect(await listLiveHolds(t.db, next.id, RESTOCKED_AT)).toEqual([])
    const holdId = live?.id ?? ''
    expect(await claimHoldIntoCart(t.db, next.id, { holdId })).toMatchObject({ status: 403 })
    expect(await claimHoldIntoCart(t.db, holder.id, { holdId }, RESTOCKED_AT)).toMatchObject({
      ok: true,
    })
    // Past its time it is no longer listed (the sweep will pass it on).
    const late = new Date(RESTOCKED_AT.getTime() + 25 * HOUR)
    expect(await listLiveHolds(t.db, holder.id, late)).toEqual([])
  })

  test('a hold that expired before checkout: the line buys from the free stock, or is refused', async () => {
    const { product, people } = await restockedWithQueue(t.db, 1, 1)
    const holder = person(people, 0)
    const token = await tokenFor(t.db, holder.customer)
    await claimHoldIntoCart(t.db, holder.customer.id, { token }, RESTOCKED_AT)
    const late = new Date(RESTOCKED_AT.getTime() + 25 * HOUR)
    // The sweep has not run yet: the unit is still held for nobody, so the order is refused.
    const input = {
      customerId: holder.customer.id,
      contact: { email: holder.customer.email, phone: '208-555-0100' },
      shippingAddress: {
        firstName: 'Wai',
        lastName: 'Ter',
        street: '1 Main St',
        city: 'Boise',
        state: 'ID',
        zipCode: '83702',
      },
      shippingMethod: 'standard',
      paymentMethod: 'offline',
    } as const
    const refused = await placeOrder(
      t.db,
      { ...input, idempotencyKey: crypto.randomUUID() },
      { now: late },
    )
    expect(refused).toMatchObject({ ok: false, reason: 'sold-out' })
    // Expired by the sweep with nobody else waiting, the unit is free: the same cart buys it.
    await expireStockHolds(t.db, late)
    const bought = await placeOrder(
      t.db,
      { ...input, idempotencyKey: crypto.randomUUID() },
      { now: late },
    )
    expect(bought.ok).toBe(true)
    expect(await stockRow(t.db, product.id)).toEqual({ stock_quantity: 0, held_quantity: 0 })
    expect((await holdOf(t.db, holder.entryId))?.status).toBe('expired')
  })

  test('the holder takes fewer than held: the rest goes on to the next in line', async () => {
    const product = await createProduct(t.db, { name: 'Ground Beef', stock_quantity: 0 })
    const ann = await createCustomer(t.db)
    const ben = await createCustomer(t.db)
    const { id: annEntry } = await createWaitingListEntry(t.db, ann.id, product.id, {
      quantity: 3,
      created_at: new Date('2026-01-01T00:00:00Z'),
    })
    const { id: benEntry } = await createWaitingListEntry(t.db, ben.id, product.id, {
      quantity: 2,
      created_at: new Date('2026-01-02T00:00:00Z'),
    })
    await t.db
      .updateTable('products')
      .set({ stock_quantity: 3 })
      .where('id', '=', product.id)
      .execute()
    await t.db.transaction().execute((trx) => notifyRestocked(trx, [product.id], RESTOCKED_AT))
    await claimHoldIntoCart(t.db, ann.id, { token: await tokenFor(t.db, ann) }, RESTOCKED_AT)
    await t.db
      .updateTable('cart_lines')
      .set({ quantity: 1 })
      .where('stock_hold_id', '=', (await holdOf(t.db, annEntry))?.id ?? '')
      .execute()
    const bought = await placeOrder(
      t.db,
      {
        customerId: ann.id,
        idempotencyKey: crypto.randomUUID(),
        contact: { email: ann.email, phone: '208-555-0100' },
        shippingAddress: {
          firstName: 'Ann',
          lastName: 'Lee',
          street: '1 Main St',
          city: 'Boise',
          state: 'ID',
          zipCode: '83702',
        },
        shippingMethod: 'standard',
        paymentMethod: 'offline',
      },
      { now: RESTOCKED_AT },
    )
    expect(bought.ok).toBe(true)
    expect(await stockRow(t.db, product.id)).toEqual({ stock_quantity: 2, held_quantity: 2 })
    const benHold = await t.db
      .selectFrom('stock_holds')
      .select(['quantity', 'status'])
      .where('waiting_list_id', '=', benEntry)
      .executeTakeFirstOrThrow()
    expect(benHold).toEqual({ quantity: 2, status: 'held' })
  })
})
