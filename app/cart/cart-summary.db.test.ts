import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { signUp } from '~/auth/accounts.server'
import { REQUEST_KEY_HEADER } from '~/platform/http/request-key.server'
import { createDeliveryZone, createProduct, createWindow } from '~/seed/factories.server'
import { createTestApp, TEST_BASE_URL } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { guestWith } from '../../tests/support/carts'
import { addToCart } from './cart-changes.server'
import { getCartOwner, serializeCartCookie } from './cart-owner.server'
import { getCartSummary, headerCartCount } from './cart-summary.server'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

describe('the header count', () => {
  test('comes with the session on a page view, and is counted again after a form post', async () => {
    const product = await createProduct(t.db, { price_cents: 1500 })
    const email = `header-${crypto.randomUUID()}@example.com`
    const up = await signUp(
      { firstName: 'Ann', lastName: 'Lee', email, password: 'pasture-fresh-42', newsletter: false },
      { request: new Request(`${TEST_BASE_URL}/signup`), clientIp: '203.0.113.90' },
    )
    if (!up.ok) throw new Error('sign-up failed')
    const cookie =
      up.headers
        .getSetCookie()
        .find((c) => c.startsWith('farm.session_token='))
        ?.split(';')[0] ?? ''
    // One request as the host sees it: its key is shared by the action and the loaders.
    const requestOf = (key: string, method = 'GET') =>
      new Request(`${TEST_BASE_URL}/cart`, {
        method,
        headers: { cookie, [REQUEST_KEY_HEADER]: key },
      })
    const owner = await getCartOwner(requestOf(crypto.randomUUID()))
    expect(owner.kind).toBe('customer')
    await addToCart(t.db, owner, { productId: product.id, quantity: 2 })

    expect(await headerCartCount(t.db, requestOf(crypto.randomUUID()))).toBe(2)

    // A posted form: the action looks the session up, then changes the cart; React Router
    // then runs the loaders with a GET Request of the same request.
    const posted = crypto.randomUUID()
    const actionOwner = await getCartOwner(requestOf(posted, 'POST'))
    await addToCart(t.db, actionOwner, { productId: product.id, quantity: 1 })
    expect(await headerCartCount(t.db, requestOf(posted))).toBe(3)

    // A guest's count is the cookie cart's.
    const guest = await guestWith(t.db, product.id, 4)
    const guestCookie = (await serializeCartCookie(guest.cartId)).split(';')[0] ?? ''
    const guestRequest = new Request(`${TEST_BASE_URL}/`, { headers: { cookie: guestCookie } })
    expect(await headerCartCount(t.db, guestRequest)).toBe(4)
  })
})

// Last in the file: the zones it makes would be in every later summary.
describe('how the summary is priced (D21)', () => {
  test('a cart that cannot ship: its cheapest way, with the zones checkout offers', async () => {
    const offered = await createDeliveryZone(t.db, { fee_cents: 650, free_over_cents: null })
    await createWindow(t.db, { zone_id: offered.id })
    const off = await createDeliveryZone(t.db, { fee_cents: 100, is_active: false })
    await createWindow(t.db, { zone_id: off.id })
    const closed = await createDeliveryZone(t.db, { fee_cents: 200 })
    await createWindow(t.db, { zone_id: closed.id }, { is_active: false })
    await createDeliveryZone(t.db, { fee_cents: 300 })
    const eggs = await createProduct(t.db, {
      price_cents: 400,
      stock_quantity: 5,
      local_only: true,
    })
    const jam = await createProduct(t.db, { price_cents: 1100, stock_quantity: 5 })

    const owner = await guestWith(t.db, eggs.id)
    const summary = await getCartSummary(t.db, owner)
    expect(summary.lines[0]?.localOnly).toBe(true)
    expect(summary.zones).toEqual([{ feeCents: 650, freeOverCents: null, minimumCents: 3000 }])
    expect(summary).toMatchObject({ canShip: false, feeFrom: false })
    expect(summary.totals).toMatchObject({
      shippingMethod: 'pickup',
      shippingCents: 0,
      freeShippingRemainingCents: 0,
      totalCents: 424,
    })

    // With something that ships beside it, still not shippable; alone, the jam ships.
    await addToCart(t.db, owner, { productId: jam.id, quantity: 1 })
    expect((await getCartSummary(t.db, owner)).totals.shippingMethod).toBe('pickup')
    const jamOnly = await guestWith(t.db, jam.id)
    expect((await getCartSummary(t.db, jamOnly)).totals).toMatchObject({
      shippingMethod: 'standard',
      shippingCents: 599,
    })
  })
})
