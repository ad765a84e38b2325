import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { signIn, signUp } from '~/auth/accounts.server'
import { completeSignIn } from '~/flows/sign-in.server'
import { REQUEST_KEY_HEADER } from '~/platform/http/request-key.server'
import {
  createCustomer,
  createDeliveryZone,
  createProduct,
  createVariant,
  createWindow,
} from '~/seed/factories.server'
import { createTestApp, TEST_BASE_URL } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { REFERENCE_SETTINGS } from '../../tests/setup/reference-settings'
import { addToCart, changeLineQuantity, clearCart, removeLine } from './cart-changes.server'
import { type CartOwner, getCartOwner, serializeCartCookie } from './cart-owner.server'
import { applyPromo, removePromo } from './cart-promo.server'
import { countCartItems, getCartSummary, headerCartCount } from './cart-summary.server'
import { mergeGuestCart } from './guest-cart-merge.server'
import {
  ADDED_TO_CART,
  allInCartMessage,
  LINE_NOT_FOUND,
  OPTION_UNAVAILABLE,
  onlyLeftMessage,
  outOfStockMessage,
  PRODUCT_UNAVAILABLE,
  PROMO_EMPTY_CART,
  PROMO_INVALID,
  promoMinimumMessage,
} from './messages'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

/** A guest cart is made by the first add; this gives the owner that add created. */
async function guestWith(productId: string, quantity = 1, variantId?: string) {
  const result = await addToCart(
    t.db,
    { kind: 'guest', cartId: null },
    { productId, quantity, variantId },
  )
  if (!result.ok || !result.cartId) throw new Error(`add failed: ${JSON.stringify(result)}`)
  return { kind: 'guest', cartId: result.cartId } as const satisfies CartOwner
}

