import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createCustomer, createProduct, createVariant } from '~/seed/factories.server'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { addToCart, changeCart, changeLineFrequency } from './cart-changes.server'
import type { CartOwner } from './cart-owner.server'
import { getCartSummary } from './cart-summary.server'
import { mergeGuestCart } from './guest-cart-merge.server'
import {
  ADDED_TO_CART,
  addedAsSubscriptionMessage,
  FREQUENCY_REQUIRED,
  frequencyNotOfferedMessage,
  NOW_ONE_TIME,
  notSubscribableMessage,
  nowSubscriptionMessage,
  optionNotSubscribableMessage,
} from './words'

// Subscribing from the cart (ADR 32): a subscribed line keeps its frequency, is priced at the
// subscriber price, and is refused for what the product does not offer.

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

/** Eggs at 7.00 a dozen, offered weekly or every 2 weeks at 10 % off. */
function subscribableProduct(overrides: Parameters<typeof createProduct>[1] = {}) {
  return createProduct(t.db, {
    name: `Eggs ${crypto.randomUUID().slice(0, 8)}`,
    price_cents: 700,
    stock_quantity: 20,
    subscription_frequencies: 'weekly,biweekly',
    subscriber_discount_percent: 10,
    ...overrides,
  })
}

async function newCustomer(): Promise<CartOwner & { kind: 'customer' }> {
  const { id } = await createCustomer(t.db)
  return { kind: 'customer', customerId: id }
}

async function storedLines(owner: CartOwner & { kind: 'customer' }) {
  return t.db
    .selectFrom('cart_lines')
    .innerJoin('carts', 'carts.id', 'cart_lines.cart_id')
    .select(['cart_lines.product_id', 'cart_lines.quantity', 'cart_lines.subscription_frequency'])
    .where('carts.customer_id', '=', owner.customerId)
    .execute()
}

