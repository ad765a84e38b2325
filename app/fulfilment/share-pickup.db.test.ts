import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getCartSummary } from '~/cart/cart-summary.server'
import { createCustomer, createProduct } from '~/seed/factories.server'
import { updateAnimal } from '~/shares/admin/animals.server'
import { enterHangingWeight } from '~/shares/admin/hanging-weight.server'
import { SHARE_ORDERED_ALONE, SHARE_PICKUP_NOT_SET, SHARE_PICKUP_ONLY } from '~/shares/shares'
import { createTestApp, TEST_BASE_URL } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { checkOut, fillCart } from '../../tests/support/orders'
import { buyShare, createShareAnimal, type ShareAnimal } from '../../tests/support/shares'
import { loadThisWeek } from './admin/this-week.server'
import { loadFulfilmentOffer, resolveFulfilment } from './offer.server'

// Issue 32 item 4: a share is collected on its animal's pickup date in the animal's own window,
// never in a weekly one, and This week lists it under Beef shares, not in a pack list.

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

// Each test's animal has a day of its own, so This week on that day shows only its shares.
let nextDay = 1
function animalOnItsOwnDay(capacity?: number) {
  const day = `2099-11-${String(nextDay++).padStart(2, '0')}`
  return createShareAnimal(t.db, { pickup: day, cutoff: day, capacity })
}

const choice = (animal: ShareAnimal, productIds: string[], method = 'pickup' as const) => ({
  method,
  slot: animal.slot,
  zipCode: '',
  subtotalCents: 30000,
  productIds,
})