/** Lines added within the same millisecond have no order between them; compare as sets. */
function unordered<T>(rows: T[]): T[] {
  return [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
}

async function newCustomer(): Promise<CartOwner & { kind: 'customer' }> {
  const { id } = await createCustomer(t.db)
  return { kind: 'customer', customerId: id }
}

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

describe('adding', () => {
  test('a guest add makes a cart; the summary has catalog names, prices and stock', async () => {
    const product = await createProduct(t.db, {
      name: 'Chuck Roast',
      price_cents: 1199,
      stock_quantity: 22,
      image_url: '/images/roast.svg',
      unit: 'per lb',
    })
    const owner = await guestWith(product.id, 2)
    const summary = await getCartSummary(t.db, owner)
    expect(summary.lines).toEqual([
      {
        id: expect.any(String),
        productId: product.id,
        variantId: null,
        name: 'Chuck Roast',
        variantName: null,
        imageUrl: '/images/roast.svg',
        unit: 'per lb',
        unitPriceCents: 1199,
        regularPriceCents: 1199,
        quantity: 2,
        stock: 22,
        available: true,
        reservedUntil: null,
        averageWeightCentiLb: null,
        subscriptionFrequency: null,
        offeredFrequencies: [],
        subscribable: true,
        localOnly: false,
        share: false,
      },
    ])
    expect(summary.promo).toBeNull()
    expect(summary.settings).toEqual(REFERENCE_SETTINGS)
    expect(summary.totals).toMatchObject({
      subtotalCents: 2398,
      shippingCents: 599,
      freeShippingRemainingCents: 2602,
      taxCents: 144,
      totalCents: 2398 + 599 + 144,
    })
    expect(summary).toMatchObject({ canShip: true, feeFrom: false, zones: [] })
    expect(await countCartItems(t.db, owner)).toBe(2)
  })

  test('the same product and option raises the quantity; another option is its own line', async () => {
    const product = await createProduct(t.db, { name: 'Pasture-Raised Eggs', price_cents: 700 })
    const dozen = await createVariant(t.db, product.id, { name: 'Dozen', price_cents: 700 })
    const half = await createVariant(t.db, product.id, { name: 'Half Dozen', price_cents: 400 })
    const owner = await guestWith(product.id, 1, dozen.id)
    expect(
      await addToCart(t.db, owner, { productId: product.id, variantId: dozen.id, quantity: 2 }),
    ).toMatchObject({ ok: true, quantity: 3, message: ADDED_TO_CART, cartId: owner.cartId })
    await addToCart(t.db, owner, { productId: product.id, variantId: half.id, quantity: 1 })
    const { lines, totals } = await getCartSummary(t.db, owner)
    expect(unordered(lines.map((l) => [l.variantName, l.unitPriceCents, l.quantity]))).toEqual([
      ['Dozen', 700, 3],
      ['Half Dozen', 400, 1],
    ])
    expect(totals.subtotalCents).toBe(2500)
    expect(await countCartItems(t.db, owner)).toBe(4)
  })

  test('without an option, a product with options gets its first one on sale, by name', async () => {
    const product = await createProduct(t.db, { name: 'Weekly Vegetable Box' })
    await createVariant(t.db, product.id, { name: 'A Sold Out Box', stock_quantity: 0 })
    const small = await createVariant(t.db, product.id, { name: 'Small Box', price_cents: 2800 })
    await createVariant(t.db, product.id, { name: 'Zucchini Box', price_cents: 100 })
    const owner = await guestWith(product.id)
    const { lines } = await getCartSummary(t.db, owner)
    expect(lines.map((l) => [l.variantId, l.variantName, l.unitPriceCents])).toEqual([
      [small.id, 'Small Box', 2800],
    ])
  })

  test('quantities are capped by stock, with a message saying so', async () => {
    const product = await createProduct(t.db, { name: 'Duck Eggs', stock_quantity: 3 })
    const owner: CartOwner = { kind: 'guest', cartId: null }
    const first = await addToCart(t.db, owner, { productId: product.id, quantity: 5 })
    expect(first).toMatchObject({ ok: true, quantity: 3, message: onlyLeftMessage(3) })
    const guest = { kind: 'guest', cartId: first.ok ? first.cartId : null } as const
    expect(await addToCart(t.db, guest, { productId: product.id, quantity: 1 })).toEqual({
      ok: false,
      status: 409,
      message: allInCartMessage(3),
    })
    expect((await getCartSummary(t.db, guest)).lines[0]?.quantity).toBe(3)
  })

  test('archived, unavailable, out-of-stock and unknown items are refused', async () => {
    const guest: CartOwner = { kind: 'guest', cartId: null }
    const cartsBefore = await t.db.selectFrom('carts').select('id').execute()
    const archived = await createProduct(t.db)
    await t.db
      .updateTable('products')
      .set({ archived_at: new Date() })
      .where('id', '=', archived.id)
      .execute()
    const hidden = await createProduct(t.db, { is_available: false })
    const soldOut = await createProduct(t.db, { name: 'Filet Mignon', stock_quantity: 0 })
    const withOptions = await createProduct(t.db, { name: 'Beef Share' })
    const offOption = await createVariant(t.db, withOptions.id, { is_available: false })
    const emptyOption = await createVariant(t.db, withOptions.id, {
      name: 'Whole Share',
      stock_quantity: 0,
    })
    const other = await createProduct(t.db)
    const othersOption = await createVariant(t.db, other.id)

    const tries: [string, string | undefined, { status: number; message: string }][] = [
      [archived.id, undefined, { status: 404, message: PRODUCT_UNAVAILABLE }],
      [hidden.id, undefined, { status: 404, message: PRODUCT_UNAVAILABLE }],
      ['no-such-product', undefined, { status: 404, message: PRODUCT_UNAVAILABLE }],
      [soldOut.id, undefined, { status: 409, message: outOfStockMessage('Filet Mignon') }],
      [withOptions.id, offOption.id, { status: 404, message: OPTION_UNAVAILABLE }],
      [withOptions.id, othersOption.id, { status: 404, message: OPTION_UNAVAILABLE }],
      [
        withOptions.id,
        emptyOption.id,
        { status: 409, message: outOfStockMessage('Beef Share (Whole Share)') },
      ],
      [soldOut.id, othersOption.id, { status: 404, message: OPTION_UNAVAILABLE }],
    ]
    for (const [productId, variantId, expected] of tries) {
      expect(await addToCart(t.db, guest, { productId, variantId, quantity: 1 })).toEqual({
        ok: false,
        ...expected,
      })
    }
    // Refusals make no cart.
    expect(await t.db.selectFrom('carts').select('id').execute()).toEqual(cartsBefore)
  })

  test('simultaneous adds to one cart make one cart and one line', async () => {
    const product = await createProduct(t.db, { stock_quantity: 50 })
    const customer = await newCustomer()
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        addToCart(t.db, customer, { productId: product.id, quantity: 2 }),
      ),
    )
    expect(results.every((result) => result.ok)).toBe(true)
    const { lines } = await getCartSummary(t.db, customer)
    expect(lines.map((line) => line.quantity)).toEqual([12])
  })

  test('prices are always the catalog’s current ones', async () => {
    const product = await createProduct(t.db, { price_cents: 1000 })
    const owner = await guestWith(product.id, 2)
    await t.db
      .updateTable('products')
      .set({ price_cents: 1250 })
      .where('id', '=', product.id)
      .execute()
    const { lines, totals } = await getCartSummary(t.db, owner)
    expect(lines[0]?.unitPriceCents).toBe(1250)
    expect(totals.subtotalCents).toBe(2500)
  })

  test('a line no longer on sale is shown but left out of the totals', async () => {
    const kept = await createProduct(t.db, { price_cents: 1000 })
    const gone = await createProduct(t.db, { price_cents: 5000 })
    const owner = await guestWith(kept.id)
    await addToCart(t.db, owner, { productId: gone.id, quantity: 1 })
    await t.db
      .updateTable('products')
      .set({ is_available: false })
      .where('id', '=', gone.id)
      .execute()
    const { lines, totals } = await getCartSummary(t.db, owner)
    expect(unordered(lines.map((l) => [l.productId === kept.id, l.available]))).toEqual([
      [false, false],
      [true, true],
    ])
    expect(totals.subtotalCents).toBe(1000)
  })
})

