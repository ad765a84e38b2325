import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { CartOwner } from '~/cart/cart-owner.server'
import { applyPromo } from '~/cart/cart-promo.server'
import { getCartSummary } from '~/cart/cart-summary.server'
import { PROMO_INVALID, promoMinimumMessage } from '~/cart/messages'
import { placeOrder } from '~/flows/place-order.server'
import { editPromoCode, withdrawPromoCode } from '~/flows/promo-codes.server'
import { PROMO_NO_LONGER_VALID } from '~/orders/place-order'
import { createCustomer, createProduct } from '~/seed/factories.server'
import { getSettingsForAdmin, updateSettings } from '~/settings/admin/settings.server'
import { SettingsSchema } from '~/settings/admin/settings-form'
import { getPricingSettings, listStatesOffered } from '~/settings/settings.server'
import { createTestApp } from '../../../tests/setup/app'
import type { TestDatabase } from '../../../tests/setup/database'
import { checkForm } from '../../../tests/support/forms'
import {
  PROMO_CODE_RENAME_USED,
  PROMO_CODE_TAKEN,
  PromoCodeSchema,
  promoCodeInput,
} from './promo-code-form'
import { createPromoCode, getPromoCode, listPromoCodes } from './promo-codes.server'

let t: TestDatabase
let adminId: string
beforeAll(async () => {
  t = await createTestApp()
  adminId = (await createCustomer(t.db, { is_admin: true })).id
})
afterAll(async () => {
  await t?.cleanup()
})

/** A customer whose cart holds `quantity` of a product at `priceCents`. */
async function shopper(priceCents: number, quantity = 1) {
  const { id: customerId } = await createCustomer(t.db)
  const product = await createProduct(t.db, { price_cents: priceCents, stock_quantity: 50 })
  const cartId = crypto.randomUUID()
  await t.db.insertInto('carts').values({ id: cartId, customer_id: customerId }).execute()
  await t.db
    .insertInto('cart_lines')
    .values({ id: crypto.randomUUID(), cart_id: cartId, product_id: product.id, quantity })
    .execute()
  return { customerId, owner: { kind: 'customer', customerId } as CartOwner }
}

function promo(values: Record<string, string>) {
  const parsed = checkForm(PromoCodeSchema, { discount_type: 'fixed', is_active: 'on', ...values })
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors))
  return promoCodeInput(parsed.data)
}

function order(customerId: string, state = 'ID') {
  return {
    customerId,
    idempotencyKey: crypto.randomUUID(),
    contact: { email: 'ann@example.com', phone: '208-555-0100' },
    shippingAddress: {
      firstName: 'Ann',
      lastName: 'Lee',
      street: '12 Orchard Lane',
      city: 'Boise',
      state,
      zipCode: '83702',
    },
    shippingMethod: 'standard' as const,
    paymentMethod: 'offline' as const,
  }
}

async function audit(entityType: string) {
  return t.db
    .selectFrom('audit_log')
    .select(['action', 'entity_id', 'details'])
    .where('entity_type', '=', entityType)
    .orderBy('created_at')
    .execute()
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

    const small = await shopper(1500)
    expect(await applyPromo(t.db, small.owner, 'spring5')).toMatchObject({
      ok: false,
      message: promoMinimumMessage('SPRING5', 2000),
    })

    // Two shoppers reach checkout with the code while one use is left, and order at once.
    const a = await shopper(2500)
    const b = await shopper(2500)
    for (const s of [a, b]) {
      expect(await applyPromo(t.db, s.owner, 'SPRING5')).toMatchObject({ ok: true })
      expect((await getCartSummary(t.db, s.owner)).totals.discountCents).toBe(500)
    }
    const results = await Promise.all([
      placeOrder(t.db, order(a.customerId)),
      placeOrder(t.db, order(b.customerId)),
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
    const late = await shopper(3000)
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
    const s = await shopper(10_000)
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
    const s = await shopper(2000)
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
    const s = await shopper(1200)
    expect(await applyPromo(t.db, s.owner, 'big50')).toMatchObject({ ok: true })
    const { totals } = await getCartSummary(t.db, s.owner)
    expect(totals.discountCents).toBe(1200)
    expect(totals.taxCents).toBe(0)
  })

  test('every change is audited', async () => {
    const actions = (await audit('promo_code')).map((row) => row.action)
    expect(actions).toContain('promo_code.create')
    expect(actions).toContain('promo_code.update')
    expect(actions).toContain('promo_code.delete')
    expect(actions).toContain('promo_code.deactivate')
  })
})

