import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { placeOrder } from '~/flows/place-order.server'
import { SLOT_GONE, SLOT_REQUIRED_PICKUP } from '~/fulfilment/methods'
import { returnOrderStock } from '~/orders/order-stock.server'
import {
  createCustomer,
  createDeliveryZone,
  createPickupPlace,
  createProduct,
  createWindow,
} from '~/seed/factories.server'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { MONDAY, pickupInput, THURSDAY } from '../../tests/support/order-fixture'
import { fillCart } from '../../tests/support/orders'

// placeOrder with a pickup window or a delivery day (issue 16, ADR 18): the choice is checked
// again inside the order transaction, and a window's capacity is taken like stock.

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

async function customerWith(productId: string, quantity = 1): Promise<string> {
  const { id } = await createCustomer(t.db, { first_name: 'Ann', last_name: 'Lee' })
  await fillCart(t.db, id, [{ productId, quantity }])
  return id
}

const boise = {
  firstName: 'Ann',
  lastName: 'Lee',
  street: '12 Orchard Lane',
  city: 'Boise',
  state: 'ID',
  zipCode: '83702',
}

async function bookedIn(windowId: string, date: string): Promise<number> {
  const row = await t.db
    .selectFrom('fulfilment_bookings')
    .select('booked')
    .where('window_id', '=', windowId)
    .where('on_date', '=', date)
    .executeTakeFirst()
  return row?.booked ?? 0
}

describe('pickup in a window', () => {
  test('the order keeps where and when, asks no address, and takes a place in the window', async () => {
    const place = await createPickupPlace(t.db, {
      name: 'Red Barn',
      address: '1 Barn Road, Fairfield, ID 83327',
      instructions: 'Cooler on the left',
      map_url: 'https://maps.example/red-barn',
    })
    const window = await createWindow(t.db, { place_id: place.id }, { capacity: 5 })
    const product = await createProduct(t.db, { unit: 'lb', price_cents: 1299 })
    const customerId = await customerWith(product.id, 2)

    const result = await placeOrder(t.db, pickupInput(customerId, `${window.id}:${THURSDAY}`), {
      now: MONDAY,
    })
    if (!result.ok) throw new Error(result.message)
    const order = await t.db
      .selectFrom('orders')
      .select([
        'shipping_method',
        'shipping_cents',
        'ship_street',
        'ship_first_name',
        'fulfilment_window_id',
        'fulfilment_date',
        'fulfilment_start',
        'fulfilment_end',
        'fulfilment_place',
        'fulfilment_address',
        'fulfilment_instructions',
        'fulfilment_map_url',
      ])
      .where('id', '=', result.order.id)
      .executeTakeFirstOrThrow()
    expect(order).toEqual({
      shipping_method: 'pickup',
      shipping_cents: 0,
      ship_street: '',
      ship_first_name: 'Ann',
      fulfilment_window_id: window.id,
      fulfilment_date: THURSDAY,
      fulfilment_start: '15:00',
      fulfilment_end: '18:00',
      fulfilment_place: 'Red Barn',
      fulfilment_address: '1 Barn Road, Fairfield, ID 83327',
      fulfilment_instructions: 'Cooler on the left',
      fulfilment_map_url: 'https://maps.example/red-barn',
    })
    const item = await t.db
      .selectFrom('order_items')
      .select(['unit', 'quantity'])
      .where('order_id', '=', result.order.id)
      .executeTakeFirstOrThrow()
    expect(item).toEqual({ unit: 'lb', quantity: 2 })
    expect(await bookedIn(window.id, THURSDAY)).toBe(1)

    // Cancelling gives the place back with the stock.
    await t.db.transaction().execute((trx) => returnOrderStock(trx, result.order.id))
    expect(await bookedIn(window.id, THURSDAY)).toBe(0)
  })

  test('a window that is closed, past its cut-off, on another day, or switched off is refused and nothing is taken', async () => {
    const place = await createPickupPlace(t.db)
    const window = await createWindow(t.db, { place_id: place.id }, { cutoff_hours: 48 })
    const product = await createProduct(t.db, { stock_quantity: 5 })
    const customerId = await customerWith(product.id)
    const refusedWith = async (slot: string, now: Date) => {
      const result = await placeOrder(t.db, pickupInput(customerId, slot), { now })
      expect(result.ok).toBe(false)
      return result.ok ? null : result
    }

    // 48 hours before Thursday 3 pm is Tuesday 3 pm: Wednesday morning is too late.
    const wednesday = new Date('2026-11-25T16:00:00Z')
    expect(await refusedWith(`${window.id}:${THURSDAY}`, wednesday)).toMatchObject({
      reason: 'fulfilment',
      message: SLOT_GONE,
      fieldErrors: { slot: [SLOT_GONE] },
    })
    // A Friday for a Thursday window, a date beyond the horizon, a forged key.
    expect((await refusedWith(`${window.id}:2026-11-27`, MONDAY))?.message).toBe(SLOT_GONE)
    expect((await refusedWith(`${window.id}:2027-06-03`, MONDAY))?.message).toBe(SLOT_GONE)
    expect((await refusedWith('nonsense', MONDAY))?.message).toBe(SLOT_REQUIRED_PICKUP)
    expect((await refusedWith('', MONDAY))?.message).toBe(SLOT_REQUIRED_PICKUP)
    // A holiday for the whole farm.
    await t.db
      .insertInto('closed_dates')
      .values({ id: crypto.randomUUID(), on_date: THURSDAY, note: 'Thanksgiving' })
      .execute()
    expect((await refusedWith(`${window.id}:${THURSDAY}`, MONDAY))?.message).toBe(SLOT_GONE)
    await t.db.deleteFrom('closed_dates').where('on_date', '=', THURSDAY).execute()
    // Switched off.
    await t.db
      .updateTable('fulfilment_windows')
      .set({ is_active: false })
      .where('id', '=', window.id)
      .execute()
    expect((await refusedWith(`${window.id}:${THURSDAY}`, MONDAY))?.message).toBe(SLOT_GONE)

    const stock = await t.db
      .selectFrom('products')
      .select('stock_quantity')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow()
    expect(stock.stock_quantity).toBe(5)
    expect(await bookedIn(window.id, THURSDAY)).toBe(0)
  })

  test('many shoppers at once for the last 3 places: exactly 3 orders, 3 booked', async () => {
    const place = await createPickupPlace(t.db)
    const window = await createWindow(t.db, { place_id: place.id }, { capacity: 3 })
    const product = await createProduct(t.db, { stock_quantity: 100 })
    const customers = await Promise.all(Array.from({ length: 20 }, () => customerWith(product.id)))
    const slot = `${window.id}:${THURSDAY}`
    const results = await Promise.all(
      customers.map((id) => placeOrder(t.db, pickupInput(id, slot), { now: MONDAY })),
    )
    const placed = results.filter((result) => result.ok)
    expect(placed).toHaveLength(3)
    for (const result of results.filter((r) => !r.ok)) {
      expect(result).toMatchObject({
        reason: 'slot-full',
        message: 'Sorry, Thursday, November 26, 3-6 pm is now full. Please choose another time.',
      })
    }
    expect(await bookedIn(window.id, THURSDAY)).toBe(3)
    const stock = await t.db
      .selectFrom('products')
      .select('stock_quantity')
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow()
    expect(stock.stock_quantity).toBe(97)
  }, 60_000)
})