describe('changing lines', () => {
  test('set, step up and down: at least 1, at most the stock', async () => {
    const product = await createProduct(t.db, { stock_quantity: 4 })
    const owner = await guestWith(product.id, 2)
    const lineId = (await getCartSummary(t.db, owner)).lines[0]?.id ?? ''
    expect(await changeLineQuantity(t.db, owner, lineId, { set: 3 })).toMatchObject({ quantity: 3 })
    expect(await changeLineQuantity(t.db, owner, lineId, { by: 1 })).toMatchObject({ quantity: 4 })
    expect(await changeLineQuantity(t.db, owner, lineId, { by: 1 })).toMatchObject({
      ok: true,
      quantity: 4,
      message: onlyLeftMessage(4),
    })
    expect(await changeLineQuantity(t.db, owner, lineId, { set: 40 })).toMatchObject({
      quantity: 4,
    })
    expect(await changeLineQuantity(t.db, owner, lineId, { set: 1 })).toMatchObject({ quantity: 1 })
    expect(await changeLineQuantity(t.db, owner, lineId, { by: -1 })).toMatchObject({ quantity: 1 })
    expect((await getCartSummary(t.db, owner)).lines[0]?.quantity).toBe(1)
  })

  test('remove one line; clear empties the cart and drops the promo code', async () => {
    const a = await createProduct(t.db)
    const b = await createProduct(t.db)
    const owner = await guestWith(a.id)
    await addToCart(t.db, owner, { productId: b.id, quantity: 1 })
    await applyPromo(t.db, owner, 'FARM10')
    const first = (await getCartSummary(t.db, owner)).lines.find((l) => l.productId === a.id)
    expect(await removeLine(t.db, owner, first?.id ?? '')).toMatchObject({ ok: true })
    expect(await removeLine(t.db, owner, first?.id ?? '')).toEqual({
      ok: false,
      status: 404,
      message: LINE_NOT_FOUND,
    })
    const after = await getCartSummary(t.db, owner)
    expect(after.lines.map((l) => l.productId)).toEqual([b.id])
    expect(after.promo?.code).toBe('FARM10')

    expect(await clearCart(t.db, owner)).toMatchObject({ ok: true })
    expect((await getCartSummary(t.db, owner)).lines).toEqual([])
    const cart = await t.db
      .selectFrom('carts')
      .select('promo_code')
      .where('id', '=', owner.cartId)
      .executeTakeFirstOrThrow()
    expect(cart.promo_code).toBeNull()
  })

  test('one shopper can never see or touch another’s cart', async () => {
    const product = await createProduct(t.db)
    const alice = await guestWith(product.id, 2)
    const aliceLine = (await getCartSummary(t.db, alice)).lines[0]?.id ?? ''
    const bob = await guestWith(product.id, 1)
    const customer = await newCustomer()
    await addToCart(t.db, customer, { productId: product.id, quantity: 1 })
    const customerCart = await t.db
      .selectFrom('carts')
      .select('id')
      .where('customer_id', '=', customer.customerId)
      .executeTakeFirstOrThrow()

    for (const stranger of [bob, customer, { kind: 'guest', cartId: null } as const]) {
      expect(await changeLineQuantity(t.db, stranger, aliceLine, { set: 1 })).toMatchObject({
        ok: false,
        status: 404,
      })
      expect(await removeLine(t.db, stranger, aliceLine)).toMatchObject({ ok: false, status: 404 })
    }
    // A cookie carrying a customer's cart id finds nothing: guests only reach guest carts.
    const thief: CartOwner = { kind: 'guest', cartId: customerCart.id }
    expect((await getCartSummary(t.db, thief)).lines).toEqual([])
    expect(await countCartItems(t.db, thief)).toBe(0)
    await clearCart(t.db, thief)
    await removePromo(t.db, thief)
    expect(await countCartItems(t.db, customer)).toBe(1)
    expect(await countCartItems(t.db, alice)).toBe(2)
    expect(await countCartItems(t.db, bob)).toBe(1)
  })
})

