import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { applyPromo } from '~/cart/cart-promo.server'
import { getCartSummary } from '~/cart/cart-summary.server'
import { PROMO_INVALID, promoMinimumMessage } from '~/cart/words'
import { placeOrder } from '~/flows/place-order.server'
import { editPromoCode, withdrawPromoCode } from '~/flows/promo-codes.server'
import { PROMO_NO_LONGER_VALID } from '~/orders/place-order'
import { createCustomer } from '~/seed/factories.server'
import { createTestApp } from '../../../tests/setup/app'
import type { TestDatabase } from '../../../tests/setup/database'
import { checkForm } from '../../../tests/support/forms'
import { auditRows, orderInput, shopper } from '../../../tests/support/pricing'
import {
  PROMO_CODE_RENAME_USED,
  PROMO_CODE_TAKEN,
  PromoCodeSchema,
  promoCodeInput,
} from './promo-code-form'
import { createPromoCode, getPromoCode, listPromoCodes } from './promo-codes.server'

// Promo codes, from the admin's form to the cart and checkout that use them.

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

describe('the promo code form', () => {
  test('percent 1-100, dollars to cents, blank limits, end on or after start', () => {
    expect(promo({ code: 'spring5', discount_value: '5', min_subtotal: '20' })).toEqual({
      code: 'SPRING5',
      discount_type: 'fixed',
      discount_value: 500,
      min_subtotal_cents: 2000,
      starts_on: null,
      ends_on: null,
      usage_limit: null,
      is_active: true,
    })
    expect(
      promo({ code: 'X', discount_type: 'percent', discount_value: '15%' }).discount_value,
    ).toBe(15)
    const errors = (values: Record<string, string>) => {
      const parsed = checkForm(PromoCodeSchema, values)
      return parsed.ok ? {} : parsed.fieldErrors
    }
    expect(errors({ code: 'NO GOOD!', discount_type: 'percent', discount_value: '10' })).toEqual({
      code: 'Use only letters and digits, like SPRING5.',
    })
    expect(errors({ code: 'NO GOOD!', discount_type: 'percent', discount_value: '150' })).toEqual({
      code: 'Use only letters and digits, like SPRING5.',
      discount_value: 'A percentage must be a whole number from 1 to 100.',
    })
    expect(errors({ code: 'A', discount_type: 'percent', discount_value: '101' })).toEqual({
      discount_value: 'A percentage must be a whole number from 1 to 100.',
    })
    expect(errors({ code: 'A', discount_type: 'percent', discount_value: '2.5' })).toEqual({
      discount_value: 'A percentage must be a whole number from 1 to 100.',
    })
    expect(errors({ code: 'A', discount_type: 'fixed', discount_value: '0' })).toEqual({
      discount_value: 'The discount must be more than $0.',
    })
    expect(
      errors({
        code: 'A',
        discount_type: 'fixed',
        discount_value: '5',
        starts_on: '2026-05-02',
        ends_on: '2026-05-01',
      }),
    ).toEqual({ ends_on: 'The end date must be on or after the start date.' })
    expect(
      errors({ code: 'A', discount_type: 'fixed', discount_value: '5', usage_limit: '0' }),
    ).toEqual({ usage_limit: 'A code must be usable at least once.' })
    expect(errors({ code: '', discount_value: '' })).toMatchObject({
      code: 'Enter the code.',
      discount_type: 'Choose a percentage or a fixed amount.',
      discount_value: 'Enter how much the code takes off.',
    })
  })
})

