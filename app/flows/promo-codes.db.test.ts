import { afterAll, beforeAll, expect, test } from 'vitest'
import { addToCart } from '~/cart/cart-changes.server'
import type { CartOwner } from '~/cart/cart-owner.server'
import { applyPromo } from '~/cart/cart-promo.server'
import { getCartSummary } from '~/cart/cart-summary.server'
import { PromoCodeSchema, promoCodeInput } from '~/promotions/admin/promo-code-form'
import { createPromoCode } from '~/promotions/admin/promo-codes.server'
import { createCustomer, createProduct } from '~/seed/factories.server'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { checkForm } from '../../tests/support/forms'
import { editPromoCode, withdrawPromoCode } from './promo-codes.server'

let t: TestDatabase
let adminId: string
beforeAll(async () => {
  t = await createTestApp()
  adminId = (await createCustomer(t.db, { is_admin: true })).id
})
afterAll(async () => {
  await t?.cleanup()
})

function promo(values: Record<string, string>) {
  const parsed = checkForm(PromoCodeSchema, { discount_type: 'fixed', is_active: 'on', ...values })
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors))
  return promoCodeInput(parsed.data)
}

/** A guest's cart of one $30 item holding `code`. */
async function cartHolding(code: string): Promise<CartOwner> {
  const product = await createProduct(t.db, { price_cents: 3000 })
  const added = await addToCart(
    t.db,
    { kind: 'guest', cartId: null },
    { productId: product.id, quantity: 1 },
  )
  if (!added.ok) throw new Error(added.message)
  const owner: CartOwner = { kind: 'guest', cartId: added.cartId }
  expect(await applyPromo(t.db, owner, code)).toMatchObject({ ok: true })
  return owner
}

test('a cart holding a renamed code keeps it under the new name', async () => {
  const created = await createPromoCode(t.db, adminId, promo({ code: 'HAY5', discount_value: '5' }))
  if (!created.ok) throw new Error('create failed')
  const owner = await cartHolding('hay5')

  expect(
    await editPromoCode(t.db, adminId, created.id, promo({ code: 'STRAW5', discount_value: '5' })),
  ).toEqual({ ok: true, id: created.id, renamedFrom: 'HAY5' })

  const summary = await getCartSummary(t.db, owner)
  expect(summary.promo?.code).toBe('STRAW5')
  expect(summary.totals.discountCents).toBe(500)
})

test('a deleted code leaves the carts that held it; a refused save changes no cart', async () => {
  const created = await createPromoCode(
    t.db,
    adminId,
    promo({ code: 'OATS3', discount_value: '3' }),
  )
  const other = await createPromoCode(t.db, adminId, promo({ code: 'RYE2', discount_value: '2' }))
  if (!created.ok || !other.ok) throw new Error('create failed')
  const owner = await cartHolding('oats3')

  // The name is taken: nothing is saved, and the cart still holds OATS3.
  expect(
    await editPromoCode(t.db, adminId, created.id, promo({ code: 'RYE2', discount_value: '3' })),
  ).toMatchObject({ ok: false, status: 400 })
  expect((await getCartSummary(t.db, owner)).promo?.code).toBe('OATS3')

  expect(await withdrawPromoCode(t.db, adminId, created.id)).toEqual({
    kind: 'deleted',
    code: 'OATS3',
  })
  const summary = await getCartSummary(t.db, owner)
  expect(summary.promo).toBeNull()
  expect(summary.totals.discountCents).toBe(0)
})
