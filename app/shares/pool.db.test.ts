import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { addToCart } from '~/cart/cart-changes.server'
import { getCartSummary } from '~/cart/cart-summary.server'
import { changeOrderStatus } from '~/orders/order-status.server'
import { createCustomer } from '~/seed/factories.server'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { checkOut, fillCart, readStock, type TestCartLine } from '../../tests/support/orders'
import {
  createShareAnimal,
  DEPOSIT_PER_QUARTER_CENTS,
  type ShareAnimal,
} from '../../tests/support/shares'

// Beef shares draw from one pool per animal (ADR 31): quarters, halves and wholes of one
// animal never oversell each other, on SQLite and on PostgreSQL with orders on separate
// connections at once (t.db is a pool there).

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

async function unitsLeft(animalId: string) {
  const row = await t.db
    .selectFrom('animals')
    .select('units_left')
    .where('id', '=', animalId)
    .executeTakeFirstOrThrow()
  return row.units_left
}

/** What the product page and the cart see: each option's stock, and the product's. */
async function offered(animal: ShareAnimal) {
  return {
    quarter: await readStock(t.db, 'product_variants', animal.quarter.id),
    half: await readStock(t.db, 'product_variants', animal.half.id),
    whole: await readStock(t.db, 'product_variants', animal.whole.id),
    product: await readStock(t.db, 'products', animal.product.id),
  }
}

/** The options' stock with `left` quarters in the pool; the product's is their sum. */
function offer(left: number) {
  const half = Math.floor(left / 2)
  const whole = Math.floor(left / 4)
  return { quarter: left, half, whole, product: left + half + whole }
}

async function buyer(lines: TestCartLine[]) {
  const customer = await createCustomer(t.db)
  await fillCart(t.db, customer.id, lines)
  return customer
}

describe('an animal in shares', () => {
  test('a new animal offers 4 quarters, 2 halves and 1 whole', async () => {
    const animal = await createShareAnimal(t.db)
    expect(await offered(animal)).toEqual(offer(4))
  })

  test('a quarter takes one of the pool: a whole is no longer offered; the share is recorded', async () => {
    const animal = await createShareAnimal(t.db)
    const customer = await buyer([
      { productId: animal.product.id, variantId: animal.quarter.id, quantity: 1 },
    ])
    const placed = await checkOut(t.db, customer, { shippingMethod: 'pickup', slot: animal.slot })
    expect(placed.ok).toBe(true)
    expect(await unitsLeft(animal.animalId)).toBe(3)
    expect(await offered(animal)).toEqual(offer(3))
    const shares = await t.db
      .selectFrom('share_orders')
      .select([
        'animal_id',
        'customer_id',
        'share_units',
        'deposit_cents',
        'balance_cents',
        'balance_status',
      ])
      .where('order_id', '=', placed.ok ? placed.order.id : '')
      .execute()
    expect(shares).toEqual([
      {
        animal_id: animal.animalId,
        customer_id: customer.id,
        share_units: 1,
        deposit_cents: DEPOSIT_PER_QUARTER_CENTS,
        balance_cents: null,
        balance_status: 'unpaid',
      },
    ])
  })

  test('a whole when 3 quarters are left is refused as sold out, and nothing is taken', async () => {
    const animal = await createShareAnimal(t.db)
    const first = await buyer([
      { productId: animal.product.id, variantId: animal.quarter.id, quantity: 1 },
    ])
    expect((await checkOut(t.db, first, { shippingMethod: 'pickup', slot: animal.slot })).ok).toBe(
      true,
    )
    const second = await buyer([
      { productId: animal.product.id, variantId: animal.whole.id, quantity: 1 },
    ])
    const refused = await checkOut(t.db, second, { shippingMethod: 'pickup', slot: animal.slot })
    expect(refused).toMatchObject({ ok: false, reason: 'sold-out' })
    expect(refused.ok ? '' : refused.message).toMatch(/Whole Share/)
    expect(await unitsLeft(animal.animalId)).toBe(3)
  })

  test('with 3 quarters left the cart takes no Whole, and a Whole already in a cart is unavailable', async () => {
    const animal = await createShareAnimal(t.db)
    const early = await createCustomer(t.db)
    const owner = { kind: 'customer', customerId: early.id } as const
    const whole = { productId: animal.product.id, variantId: animal.whole.id, quantity: 1 }
    expect(await addToCart(t.db, owner, whole)).toMatchObject({ ok: true })
    const first = await buyer([
      { productId: animal.product.id, variantId: animal.quarter.id, quantity: 1 },
    ])
    expect((await checkOut(t.db, first, { shippingMethod: 'pickup', slot: animal.slot })).ok).toBe(
      true,
    )

    const [line] = (await getCartSummary(t.db, owner)).lines
    expect(line?.available).toBe(false)
    const late = await createCustomer(t.db)
    const refused = await addToCart(t.db, { kind: 'customer', customerId: late.id }, whole)
    expect(refused).toMatchObject({ ok: false, status: 409 })
    const half = { productId: animal.product.id, variantId: animal.half.id, quantity: 2 }
    // Only one half fits in 3 quarters: the cart caps it at 1.
    expect(await addToCart(t.db, { kind: 'customer', customerId: late.id }, half)).toMatchObject({
      ok: true,
      quantity: 1,
    })
  })

  test('cancelling gives the quarters back to the pool, once', async () => {
    const animal = await createShareAnimal(t.db)
    const admin = await createCustomer(t.db, { is_admin: true })
    const customer = await buyer([
      { productId: animal.product.id, variantId: animal.half.id, quantity: 1 },
    ])
    const placed = await checkOut(t.db, customer, { shippingMethod: 'pickup', slot: animal.slot })
    if (!placed.ok) throw new Error(placed.message)
    expect(await offered(animal)).toEqual(offer(2))
    const cancel = { intent: 'cancelled', from: 'pending_payment' } as const
    expect(await changeOrderStatus(t.db, placed.order.id, admin.id, cancel)).toMatchObject({
      ok: true,
    })
    expect(await changeOrderStatus(t.db, placed.order.id, admin.id, cancel)).toMatchObject({
      ok: false,
    })
    expect(await unitsLeft(animal.animalId)).toBe(4)
    expect(await offered(animal)).toEqual(offer(4))
    const share = await t.db
      .selectFrom('share_orders')
      .select('cancelled_at')
      .where('order_id', '=', placed.order.id)
      .executeTakeFirstOrThrow()
    expect(share.cancelled_at).toBeInstanceOf(Date)
  })

  test('quarters coming back hold nothing for a waiting list: share sizes are one pool', async () => {
    const animal = await createShareAnimal(t.db)
    const admin = await createCustomer(t.db, { is_admin: true })
    const whole = await buyer([
      { productId: animal.product.id, variantId: animal.whole.id, quantity: 1 },
    ])
    const placed = await checkOut(t.db, whole, { shippingMethod: 'pickup', slot: animal.slot })
    if (!placed.ok) throw new Error(placed.message)
    const waiting = await createCustomer(t.db)
    await t.db
      .insertInto('waiting_list')
      .values({
        id: crypto.randomUUID(),
        customer_id: waiting.id,
        product_id: animal.product.id,
        product_variant_id: animal.whole.id,
        quantity: 1,
        notify_by_email: true,
      })
      .execute()
    const cancel = { intent: 'cancelled', from: 'pending_payment' } as const
    expect(await changeOrderStatus(t.db, placed.order.id, admin.id, cancel)).toMatchObject({
      ok: true,
    })
    const holds = await t.db
      .selectFrom('stock_holds')
      .select('id')
      .where('product_id', '=', animal.product.id)
      .execute()
    expect(holds).toEqual([])
    // A quarter sold next rewrites every size's stock from the pool, which a hold would block.
    const quarter = await buyer([
      { productId: animal.product.id, variantId: animal.quarter.id, quantity: 1 },
    ])
    expect(
      await checkOut(t.db, quarter, { shippingMethod: 'pickup', slot: animal.slot }),
    ).toMatchObject({ ok: true })
    expect(await offered(animal)).toEqual(offer(3))
  })
})