describe('promo codes, as the admin makes them and the cart and checkout use them', () => {
  test('SPRING5: $5 off from $20, one use; the second order for the last use is refused', async () => {
    const created = await createPromoCode(
      t.db,
      adminId,
      promo({ code: 'Spring5', discount_value: '5', min_subtotal: '20', usage_limit: '1' }),
    )
    expect(created).toMatchObject({ ok: true })

    const small = await shopper(t.db, 1500)
    expect(await applyPromo(t.db, small.owner, 'spring5')).toMatchObject({
      ok: false,
      message: promoMinimumMessage('SPRING5', 2000),
    })

    // Two shoppers reach checkout with the code while one use is left, and order at once.
    const a = await shopper(t.db, 2500)
    const b = await shopper(t.db, 2500)
    for (const s of [a, b]) {
      expect(await applyPromo(t.db, s.owner, 'SPRING5')).toMatchObject({ ok: true })
      expect((await getCartSummary(t.db, s.owner)).totals.discountCents).toBe(500)
    }
    const results = await Promise.all([
      placeOrder(t.db, orderInput(a.customerId)),
      placeOrder(t.db, orderInput(b.customerId)),
    ])
    // Exactly one gets the last use; the other is refused with a clear message, not charged
    // more than the total it was shown (its cart keeps its lines and code).
    expect(results.filter((result) => result.ok)).toHaveLength(1)
    expect(results.filter((result) => !result.ok)).toEqual([
      { ok: false, reason: 'promo-invalid', message: PROMO_NO_LONGER_VALID },
    ])
    const code = await t.db
      .selectFrom('promo_codes')
      .select(['times_used', 'id'])
      .where('code', '=', 'SPRING5')
      .executeTakeFirstOrThrow()
    expect(code.times_used).toBe(1)
    const placed = await t.db
      .selectFrom('orders')
      .select(['discount_cents', 'promo_code', 'subtotal_cents'])
      .where('promo_code', '=', 'SPRING5')
      .execute()
    expect(placed).toEqual([{ discount_cents: 500, promo_code: 'SPRING5', subtotal_cents: 2500 }])

    // Used up: the cart now calls it invalid, like an unknown code.
    const late = await shopper(t.db, 3000)
    expect(await applyPromo(t.db, late.owner, 'spring5')).toMatchObject({
      ok: false,
      message: PROMO_INVALID,
    })

    // Used, so "delete" switches it off, and its name can no longer change.
    expect(await withdrawPromoCode(t.db, adminId, code.id)).toEqual({
      kind: 'deactivated',
      code: 'SPRING5',
    })
    expect((await getPromoCode(t.db, code.id))?.is_active).toBe(false)
    expect(
      await editPromoCode(t.db, adminId, code.id, promo({ code: 'SPRING6', discount_value: '5' })),
    ).toEqual({ ok: false, status: 400, fieldErrors: { code: [PROMO_CODE_RENAME_USED] } })
  })

  test('names are unique whatever the case; FARM10 is editable like any other', async () => {
    expect(
      await createPromoCode(t.db, adminId, promo({ code: 'farm10', discount_value: '1' })),
    ).toEqual({ ok: false, status: 400, fieldErrors: { code: [PROMO_CODE_TAKEN] } })
    const farm10 = (await listPromoCodes(t.db, { page: 1, limit: 25, offset: 0 }, 'farm')).rows
    expect(farm10.map((row) => row.code)).toEqual(['FARM10'])
    const id = farm10[0]?.id ?? ''
    expect(
      await editPromoCode(
        t.db,
        adminId,
        id,
        promo({ code: 'FARM10', discount_type: 'percent', discount_value: '15' }),
      ),
    ).toEqual({ ok: true, id })
    const s = await shopper(t.db, 10_000)
    await applyPromo(t.db, s.owner, 'farm10')
    expect((await getCartSummary(t.db, s.owner)).totals.discountCents).toBe(1500)
    await editPromoCode(
      t.db,
      adminId,
      id,
      promo({ code: 'FARM10', discount_type: 'percent', discount_value: '10' }),
    )
    const other = await createPromoCode(
      t.db,
      adminId,
      promo({ code: 'OTHER', discount_value: '1' }),
    )
    const otherId = other.ok ? other.id : ''
    expect(
      await editPromoCode(t.db, adminId, otherId, promo({ code: 'Farm10', discount_value: '1' })),
    ).toEqual({ ok: false, status: 400, fieldErrors: { code: [PROMO_CODE_TAKEN] } })
    // Unused: removing deletes it.
    expect(await withdrawPromoCode(t.db, adminId, otherId)).toEqual({
      kind: 'deleted',
      code: 'OTHER',
    })
    expect(await getPromoCode(t.db, otherId)).toBeNull()
    expect(await withdrawPromoCode(t.db, adminId, otherId)).toEqual({ kind: 'not-found' })
  })

  test('farm calendar dates: not started, running, ended', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Boise' }).format(new Date())
    const day = (offset: number) => {
      const date = new Date(`${today}T12:00:00Z`)
      date.setUTCDate(date.getUTCDate() + offset)
      return date.toISOString().slice(0, 10)
    }
    await createPromoCode(
      t.db,
      adminId,
      promo({ code: 'SOON', discount_value: '1', starts_on: day(1) }),
    )
    await createPromoCode(
      t.db,
      adminId,
      promo({ code: 'TODAY', discount_value: '1', starts_on: today, ends_on: today }),
    )
    await createPromoCode(
      t.db,
      adminId,
      promo({ code: 'PAST', discount_value: '1', starts_on: day(-3), ends_on: day(-1) }),
    )
    await createPromoCode(t.db, adminId, promo({ code: 'OFF', discount_value: '1', is_active: '' }))
    const s = await shopper(t.db, 2000)
    expect(await applyPromo(t.db, s.owner, 'today')).toMatchObject({ ok: true })
    for (const code of ['soon', 'past', 'off', 'nothing']) {
      expect(await applyPromo(t.db, s.owner, code)).toMatchObject({
        ok: false,
        message: PROMO_INVALID,
      })
    }
  })

  test('a fixed amount never takes off more than the subtotal', async () => {
    await createPromoCode(t.db, adminId, promo({ code: 'BIG50', discount_value: '50' }))
    const s = await shopper(t.db, 1200)
    expect(await applyPromo(t.db, s.owner, 'big50')).toMatchObject({ ok: true })
    const { totals } = await getCartSummary(t.db, s.owner)
    expect(totals.discountCents).toBe(1200)
    expect(totals.taxCents).toBe(0)
  })

  test('every change is audited', async () => {
    const actions = (await auditRows(t.db, 'promo_code')).map((row) => row.action)
    expect(actions).toContain('promo_code.create')
    expect(actions).toContain('promo_code.update')
    expect(actions).toContain('promo_code.delete')
    expect(actions).toContain('promo_code.deactivate')
  })
})
