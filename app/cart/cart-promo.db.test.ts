import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createProduct } from '~/seed/factories.server'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { guestWith } from '../../tests/support/carts'
import { changeLineQuantity } from './cart-changes.server'
import { applyPromo, removePromo } from './cart-promo.server'
import { getCartSummary } from './cart-summary.server'
import { PROMO_EMPTY_CART, PROMO_INVALID, promoMinimumMessage } from './words'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

// A cart's promo code (cart-promo.server.ts).

async function addPromo(values: {
  code: string
  discount_type?: 'percent' | 'fixed'
  discount_value?: number
  min_subtotal_cents?: number
  starts_at?: Date | null
  ends_at?: Date | null
  usage_limit?: number | null
  times_used?: number
  is_active?: boolean
}) {
  await t.db
    .insertInto('promo_codes')
    .values({ id: crypto.randomUUID(), discount_type: 'percent', discount_value: 10, ...values })
    .execute()
}

describe('promo codes', () => {
  test('FARM10 in any case: 10 % off, the exact message, kept with the cart', async () => {
    const product = await createProduct(t.db, { price_cents: 4200 })
    const owner = await guestWith(t.db, product.id)
    expect(await applyPromo(t.db, owner, '  farm10 ')).toEqual({
      ok: true,
      cartId: owner.cartId,
      message: 'Promo code applied! You saved $4.20.',
    })
    const summary = await getCartSummary(t.db, owner)
    expect(summary.promo).toEqual({
      code: 'FARM10',
      terms: { discountType: 'percent', discountValue: 10, minSubtotalCents: 0 },
    })
    expect(summary.totals).toMatchObject({
      subtotalCents: 4200,
      discountCents: 420,
      shippingCents: 599,
      taxCents: 227,
      totalCents: 4200 - 420 + 599 + 227,
    })
    expect(await removePromo(t.db, owner)).toMatchObject({ ok: true })
    const after = await getCartSummary(t.db, owner)
    expect(after.promo).toBeNull()
    expect(after.totals.discountCents).toBe(0)
  })

  test('unknown, switched-off, not yet started, ended and used-up codes are invalid', async () => {
    const product = await createProduct(t.db, { price_cents: 9000 })
    const owner = await guestWith(t.db, product.id)
    const day = 24 * 60 * 60 * 1000
    await addPromo({ code: 'OFF5', is_active: false })
    await addPromo({ code: 'SOON5', starts_at: new Date(Date.now() + day) })
    await addPromo({ code: 'OVER5', ends_at: new Date(Date.now() - day) })
    await addPromo({ code: 'GONE5', usage_limit: 3, times_used: 3 })
    for (const code of ['NOPE', 'FARM', 'off5', 'SOON5', 'over5', 'GONE5']) {
      expect(await applyPromo(t.db, owner, code)).toEqual({
        ok: false,
        status: 400,
        message: PROMO_INVALID,
      })
    }
    expect((await getCartSummary(t.db, owner)).promo).toBeNull()
    await addPromo({
      code: 'LIVE5',
      discount_type: 'fixed',
      discount_value: 500,
      starts_at: new Date(Date.now() - day),
      ends_at: new Date(Date.now() + day),
      usage_limit: 3,
      times_used: 2,
    })
    expect(await applyPromo(t.db, owner, 'live5')).toMatchObject({
      ok: true,
      message: 'Promo code applied! You saved $5.00.',
    })
  })

  test('a minimum subtotal is checked when applying and again at every reading', async () => {
    const product = await createProduct(t.db, { price_cents: 2000, stock_quantity: 10 })
    const owner = await guestWith(t.db, product.id)
    await addPromo({ code: 'BIG30', min_subtotal_cents: 3000 })
    expect(await applyPromo(t.db, owner, 'big30')).toEqual({
      ok: false,
      status: 400,
      message: promoMinimumMessage('BIG30', 3000),
    })
    expect(promoMinimumMessage('BIG30', 3000)).toBe(
      'Promo code BIG30 needs a subtotal of $30.00 or more.',
    )
    const lineId = (await getCartSummary(t.db, owner)).lines[0]?.id ?? ''
    await changeLineQuantity(t.db, owner, lineId, { set: 2 })
    expect(await applyPromo(t.db, owner, 'big30')).toMatchObject({ ok: true })
    await changeLineQuantity(t.db, owner, lineId, { set: 1 })
    const summary = await getCartSummary(t.db, owner)
    expect(summary.promo?.code).toBe('BIG30')
    expect(summary.totals).toMatchObject({ discountCents: 0, promoApplies: false })
  })

  test('a code that ends after it was applied stops counting', async () => {
    const product = await createProduct(t.db, { price_cents: 2000 })
    const owner = await guestWith(t.db, product.id)
    await addPromo({ code: 'BRIEF' })
    await applyPromo(t.db, owner, 'brief')
    await t.db
      .updateTable('promo_codes')
      .set({ is_active: false })
      .where('code', '=', 'BRIEF')
      .execute()
    const summary = await getCartSummary(t.db, owner)
    expect(summary.promo).toEqual({ code: 'BRIEF', terms: null })
    expect(summary.totals.discountCents).toBe(0)
  })

  test('an empty cart takes no code', async () => {
    expect(await applyPromo(t.db, { kind: 'guest', cartId: null }, 'FARM10')).toEqual({
      ok: false,
      status: 400,
      message: PROMO_EMPTY_CART,
    })
  })
})