describe('settings', () => {
  function settings(values: Record<string, string | string[]>) {
    return checkForm(SettingsSchema, {
      tax_rate: '6',
      standard_shipping: '5.99',
      express_shipping: '12.99',
      pickup_shipping: '0',
      free_shipping_threshold: '50',
      states: ['ID'],
      hold_hours: '24',
      weight_tolerance: '15',
      ...values,
    })
  }

  test('the form: percent with 2 decimals to basis points, at least one known state', () => {
    expect(settings({ tax_rate: '8.25%', states: ['wa', 'ID', 'ID'] })).toEqual({
      ok: true,
      data: {
        tax_rate: 825,
        standard_shipping: 599,
        express_shipping: 1299,
        pickup_shipping: 0,
        free_shipping_threshold: 5000,
        states: ['ID', 'WA'],
        hold_hours: 24,
        weight_tolerance: 15,
      },
    })
    expect(settings({ tax_rate: '6.255' })).toMatchObject({
      ok: false,
      fieldErrors: { tax_rate: expect.any(String) },
    })
    expect(settings({ tax_rate: '30' })).toMatchObject({
      ok: false,
      fieldErrors: { tax_rate: 'The tax rate must be between 0% and 25%.' },
    })
    expect(settings({ states: [] })).toMatchObject({
      ok: false,
      fieldErrors: { states: 'Choose at least one state the farm delivers to.' },
    })
    expect(settings({ states: ['ID', 'XX'] })).toMatchObject({
      ok: false,
      fieldErrors: { states: 'Choose states from the list.' },
    })
    expect(settings({ standard_shipping: 'five' })).toMatchObject({
      ok: false,
      fieldErrors: { standard_shipping: expect.stringContaining('in dollars') },
    })
  })

  test('a save reaches pricing, the cart, the checkout states and placeOrder; audited', async () => {
    const parsed = settings({
      tax_rate: '8',
      standard_shipping: '7',
      free_shipping_threshold: '100',
      states: ['ID', 'OR'],
    })
    if (!parsed.ok) throw new Error('settings should parse')
    await updateSettings(t.db, adminId, parsed.data)
    expect(await getPricingSettings(t.db)).toEqual({
      taxRateBasisPoints: 800,
      standardShippingCents: 700,
      expressShippingCents: 1299,
      pickupShippingCents: 0,
      freeShippingThresholdCents: 10_000,
      weightTolerancePercent: 15,
    })
    expect(await listStatesOffered(t.db)).toEqual(['ID', 'OR'])
    expect((await getSettingsForAdmin(t.db)).states).toEqual(['ID', 'OR'])

    const s = await shopper(6000)
    const { totals } = await getCartSummary(t.db, s.owner)
    expect(totals).toMatchObject({
      taxCents: 480,
      shippingCents: 700,
      freeShippingRemainingCents: 4000,
    })

    // A state not offered is refused by the server, whatever the form sent.
    expect(await placeOrder(t.db, order(s.customerId, 'WA'))).toMatchObject({
      ok: false,
      reason: 'invalid',
      message: 'We currently deliver only to Idaho or Oregon.',
    })
    const placed = await placeOrder(t.db, order(s.customerId, 'OR'))
    if (!placed.ok) throw new Error(placed.message)
    const row = await t.db
      .selectFrom('orders')
      .select(['tax_cents', 'tax_rate_basis_points', 'shipping_cents', 'total_cents'])
      .where('id', '=', placed.order.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({
      tax_cents: 480,
      tax_rate_basis_points: 800,
      shipping_cents: 700,
      total_cents: 6000 + 700 + 480,
    })
    const email = await t.db
      .selectFrom('email_outbox')
      .select('text_body')
      .where('template', '=', 'order-confirmation')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow()
    expect(email.text_body).toContain('$4.80')
    expect(email.text_body).toContain('$71.80')

    const [entry] = await audit('settings')
    const details = JSON.parse(entry?.details ?? '{}')
    expect(details).toEqual({
      before: {
        tax_rate_basis_points: 600,
        standard_shipping_cents: 599,
        free_shipping_threshold_cents: 5000,
        states_offered: 'ID',
      },
      after: {
        tax_rate_basis_points: 800,
        standard_shipping_cents: 700,
        free_shipping_threshold_cents: 10_000,
        states_offered: 'ID,OR',
      },
    })
  })
})