describe("a share's pickup", () => {
  test("a share-only cart is offered its animal's date alone, weeks ahead; other carts never", async () => {
    const animal = await animalOnItsOwnDay()
    const offer = await loadFulfilmentOffer(t.db, [animal.product.id])
    expect(offer.delivery).toBeNull()
    expect(offer.localOnly).toEqual([animal.product.name])
    if (offer.pickup.kind !== 'windows') throw new Error('windows expected')
    expect(offer.pickup.places).toHaveLength(1)
    expect(offer.pickup.places[0]?.id).toBe(animal.placeId)
    expect(offer.pickup.places[0]?.slots.map((slot) => slot.key)).toEqual([animal.slot])

    const eggs = await createProduct(t.db, { stock_quantity: 10 })
    const other = await loadFulfilmentOffer(t.db, [eggs.id])
    const keys =
      other.pickup.kind === 'windows'
        ? other.pickup.places.flatMap((place) => place.slots.map((slot) => slot.key))
        : []
    expect(keys).not.toContain(animal.slot)
    // Posted anyway, the animal's window is no choice for a cart without its share.
    const forged = await resolveFulfilment(t.db, choice(animal, [eggs.id]))
    expect(forged.ok).toBe(false)
  })

  test('a share with other items, or shipped, is refused with the reason, and nothing is taken', async () => {
    const animal = await animalOnItsOwnDay()
    const eggs = await createProduct(t.db, { stock_quantity: 10 })
    expect(
      await resolveFulfilment(t.db, choice(animal, [animal.product.id, eggs.id])),
    ).toMatchObject({ ok: false, field: 'shippingMethod', message: SHARE_ORDERED_ALONE })
    expect(
      await resolveFulfilment(t.db, {
        ...choice(animal, [animal.product.id]),
        method: 'standard',
      }),
    ).toMatchObject({ ok: false, message: SHARE_PICKUP_ONLY })

    const customer = await createCustomer(t.db)
    await fillCart(t.db, customer.id, [
      { productId: animal.product.id, variantId: animal.quarter.id, quantity: 1 },
      { productId: eggs.id, quantity: 1 },
    ])
    const placed = await checkOut(t.db, customer, { shippingMethod: 'pickup', slot: animal.slot })
    expect(placed).toMatchObject({ ok: false, message: SHARE_ORDERED_ALONE })
    const left = await t.db
      .selectFrom('animals')
      .select('units_left')
      .where('id', '=', animal.animalId)
      .executeTakeFirstOrThrow()
    expect(left.units_left).toBe(4)
  })

  test('the cart summary says what checkout does: a share is picked up, alone', async () => {
    const animal = await animalOnItsOwnDay()
    const eggs = await createProduct(t.db, { stock_quantity: 10 })
    const customer = await createCustomer(t.db)
    const owner = { kind: 'customer', customerId: customer.id } as const
    await fillCart(t.db, customer.id, [
      { productId: animal.product.id, variantId: animal.quarter.id, quantity: 1 },
    ])
    const alone = await getCartSummary(t.db, owner)
    expect(alone.lines.map((line) => line.share)).toEqual([true])
    expect(alone).toMatchObject({
      shareCart: 'shares',
      canShip: false,
      feeFrom: false,
      totals: { shippingMethod: 'pickup' },
    })
    expect((await loadFulfilmentOffer(t.db, [animal.product.id])).delivery).toBeNull()

    const other = await createCustomer(t.db)
    await fillCart(t.db, other.id, [
      { productId: animal.product.id, variantId: animal.quarter.id, quantity: 1 },
      { productId: eggs.id, quantity: 1 },
    ])
    const mixed = await getCartSummary(t.db, { kind: 'customer', customerId: other.id })
    expect(mixed.lines.map((line) => line.share).sort()).toEqual([false, true])
    expect(mixed).toMatchObject({ shareCart: 'mixed', totals: { shippingMethod: 'pickup' } })
  })

  test("the animal's window has its own capacity", async () => {
    const animal = await animalOnItsOwnDay(1)
    await buyShare(t.db, animal)
    const second = await createCustomer(t.db)
    await fillCart(t.db, second.id, [
      { productId: animal.product.id, variantId: animal.quarter.id, quantity: 1 },
    ])
    const refused = await checkOut(t.db, second, { shippingMethod: 'pickup', slot: animal.slot })
    expect(refused).toMatchObject({ ok: false, reason: 'slot-full' })
  })

  test('an animal whose window is gone says so', async () => {
    const animal = await animalOnItsOwnDay()
    await t.db.deleteFrom('fulfilment_windows').where('animal_id', '=', animal.animalId).execute()
    expect(await resolveFulfilment(t.db, choice(animal, [animal.product.id]))).toMatchObject({
      ok: false,
      field: 'slot',
      message: SHARE_PICKUP_NOT_SET,
    })
  })

  test('moving the pickup date moves the window and the shares booked in it', async () => {
    const animal = await animalOnItsOwnDay(2)
    await buyShare(t.db, animal)
    const saved = await updateAnimal(t.db, null, animal.animalId, {
      name: 'Steer #14',
      product_id: animal.product.id,
      price_per_lb: 495,
      processing_fee: 12500,
      cut_sheet_cutoff: '2099-12-20',
      pickup_date: '2099-12-28',
      pickup_place_id: animal.placeId,
      pickup_start: '10:00',
      pickup_end: '13:00',
      pickup_capacity: 2,
    })
    expect(saved.ok).toBe(true)
    const window = await t.db
      .selectFrom('fulfilment_windows')
      .leftJoin('fulfilment_bookings', 'fulfilment_bookings.window_id', 'fulfilment_windows.id')
      .select([
        'fulfilment_windows.on_date',
        'fulfilment_windows.start_time',
        'fulfilment_bookings.on_date as booked_on',
        'fulfilment_bookings.booked',
      ])
      .where('fulfilment_windows.animal_id', '=', animal.animalId)
      .execute()
    expect(window).toEqual([
      { on_date: '2099-12-28', start_time: '10:00', booked_on: '2099-12-28', booked: 1 },
    ])
  })
})

describe('This week on the animal’s date', () => {
  test('the share is under Beef shares, with its cut sheet and balance, and in no pack list', async () => {
    const animal = await animalOnItsOwnDay()
    const day = animal.slot.split(':')[1] ?? ''
    const { orderId, customer } = await buyShare(t.db, animal)
    const week = await loadThisWeek(t.db, day)
    expect(week.groups.flatMap((group) => group.orders.map((order) => order.id))).not.toContain(
      orderId,
    )
    expect(week.beefShares).toEqual([
      {
        animalId: animal.animalId,
        animalName: 'Steer #14',
        where: expect.stringMatching(/, 9 am-12 pm$/),
        shares: [
          expect.objectContaining({
            orderId,
            holder: `${customer.first_name} ${customer.last_name}`,
            size: 'Quarter',
            // paid at pickup: the $300 deposit and its 6 % tax
            depositDueCents: 31800,
            cutSheetDone: false,
            dueCents: null,
            balanceStatus: 'unpaid',
          }),
        ],
      },
    ])
    // Weighed: the balance and its tax are owed.
    await enterHangingWeight(t.db, null, animal.animalId, 61250, {
      farmName: 'Test Farm',
      baseUrl: TEST_BASE_URL,
    })
    const billed = await loadThisWeek(t.db, day)
    expect(billed.beefShares[0]?.shares[0]).toMatchObject({ dueCents: 58297 + 3498 })
  })
})
