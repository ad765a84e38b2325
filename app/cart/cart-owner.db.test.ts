import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createProduct } from '~/seed/factories.server'
import { createTestApp, TEST_BASE_URL } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { guestWith } from '../../tests/support/carts'
import { getCartOwner, serializeCartCookie } from './cart-owner.server'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

describe('the cart cookie', () => {
  test('a signed, httpOnly, SameSite=Lax, long-lived cookie finds the guest cart', async () => {
    const product = await createProduct(t.db)
    const owner = await guestWith(t.db, product.id)
    const setCookie = await serializeCartCookie(owner.cartId)
    expect(setCookie).toMatch(/^farm\.cart=/)
    expect(setCookie).toContain('HttpOnly')
    expect(setCookie).toContain('SameSite=Lax')
    expect(setCookie).toContain('Path=/')
    expect(setCookie).toMatch(/Max-Age=7776000/)
    const cookie = setCookie.split(';')[0] ?? ''
    const request = (value: string) =>
      new Request(`${TEST_BASE_URL}/cart`, { headers: { cookie: value } })
    expect(await getCartOwner(request(cookie))).toEqual(owner)
    // Tampered with, or someone else's bare id: no cart.
    const [name, value] = cookie.split('=')
    const forged = `${name}=${value?.slice(0, -3)}abc`
    expect(await getCartOwner(request(forged))).toEqual({ kind: 'guest', cartId: null })
    expect(await getCartOwner(request(`farm.cart=${owner.cartId}`))).toEqual({
      kind: 'guest',
      cartId: null,
    })
    expect(await getCartOwner(new Request(`${TEST_BASE_URL}/cart`))).toEqual({
      kind: 'guest',
      cartId: null,
    })
  })
})