describe('concurrent orders for one animal', () => {
  type Size = 'quarter' | 'half' | 'whole'
  const UNITS: Record<Size, number> = { quarter: 1, half: 2, whole: 4 }

  /**
   * Sells `opening` first, then places one order per size at once. Whatever order the database
   * lets them in, the pool never goes below 0, what was sold is what was taken, and every order
   * refused really did not fit in what is left (no false "sold out").
   */
  async function race(opening: Size, sizes: Size[]) {
    const animal = await createShareAnimal(t.db)
    const variantOf = (size: Size) => animal[size].id
    const opener = await buyer([
      { productId: animal.product.id, variantId: variantOf(opening), quantity: 1 },
    ])
    expect((await checkOut(t.db, opener, { shippingMethod: 'pickup', slot: animal.slot })).ok).toBe(
      true,
    )
    const available = 4 - UNITS[opening]
    const customers = await Promise.all(
      sizes.map((size) =>
        buyer([{ productId: animal.product.id, variantId: variantOf(size), quantity: 1 }]),
      ),
    )
    const results = await Promise.all(
      customers.map((customer) =>
        checkOut(t.db, customer, { shippingMethod: 'pickup', slot: animal.slot }),
      ),
    )
    let sold = 0
    const refused: number[] = []
    results.forEach((result, index) => {
      const units = UNITS[sizes[index] ?? 'whole']
      if (result.ok) sold += units
      else {
        expect(result.reason).toBe('sold-out')
        refused.push(units)
      }
    })
    const left = await unitsLeft(animal.animalId)
    expect(left).toBeGreaterThanOrEqual(0)
    expect(left).toBe(available - sold)
    for (const units of refused) expect(units).toBeGreaterThan(left)
    const shares = await t.db
      .selectFrom('share_orders')
      .select((eb) => eb.fn.sum<number | string>('share_units').as('units'))
      .where('animal_id', '=', animal.animalId)
      .executeTakeFirstOrThrow()
    expect(Number(shares.units)).toBe(UNITS[opening] + sold)
    expect(await offered(animal)).toEqual(offer(left))
    return { sold, refused }
  }

  test('3 quarters left; a half and two quarters race: exactly the ones that fit succeed', async () => {
    for (let round = 0; round < 6; round++) {
      const { sold, refused } = await race('quarter', ['half', 'quarter', 'quarter'])
      // Either the half and one quarter (3), or both quarters and not the half (2).
      expect([3, 2]).toContain(sold)
      expect(refused).toEqual(sold === 3 ? [1] : [2])
    }
  }, 60_000)

  test('2 quarters left; a whole, two halves and two quarters race', async () => {
    for (let round = 0; round < 4; round++) {
      const { sold, refused } = await race('half', ['whole', 'half', 'quarter', 'quarter', 'half'])
      expect(refused).toContain(4)
      expect(sold).toBe(2)
    }
  }, 60_000)
})
