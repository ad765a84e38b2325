import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createProduct, createVariant } from '~/seed/factories.server'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { REFERENCE_SETTINGS } from '../../tests/setup/reference-settings'
import { guestWith, newCustomer, unordered } from '../../tests/support/carts'
import { addToCart, changeLineQuantity, clearCart, removeLine } from './cart-changes.server'
import type { CartOwner } from './cart-owner.server'
import { applyPromo, removePromo } from './cart-promo.server'
import { countCartItems, getCartSummary } from './cart-summary.server'
import {
  ADDED_TO_CART,
  allInCartMessage,
  LINE_NOT_FOUND,
  OPTION_UNAVAILABLE,
  onlyLeftMessage,
  outOfStockMessage,
  PRODUCT_UNAVAILABLE,
} from './words'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

// Adding to the cart and changing its lines (cart-changes.server.ts).

describe('adding', () => {
  test('a guest add makes a cart; the summary has catalog names, prices and stock', async () => {
    const product = await createProduct(t.db, {
      name: 'Chuck Roast',
      price_cents: 1199,
      stock_quantity: 22,
      image_url: '/images/roast.svg',
      unit: 'per lb',
    })
    const owner = await guestWith(t.db, product.id, 2)
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
    const owner = await guestWith(t.db, product.id, 1, dozen.id)
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
    const owner = await guestWith(t.db, product.id)
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
    const customer = await newCustomer(t.db)
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
    const owner = await guestWith(t.db, product.id, 2)
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
    const owner = await guestWith(t.db, kept.id)
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
    const owner = await guestWith(t.db, product.id, 2)
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
    const owner = await guestWith(t.db, a.id)
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
    const alice = await guestWith(t.db, product.id, 2)
    const aliceLine = (await getCartSummary(t.db, alice)).lines[0]?.id ?? ''
    const bob = await guestWith(t.db, product.id, 1)
    const customer = await newCustomer(t.db)
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
