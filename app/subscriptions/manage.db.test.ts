import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  createCustomer,
  createDeliveryZone,
  createPickupPlace,
  createProduct,
  createSubscription,
  createVariant,
  createWindow,
} from '~/seed/factories.server'
import { createTestDatabase, type TestDatabase } from '../../tests/setup/database'
import {
  NOTHING_TO_UNDO,
  SUBSCRIPTION_CANCELLED,
  SUBSCRIPTION_CHANGED,
  SUBSCRIPTION_NOT_FOUND,
  SWAP_NOT_OFFERED,
  WINDOW_NOT_OFFERED,
} from './manage'
import { type ChangeInput, changeSubscription } from './manage.server'
import { syncReservations } from './reservations.server'
import { getCustomerSubscription, listCustomerSubscriptions } from './subscription-view.server'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(async () => {
  await t?.cleanup()
})

// Saturday, November 28, 9 am in Boise. The boxes come on Thursdays, 3-6 pm, and changes close
// two days before at 8 pm: the box of Thursday, December 3 closes Tuesday, December 1 at 8 pm
// (December 2, 03:00 UTC). The reservation horizon is December 5, so that box is reserved.
const NOW = new Date('2026-11-28T16:00:00Z')
const AFTER_CUTOFF = new Date('2026-12-02T16:00:00Z')
const CLOSED = 'Changes to your box for Thursday, December 3 closed Tuesday at 8 pm.'
const THURSDAY_CUTOFF = { cutoff_hours: null, cutoff_days_before: 2, cutoff_time: '20:00' }

async function setUp(options: { quantity?: number; address?: boolean } = {}) {
  const customer = await createCustomer(t.db)
  const place = await createPickupPlace(t.db, { name: 'Red Barn' })
  const window = await createWindow(t.db, { place_id: place.id }, THURSDAY_CUTOFF)
  const eggs = await createProduct(t.db, {
    name: 'Eggs',
    price_cents: 600,
    subscription_frequencies: 'weekly,biweekly',
    stock_quantity: 20,
  })
  const address = options.address
    ? { street: '1 Main St', city: 'Boise', state: 'ID', zip_code: '83702' }
    : {}
  const subscription = await createSubscription(
    t.db,
    { customerId: customer.id, windowId: window.id },
    [{ product_id: eggs.id, quantity: options.quantity ?? 2 }],
    address,
  )
  await syncReservations(t.db, NOW, [eggs.id])
  return { customer, place, window, eggs, subscriptionId: subscription.id }
}

function change(customerId: string, subscriptionId: string, input: ChangeInput, now: Date = NOW) {
  return changeSubscription(t.db, { customerId, subscriptionId, change: input, now })
}

async function subscriptionRow(id: string) {
  return t.db
    .selectFrom('subscriptions')
    .select(['status', 'next_date', 'paused_until', 'window_id', 'shipping_method', 'cancelled_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
}

async function reserved(productId: string) {
  const row = await t.db
    .selectFrom('products')
    .select('reserved_quantity')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow()
  return row.reserved_quantity
}

async function items(subscriptionId: string) {
  return t.db
    .selectFrom('subscription_items')
    .select(['id', 'product_id', 'product_variant_id', 'quantity'])
    .where('subscription_id', '=', subscriptionId)
    .execute()
}

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
