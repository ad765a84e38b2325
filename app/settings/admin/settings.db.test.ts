import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getCartSummary } from '~/cart/cart-summary.server'
import { placeOrder } from '~/flows/place-order.server'
import { createCustomer } from '~/seed/factories.server'
import { getSettingsForAdmin, updateSettings } from '~/settings/admin/settings.server'
import { SettingsSchema } from '~/settings/admin/settings-form'
import { getPricingSettings, listStatesOffered } from '~/settings/settings.server'
import { createTestApp } from '../../../tests/setup/app'
import type { TestDatabase } from '../../../tests/setup/database'
import { checkForm } from '../../../tests/support/forms'
import { auditRows, orderInput, shopper } from '../../../tests/support/pricing'

// The farm's settings, from the admin's form to pricing, the cart, the checkout's states and
// placeOrder.

let t: TestDatabase
let adminId: string
beforeAll(async () => {
  t = await createTestApp()
  adminId = (await createCustomer(t.db, { is_admin: true })).id
})
afterAll(async () => {
  await t?.cleanup()
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

    const s = await shopper(t.db, 6000)
    const { totals } = await getCartSummary(t.db, s.owner)
    expect(totals).toMatchObject({
      taxCents: 480,
      shippingCents: 700,
      freeShippingRemainingCents: 4000,
    })

    // A state not offered is refused by the server, whatever the form sent.
    expect(await placeOrder(t.db, orderInput(s.customerId, 'WA'))).toMatchObject({
      ok: false,
      reason: 'invalid',
      message: 'We currently deliver only to Idaho or Oregon.',
    })
    const placed = await placeOrder(t.db, orderInput(s.customerId, 'OR'))
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

    const [entry] = await auditRows(t.db, 'settings')
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
