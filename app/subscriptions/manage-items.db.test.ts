import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  createDeliveryZone,
  createProduct,
  createVariant,
  createWindow,
} from '~/seed/factories.server'
import { createTestDatabase, type TestDatabase } from '../../tests/setup/database'
import { AFTER_CUTOFF, CLOSED, manageScene, NOW } from '../../tests/support/manage-subscription'
import { SWAP_NOT_OFFERED, WINDOW_NOT_OFFERED } from './manage'
import { getCustomerSubscription } from './subscription-view.server'

// Changing a subscription's items and its pickup or delivery (ADR 32); skip, pause and cancel
// are manage.db.test.ts's.

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(async () => {
  await t?.cleanup()
})

const { setUp, change, subscriptionRow, reserved, items } = manageScene(() => t.db)

describe('items', () => {
  test('quantity changes recount the reservation; another subscription’s item is not found', async () => {
    const { customer, eggs, subscriptionId } = await setUp()
    const [item] = await items(subscriptionId)
    const changed = await change(customer.id, subscriptionId, {
      intent: 'quantity',
      itemId: item?.id ?? '',
      quantity: 5,
    })
    expect(changed).toEqual({ ok: true, message: 'Quantity changed.' })
    expect((await items(subscriptionId))[0]?.quantity).toBe(5)
    expect(await reserved(eggs.id)).toBe(5)

    const other = await setUp()
    const [otherItem] = await items(other.subscriptionId)
    expect(
      await change(customer.id, subscriptionId, {
        intent: 'quantity',
        itemId: otherItem?.id ?? '',
        quantity: 3,
      }),
    ).toMatchObject({ ok: false, status: 404 })
    const late = await change(
      customer.id,
      subscriptionId,
      { intent: 'quantity', itemId: item?.id ?? '', quantity: 1 },
      AFTER_CUTOFF,
    )
    expect(late).toEqual({ ok: false, status: 409, message: CLOSED })
    expect((await items(subscriptionId))[0]?.quantity).toBe(5)
  })

  test('swap only for a subscribable item of the same price at this frequency', async () => {
    const { customer, eggs, subscriptionId } = await setUp()
    const [item] = await items(subscriptionId)
    const duck = await createProduct(t.db, {
      name: 'Duck Eggs',
      price_cents: 600,
      subscription_frequencies: 'weekly',
    })
    const dearer = await createProduct(t.db, {
      name: 'Goose Eggs',
      price_cents: 700,
      subscription_frequencies: 'weekly',
    })
    const monthly = await createProduct(t.db, {
      name: 'Quail Eggs',
      price_cents: 600,
      subscription_frequencies: 'monthly',
    })
    const archived = await createProduct(t.db, {
      name: 'Old Eggs',
      price_cents: 600,
      subscription_frequencies: 'weekly',
      archived_at: NOW,
    })
    const box = await createProduct(t.db, {
      name: 'Veg Box',
      price_cents: 2500,
      subscription_frequencies: 'weekly',
    })
    const small = await createVariant(t.db, box.id, { name: 'Small', price_cents: 600 })
    const notOffered = await createVariant(t.db, box.id, {
      name: 'Tiny',
      price_cents: 600,
      subscribable: false,
    })

    const view = await getCustomerSubscription(t.db, customer.id, subscriptionId, NOW)
    const offered = view?.items[0]?.swapOptions.map((option) => option.value) ?? []
    expect(offered).toContain(duck.id)
    expect(offered).toContain(`${box.id}:${small.id}`)
    for (const refused of [
      dearer.id,
      monthly.id,
      archived.id,
      box.id,
      `${box.id}:${notOffered.id}`,
      eggs.id,
    ]) {
      expect(offered).not.toContain(refused)
      expect(
        await change(customer.id, subscriptionId, {
          intent: 'swap',
          itemId: item?.id ?? '',
          choice: refused,
        }),
      ).toEqual({ ok: false, status: 400, field: 'choice', message: SWAP_NOT_OFFERED })
    }

    const swapped = await change(customer.id, subscriptionId, {
      intent: 'swap',
      itemId: item?.id ?? '',
      choice: `${box.id}:${small.id}`,
    })
    expect(swapped).toEqual({
      ok: true,
      message: 'Item swapped. This changes your box from now on.',
    })
    expect(await items(subscriptionId)).toMatchObject([
      { product_id: box.id, product_variant_id: small.id, quantity: 2 },
    ])
    expect(await reserved(eggs.id)).toBe(0)
    const variant = await t.db
      .selectFrom('product_variants')
      .select('reserved_quantity')
      .where('id', '=', small.id)
      .executeTakeFirstOrThrow()
    expect(variant.reserved_quantity).toBe(2)
  })
})