describe('subscribing', () => {
  test('a subscribed line keeps its frequency and is priced at the subscriber price', async () => {
    const eggs = await subscribableProduct()
    const jam = await createProduct(t.db, { price_cents: 1100 })
    const owner = await newCustomer()
    const added = await addToCart(t.db, owner, {
      productId: eggs.id,
      quantity: 2,
      purchase: 'subscribe',
      frequency: 'biweekly',
    })
    expect(added).toEqual({
      ok: true,
      cartId: added.ok ? added.cartId : '',
      quantity: 2,
      message: addedAsSubscriptionMessage('Every 2 weeks'),
    })
    expect(await addToCart(t.db, owner, { productId: jam.id, quantity: 1 })).toMatchObject({
      ok: true,
      message: ADDED_TO_CART,
    })
    const byProduct = (a: { product_id: string }, b: { product_id: string }) =>
      a.product_id.localeCompare(b.product_id)
    expect((await storedLines(owner)).sort(byProduct)).toEqual(
      [
        { product_id: eggs.id, quantity: 2, subscription_frequency: 'biweekly' },
        { product_id: jam.id, quantity: 1, subscription_frequency: null },
      ].sort(byProduct),
    )

    const summary = await getCartSummary(t.db, owner)
    const eggLine = summary.lines.find((line) => line.productId === eggs.id)
    expect(eggLine).toMatchObject({
      unitPriceCents: 630,
      regularPriceCents: 700,
      subscriptionFrequency: 'biweekly',
      offeredFrequencies: ['weekly', 'biweekly'],
      subscribable: true,
    })
    // 2 x 6.30 + 11.00, 6 % tax.
    expect(summary.totals).toMatchObject({ subtotalCents: 2360, taxCents: 142 })
  })

  test('a frequency the product does not offer, or none, is refused and nothing is added', async () => {
    const eggs = await subscribableProduct()
    const owner = await newCustomer()
    expect(
      await addToCart(t.db, owner, {
        productId: eggs.id,
        quantity: 1,
        purchase: 'subscribe',
        frequency: 'monthly',
      }),
    ).toEqual({
      ok: false,
      status: 400,
      message: frequencyNotOfferedMessage(eggs.name, 'Monthly', ['Weekly', 'Every 2 weeks']),
    })
    expect(
      await addToCart(t.db, owner, { productId: eggs.id, quantity: 1, purchase: 'subscribe' }),
    ).toEqual({ ok: false, status: 400, message: FREQUENCY_REQUIRED })
    expect(await storedLines(owner)).toEqual([])
  })

  test('a product or option that is not subscribable is refused', async () => {
    const honey = await createProduct(t.db, { name: 'Plain Honey' })
    const owner = await newCustomer()
    expect(
      await addToCart(t.db, owner, {
        productId: honey.id,
        quantity: 1,
        purchase: 'subscribe',
        frequency: 'weekly',
      }),
    ).toEqual({ ok: false, status: 400, message: notSubscribableMessage('Plain Honey') })

    const eggs = await subscribableProduct({ name: 'Boxed Eggs' })
    const tray = await createVariant(t.db, eggs.id, { name: 'Tray', subscribable: false })
    const dozen = await createVariant(t.db, eggs.id, { name: 'Dozen' })
    expect(
      await addToCart(t.db, owner, {
        productId: eggs.id,
        variantId: tray.id,
        quantity: 1,
        purchase: 'subscribe',
        frequency: 'weekly',
      }),
    ).toEqual({
      ok: false,
      status: 400,
      message: optionNotSubscribableMessage('Boxed Eggs (Tray)'),
    })
    expect(
      await addToCart(t.db, owner, {
        productId: eggs.id,
        variantId: dozen.id,
        quantity: 1,
        purchase: 'subscribe',
        frequency: 'weekly',
      }),
    ).toMatchObject({ ok: true })
    expect(await storedLines(owner)).toEqual([
      { product_id: eggs.id, quantity: 1, subscription_frequency: 'weekly' },
    ])
  })

  test('adding again with the other purchase mode switches the one line', async () => {
    const eggs = await subscribableProduct()
    const owner = await newCustomer()
    await addToCart(t.db, owner, { productId: eggs.id, quantity: 1 })
    await addToCart(t.db, owner, {
      productId: eggs.id,
      quantity: 1,
      purchase: 'subscribe',
      frequency: 'weekly',
    })
    expect(await storedLines(owner)).toEqual([
      { product_id: eggs.id, quantity: 2, subscription_frequency: 'weekly' },
    ])
    await addToCart(t.db, owner, { productId: eggs.id, quantity: 1, purchase: 'one-time' })
    expect(await storedLines(owner)).toEqual([
      { product_id: eggs.id, quantity: 3, subscription_frequency: null },
    ])
  })

  test("a line's How often changes it, back to one time too; what is not offered is refused", async () => {
    const eggs = await subscribableProduct()
    const owner = await newCustomer()
    await addToCart(t.db, owner, { productId: eggs.id, quantity: 1 })
    const [line] = (await getCartSummary(t.db, owner)).lines
    if (!line) throw new Error('no line')
    expect(
      await changeCart(t.db, owner, {
        intent: 'set-frequency',
        lineId: line.id,
        frequency: 'biweekly',
      }),
    ).toMatchObject({ ok: true, message: nowSubscriptionMessage('Every 2 weeks') })
    expect((await getCartSummary(t.db, owner)).totals.subtotalCents).toBe(630)
    expect(await changeLineFrequency(t.db, owner, line.id, 'monthly')).toEqual({
      ok: false,
      status: 400,
      message: frequencyNotOfferedMessage(eggs.name, 'Monthly', ['Weekly', 'Every 2 weeks']),
    })
    expect(
      await changeCart(t.db, owner, {
        intent: 'set-frequency',
        lineId: line.id,
        frequency: 'one-time',
      }),
    ).toMatchObject({ ok: true, message: NOW_ONE_TIME })
    expect(await storedLines(owner)).toEqual([
      { product_id: eggs.id, quantity: 1, subscription_frequency: null },
    ])
    // Another shopper's line is not found.
    const stranger = await newCustomer()
    expect(await changeLineFrequency(t.db, stranger, line.id, 'weekly')).toMatchObject({
      ok: false,
      status: 404,
    })
  })

  test("signing in brings the guest's subscription choice along", async () => {
    const eggs = await subscribableProduct()
    const guestAdd = await addToCart(
      t.db,
      { kind: 'guest', cartId: null },
      { productId: eggs.id, quantity: 1, purchase: 'subscribe', frequency: 'weekly' },
    )
    if (!guestAdd.ok || !guestAdd.cartId) throw new Error('guest add failed')
    const owner = await newCustomer()
    await addToCart(t.db, owner, { productId: eggs.id, quantity: 1 })
    await mergeGuestCart(t.db, guestAdd.cartId, owner.customerId)
    expect(await storedLines(owner)).toEqual([
      { product_id: eggs.id, quantity: 2, subscription_frequency: 'weekly' },
    ])
  })
})
