import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { signIn, signUp } from '~/auth/accounts.server'
import { type CartOwner, serializeCartCookie } from '~/cart/cart-owner.server'
import { countCartItems } from '~/cart/cart-summary.server'
import { createProduct } from '~/seed/factories.server'
import { createTestApp, TEST_BASE_URL } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { guestWith } from '../../tests/support/carts'
import { completeSignIn } from './sign-in.server'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

describe('signing in', () => {
  test('sign-in and sign-up merge the cookie’s cart and clear the cookie', async () => {
    const product = await createProduct(t.db, { price_cents: 1500 })
    const cookieFor = async (owner: { cartId: string }) =>
      (await serializeCartCookie(owner.cartId)).split(';')[0] ?? ''
    let ip = 0
    const caller = (cookie: string) => ({
      request: new Request(`${TEST_BASE_URL}/signin`, { headers: { cookie } }),
      clientIp: `203.0.113.${++ip}`,
    })

    const upGuest = await guestWith(t.db, product.id, 2)
    const email = `merge-${crypto.randomUUID()}@example.com`
    const upCaller = caller(await cookieFor(upGuest))
    const upRequest = upCaller.request
    const up = await signUp(
      { firstName: 'Ann', lastName: 'Lee', email, password: 'pasture-fresh-42', newsletter: false },
      upCaller,
    )
    expect(up.ok).toBe(true)
    if (!up.ok) return
    await completeSignIn(upRequest, up.customerId, up.headers)
    expect(up.headers.getSetCookie().some((c) => /^farm\.cart=;.*Max-Age=0/.test(c))).toBe(true)
    const customer = await t.db
      .selectFrom('customers')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    const owner: CartOwner = { kind: 'customer', customerId: customer.id }
    expect(await countCartItems(t.db, owner)).toBe(2)

    const inGuest = await guestWith(t.db, product.id, 3)
    const inCaller = caller(await cookieFor(inGuest))
    const signedIn = await signIn(
      { email, password: 'pasture-fresh-42', rememberMe: false },
      inCaller,
    )
    expect(signedIn.ok).toBe(true)
    if (!signedIn.ok) return
    await completeSignIn(inCaller.request, signedIn.customerId, signedIn.headers)
    expect(signedIn.headers.getSetCookie().some((c) => c.startsWith('farm.session_token='))).toBe(
      true,
    )
    expect(signedIn.headers.getSetCookie().some((c) => c.startsWith('farm.cart=;'))).toBe(true)
    expect(await countCartItems(t.db, owner)).toBe(5)

    // No cart cookie: sign-in answers no cart cookie at all.
    const plainCaller = caller('')
    const plain = await signIn(
      { email, password: 'pasture-fresh-42', rememberMe: false },
      plainCaller,
    )
    if (plain.ok) await completeSignIn(plainCaller.request, plain.customerId, plain.headers)
    expect(plain.ok && plain.headers.getSetCookie().some((c) => c.startsWith('farm.cart'))).toBe(
      false,
    )
  })
})