describe('pickup or delivery', () => {
  test('another weekly window: the next box is its first date still open; zones only for the address', async () => {
    const { customer, place, eggs, subscriptionId } = await setUp({ address: true })
    // Saturday 9-12 at the same place, closing at the start: this Saturday (28th, 9 am) has
    // just closed, so the next is December 5.
    const saturday = await createWindow(
      t.db,
      { place_id: place.id },
      { weekday: 6, start_time: '09:00', end_time: '12:00', cutoff_hours: 0 },
    )
    const oneOff = await createWindow(t.db, { place_id: place.id }, { on_date: '2026-12-12' })
    const zone = await createDeliveryZone(t.db, { name: 'Boise', zip_codes: '83702-83706' })
    const delivery = await createWindow(t.db, { zone_id: zone.id }, { weekday: 2 })
    const farZone = await createDeliveryZone(t.db, { name: 'Nampa', zip_codes: '83651' })
    const far = await createWindow(t.db, { zone_id: farZone.id }, { weekday: 3 })

    const view = await getCustomerSubscription(t.db, customer.id, subscriptionId, NOW)
    // Other tests' places are in this database too: only this test's windows are looked at.
    const ours = new Set([saturday.id, oneOff.id, delivery.id, far.id])
    expect(view?.windowOptions.filter((option) => ours.has(option.value))).toEqual([
      { value: saturday.id, label: 'Pickup at Red Barn, Saturdays 9 am-12 pm' },
      { value: delivery.id, label: 'Delivery to Boise, Tuesdays 3-6 pm' },
    ])
    for (const refused of [oneOff.id, far.id]) {
      expect(
        await change(customer.id, subscriptionId, { intent: 'window', windowId: refused }),
      ).toEqual({ ok: false, status: 400, field: 'windowId', message: WINDOW_NOT_OFFERED })
    }

    const moved = await change(customer.id, subscriptionId, {
      intent: 'window',
      windowId: saturday.id,
    })
    expect(moved).toEqual({
      ok: true,
      message: 'Pickup or delivery changed. Your next box is Saturday, December 5.',
    })
    expect(await subscriptionRow(subscriptionId)).toMatchObject({
      window_id: saturday.id,
      shipping_method: 'pickup',
      next_date: '2026-12-05',
    })
    expect(await reserved(eggs.id)).toBe(2)

    const toDelivery = await change(customer.id, subscriptionId, {
      intent: 'window',
      windowId: delivery.id,
    })
    expect(toDelivery).toMatchObject({ ok: true })
    expect(await subscriptionRow(subscriptionId)).toMatchObject({
      window_id: delivery.id,
      shipping_method: 'delivery',
      // Tuesday December 1, 3 pm, closing a day before: still open on Saturday.
      next_date: '2026-12-01',
    })
  })

  test('a subscription without a delivery address is offered no delivery day', async () => {
    const { customer, subscriptionId } = await setUp()
    const zone = await createDeliveryZone(t.db, { zip_codes: '83702' })
    const delivery = await createWindow(t.db, { zone_id: zone.id }, { weekday: 2 })
    expect(
      await change(customer.id, subscriptionId, { intent: 'window', windowId: delivery.id }),
    ).toMatchObject({ ok: false, status: 400 })
  })
})
