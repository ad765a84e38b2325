import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { changeCart } from '~/cart/cart-changes.server'
import { offeredZones } from '~/fulfilment/fulfilment-choice'
import {
  createCustomer,
  createDeliveryZone,
  createProduct,
  createWindow,
} from '~/seed/factories.server'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { checkoutPricing } from './checkout'
import { loadCheckout } from './checkout.server'

// D21: checkout starts on the method the cart's summary was priced with, at the same total.

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
  const zone = await createDeliveryZone(t.db, { fee_cents: 700, free_over_cents: 7500 })
  await createWindow(t.db, { zone_id: zone.id })
}, 30_000)
afterAll(async () => {
  await t?.cleanup()
})

async function shopperWith(items: Array<{ localOnly: boolean; cents: number; quantity: number }>) {
  const customer = await createCustomer(t.db)
  for (const item of items) {
    const product = await createProduct(t.db, {
      price_cents: item.cents,
      stock_quantity: 50,
      local_only: item.localOnly,
    })
    await changeCart(
      t.db,
      { kind: 'customer', customerId: customer.id },
      { intent: 'add', productId: product.id, quantity: item.quantity },
    )
  }
  return loadCheckout(t.db, {
    id: customer.id,
    email: customer.email,
    firstName: 'Ann',
    lastName: 'Lee',
    phone: null,
    isAdmin: false,
  })
}

/** What checkout's summary shows for the prefilled method, before any ZIP is typed. */
function checkoutTotal(page: Awaited<ReturnType<typeof shopperWith>>) {
  return checkoutPricing(page.cart, page.prefill.shippingMethod, offeredZones(page.offer), null)
    .totals.totalCents
}

describe('the method checkout starts on', () => {
  test('a cart that can ship: standard shipping, as the cart priced it', async () => {
    const page = await shopperWith([{ localOnly: false, cents: 1100, quantity: 2 }])
    expect(page.prefill.shippingMethod).toBe('standard')
    expect(page.cart.totals.shippingCents).toBe(599)
    expect(checkoutTotal(page)).toBe(page.cart.totals.totalCents)
  })

  test('a cart with a pickup-only item: pickup, at the total the cart showed', async () => {
    const page = await shopperWith([
      { localOnly: true, cents: 400, quantity: 1 },
      { localOnly: false, cents: 1100, quantity: 1 },
    ])
    expect(page.prefill.shippingMethod).toBe('pickup')
    expect(page.cart.totals).toMatchObject({ shippingCents: 0, totalCents: 1500 + 90 })
    expect(checkoutTotal(page)).toBe(page.cart.totals.totalCents)
  })

  test('local delivery when the farm charges more for pickup than the zone does', async () => {
    await t.db.updateTable('settings').set({ pickup_shipping_cents: 900 }).execute()
    try {
      const page = await shopperWith([{ localOnly: true, cents: 4000, quantity: 1 }])
      expect(page.prefill.shippingMethod).toBe('delivery')
      expect(page.cart).toMatchObject({ feeFrom: true, totals: { shippingCents: 700 } })
      const pricing = checkoutPricing(page.cart, 'delivery', offeredZones(page.offer), null)
      expect(pricing).toMatchObject({ feeFrom: true, totals: page.cart.totals })
      expect(pricing.fees).toMatchObject({
        pickup: { cents: 900, from: false },
        delivery: { cents: 700, from: true },
      })
    } finally {
      await t.db.updateTable('settings').set({ pickup_shipping_cents: 0 }).execute()
    }
  })
})