describe('local delivery', () => {
  test('the ZIP decides the zone; the fee, the free threshold and the minimum apply', async () => {
    const zone = await createDeliveryZone(t.db, {
      name: 'Boise local delivery',
      zip_codes: '83702-83706',
      fee_cents: 700,
      free_over_cents: 7500,
      minimum_cents: 3000,
    })
    const day = await createWindow(
      t.db,
      { zone_id: zone.id },
      { weekday: 3, start_time: '16:00', end_time: '20:00' },
    )
    const slot = `${day.id}:2026-11-25`
    const jam = await createProduct(t.db, { price_cents: 1000, stock_quantity: 100 })
    const order = (customerId: string, zipCode = '83702') =>
      placeOrder(
        t.db,
        pickupInput(customerId, slot, {
          shippingMethod: 'delivery',
          shippingAddress: { ...boise, zipCode },
        }),
        { now: MONDAY },
      )

    // $20 is below the $30 minimum.
    const small = await order(await customerWith(jam.id, 2))
    expect(small).toMatchObject({
      ok: false,
      reason: 'fulfilment',
      message: 'Boise local delivery needs an order of at least $30.00 before tax.',
    })
    // Outside every zone.
    expect(await order(await customerWith(jam.id, 4), '83814')).toMatchObject({
      ok: false,
      fieldErrors: {
        zipCode: [
          'We do not deliver to 83814. Please choose pickup or another way to get your order.',
        ],
      },
    })
    // $40: the fee; $80: free.
    for (const [quantity, fee] of [
      [4, 700],
      [8, 0],
    ] as const) {
      const result = await order(await customerWith(jam.id, quantity))
      if (!result.ok) throw new Error(result.message)
      const row = await t.db
        .selectFrom('orders')
        .select(['shipping_method', 'shipping_cents', 'ship_zip_code', 'fulfilment_place'])
        .where('id', '=', result.order.id)
        .executeTakeFirstOrThrow()
      expect(row).toEqual({
        shipping_method: 'delivery',
        shipping_cents: fee,
        ship_zip_code: '83702',
        fulfilment_place: 'Boise local delivery',
      })
    }
  })
})

describe('pickup or local delivery only', () => {
  test('a cart with frozen beef cannot be shipped', async () => {
    const beef = await createProduct(t.db, { name: 'Frozen Ribeye', local_only: true })
    const customerId = await customerWith(beef.id)
    const result = await placeOrder(
      t.db,
      pickupInput(customerId, '', { shippingMethod: 'standard', shippingAddress: boise }),
      { now: MONDAY },
    )
    expect(result).toMatchObject({
      ok: false,
      reason: 'fulfilment',
      message: 'Frozen Ribeye is pickup or local delivery only, so this order cannot be shipped.',
    })
  })
})