describe('promo codes', () => {
  test('FARM10 in any case: 10 % off, the exact message, kept with the cart', async () => {
    const product = await createProduct(t.db, { price_cents: 4200 })
    const owner = await guestWith(product.id)
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
    const owner = await guestWith(product.id)
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
    const owner = await guestWith(product.id)
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
    const owner = await guestWith(product.id)
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

describe('the cart cookie', () => {
  test('a signed, httpOnly, SameSite=Lax, long-lived cookie finds the guest cart', async () => {
    const product = await createProduct(t.db)
    const owner = await guestWith(product.id)
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

describe('signing in', () => {
  test('guest lines join the customer’s cart within stock; the guest cart is deleted', async () => {
    const beef = await createProduct(t.db, { stock_quantity: 5 })
    const jam = await createProduct(t.db, { stock_quantity: 30 })
    const eggs = await createProduct(t.db)
    const dozen = await createVariant(t.db, eggs.id, { name: 'Dozen' })
    const gone = await createProduct(t.db)
    const customer = await newCustomer()
    await addToCart(t.db, customer, { productId: beef.id, quantity: 3 })
    const guest = await guestWith(beef.id, 4)
    await addToCart(t.db, guest, { productId: jam.id, quantity: 2 })
    await addToCart(t.db, guest, { productId: eggs.id, variantId: dozen.id, quantity: 1 })
    await addToCart(t.db, guest, { productId: gone.id, quantity: 1 })
    await t.db
      .updateTable('products')
      .set({ is_available: false })
      .where('id', '=', gone.id)
      .execute()
    await applyPromo(t.db, guest, 'farm10')

    await mergeGuestCart(t.db, guest.cartId, customer.customerId)

    const { lines, promo } = await getCartSummary(t.db, customer)
    expect(unordered(lines.map((l) => [l.productId, l.variantId, l.quantity]))).toEqual(
      unordered([
        [beef.id, null, 5],
        [jam.id, null, 2],
        [eggs.id, dozen.id, 1],
      ]),
    )
    expect(promo?.code).toBe('FARM10')
    const left = await t.db
      .selectFrom('carts')
      .select('id')
      .where('id', '=', guest.cartId)
      .execute()
    expect(left).toEqual([])
    // Merging again (a second sign-in with the old cookie) changes nothing.
    await mergeGuestCart(t.db, guest.cartId, customer.customerId)
    expect(await countCartItems(t.db, customer)).toBe(8)
  })

  test('sign-in and sign-up merge the cookie’s cart and clear the cookie', async () => {
    const product = await createProduct(t.db, { price_cents: 1500 })
    const cookieFor = async (owner: { cartId: string }) =>
      (await serializeCartCookie(owner.cartId)).split(';')[0] ?? ''
    let ip = 0
    const caller = (cookie: string) => ({
      request: new Request(`${TEST_BASE_URL}/signin`, { headers: { cookie } }),
      clientIp: `203.0.113.${++ip}`,
    })

    const upGuest = await guestWith(product.id, 2)
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

    const inGuest = await guestWith(product.id, 3)
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
    const guest = await guestWith(product.id, 4)
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

    const owner = await guestWith(eggs.id)
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
    const jamOnly = await guestWith(jam.id)
    expect((await getCartSummary(t.db, jamOnly)).totals).toMatchObject({
      shippingMethod: 'standard',
      shippingCents: 599,
    })
  })
})
