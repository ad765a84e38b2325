import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { createProduct, createVariant } from '~/seed/factories.server'
import { createTestDatabase, type TestDatabase } from '../../tests/setup/database'
import { emptyCatalog } from '../../tests/support/catalog'
import { getProductDetail, getProductPage, listRelatedProducts } from './product-detail.server'
import { getShopPage } from './shop-page.server'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(async () => {
  await t?.cleanup()
})
// Each test builds its own small catalog.
beforeEach(() => emptyCatalog(t.db))

test('product detail: options by price with effective stock; archived or unknown is null', async () => {
  const eggs = await createProduct(t.db, {
    name: 'Pasture-Raised Eggs',
    price_cents: 700,
    stock_quantity: 72,
    next_available_date: '2027-03-15',
    expected_quantity: 24,
  })
  const dozen = await createVariant(t.db, eggs.id, {
    name: 'Dozen',
    price_cents: 700,
    stock_quantity: 48,
  })
  const half = await createVariant(t.db, eggs.id, {
    name: 'Half Dozen',
    price_cents: 400,
    stock_quantity: 24,
  })
  const paused = await createVariant(t.db, eggs.id, {
    name: 'Flat of 30',
    price_cents: 1500,
    stock_quantity: 9,
    is_available: false,
  })

  expect(await getProductDetail(t.db, eggs.id)).toEqual({
    id: eggs.id,
    name: 'Pasture-Raised Eggs',
    description: eggs.description,
    category: eggs.category,
    price_cents: 700,
    image_url: null,
    unit: eggs.unit,
    stock_quantity: 72,
    next_available_date: '2027-03-15',
    expected_quantity: 24,
    variants: [
      { id: half.id, name: 'Half Dozen', price_cents: 400, stock_quantity: 24 },
      { id: dozen.id, name: 'Dozen', price_cents: 700, stock_quantity: 48 },
      { id: paused.id, name: 'Flat of 30', price_cents: 1500, stock_quantity: 0 },
    ].map((variant) => ({
      ...variant,
      average_weight_centi_lb: null,
      subscribable: true,
      kept_for_subscribers: false,
    })),
    average_weight_centi_lb: null,
    subscription: null,
    kept_for_subscribers: false,
  })

  // An unavailable product keeps its page, with nothing in stock.
  await t.db
    .updateTable('products')
    .set({ is_available: false })
    .where('id', '=', eggs.id)
    .execute()
  const unavailable = await getProductDetail(t.db, eggs.id)
  expect(unavailable?.stock_quantity).toBe(0)
  expect(unavailable?.variants.map((variant) => variant.stock_quantity)).toEqual([0, 0, 0])

  const archived = await createProduct(t.db, { archived_at: new Date() })
  expect(await getProductDetail(t.db, archived.id)).toBeNull()
  expect(await getProductDetail(t.db, 'no-such-product')).toBeNull()

  const filet = await createProduct(t.db, { stock_quantity: 0 })
  expect(await getProductDetail(t.db, filet.id)).toMatchObject({
    stock_quantity: 0,
    variants: [],
    next_available_date: null,
    expected_quantity: null,
  })
})

test('related products: up to 3 others of the same category, available, by name', async () => {
  const ribeye = await createProduct(t.db, { name: 'Ribeye', category: 'Beef Cuts' })
  await createProduct(t.db, { name: 'Brisket', category: 'Beef Cuts' })
  const chuck = await createProduct(t.db, { name: 'Chuck Roast', category: 'Beef Cuts' })
  await createVariant(t.db, chuck.id, { name: 'Small', price_cents: 1000 })
  await createVariant(t.db, chuck.id, { name: 'Large', price_cents: 2000 })
  await createProduct(t.db, { name: 'Filet', category: 'Beef Cuts', stock_quantity: 0 })
  await createProduct(t.db, { name: 'Tri-Tip', category: 'Beef Cuts' })
  await createProduct(t.db, { name: 'Archived', category: 'Beef Cuts', archived_at: new Date() })
  await createProduct(t.db, { name: 'Aardvark', category: 'Beef Cuts', is_available: false })
  await createProduct(t.db, { name: 'Honey', category: 'Pantry' })

  const related = await listRelatedProducts(t.db, ribeye.id)
  expect(related.map((card) => card.name)).toEqual(['Brisket', 'Chuck Roast', 'Filet'])
  expect(related[1]).toMatchObject({ price_cents: 1000, price_is_from: true })
  expect(await listRelatedProducts(t.db, 'no-such-product')).toEqual([])

  // The product page gets the same in its one query, with the product's own detail.
  const page = await getProductPage(t.db, ribeye.id, null)
  expect(page?.product).toEqual(await getProductDetail(t.db, ribeye.id))
  expect(page?.related).toEqual(related)
  expect(page?.selectedVariantId).toBeNull()
  // An unavailable product keeps its page; it is nobody's related product.
  await t.db
    .updateTable('products')
    .set({ is_available: false })
    .where('id', '=', ribeye.id)
    .execute()
  expect((await getProductPage(t.db, ribeye.id, null))?.related).toEqual(related)
  expect((await listRelatedProducts(t.db, chuck.id)).map((card) => card.name)).toEqual([
    'Brisket',
    'Filet',
    'Tri-Tip',
  ])
  expect(await getProductPage(t.db, 'no-such-product', null)).toBeNull()
})

test('the product page selects the option in the URL, else the first one in stock', async () => {
  const share = await createProduct(t.db, { name: 'Beef Share' })
  const quarter = await createVariant(t.db, share.id, { price_cents: 100, stock_quantity: 0 })
  const half = await createVariant(t.db, share.id, { price_cents: 200, stock_quantity: 3 })
  const other = await createProduct(t.db)
  const otherOption = await createVariant(t.db, other.id)
  expect((await getProductPage(t.db, share.id, null))?.selectedVariantId).toBe(half.id)
  expect((await getProductPage(t.db, share.id, quarter.id))?.selectedVariantId).toBe(quarter.id)
  expect((await getProductPage(t.db, share.id, otherOption.id))?.selectedVariantId).toBe(half.id)
  const archived = await createProduct(t.db, { archived_at: new Date() })
  expect(await getProductPage(t.db, archived.id, null)).toBeNull()
})

test('by weight (ADR 30): cards and pages carry the average of what is sold by weight', async () => {
  const ribeye = await createProduct(t.db, {
    name: 'Weighed Ribeye',
    price_cents: 1899,
    sold_by_weight: true,
    average_weight_centi_lb: 110,
  })
  const strip = await createProduct(t.db, { name: 'Weighed Strip', price_cents: 1699 })
  const thick = await createVariant(t.db, strip.id, {
    name: '1.5 in',
    price_cents: 1699,
    sold_by_weight: true,
    average_weight_centi_lb: 125,
  })
  // A stale average on something no longer sold by weight is not shown.
  const roast = await createProduct(t.db, {
    name: 'Weighed Roast',
    price_cents: 1199,
    sold_by_weight: false,
    average_weight_centi_lb: 300,
  })
  expect((await getProductDetail(t.db, ribeye.id))?.average_weight_centi_lb).toBe(110)
  expect((await getProductDetail(t.db, roast.id))?.average_weight_centi_lb).toBeNull()
  const detail = await getProductDetail(t.db, strip.id)
  expect(detail?.variants).toEqual([
    {
      id: thick.id,
      name: '1.5 in',
      price_cents: 1699,
      stock_quantity: 10,
      average_weight_centi_lb: 125,
      subscribable: true,
      kept_for_subscribers: false,
    },
  ])
  const shop = await getShopPage(t.db, { category: null, q: '', sort: 'name', page: 1 })
  const cards = shop.products.filter((card) => card.name.startsWith('Weighed'))
  expect(cards.map((card) => [card.name, card.average_weight_centi_lb])).toEqual([
    ['Weighed Ribeye', 110],
    ['Weighed Roast', null],
    ['Weighed Strip', 125],
  ])
})

test('subscriptions (ADR 32): the page has the offer, and stock kept for subscribers is not free', async () => {
  const box = await createProduct(t.db, {
    name: 'Subscribed Veg Box',
    stock_quantity: 10,
    reserved_quantity: 7,
    subscription_frequencies: 'monthly,weekly',
    subscriber_discount_percent: 15,
  })
  const small = await createVariant(t.db, box.id, {
    name: 'Small',
    price_cents: 2000,
    stock_quantity: 5,
    reserved_quantity: 5,
  })
  const large = await createVariant(t.db, box.id, {
    name: 'Large',
    price_cents: 3500,
    stock_quantity: 4,
    subscribable: false,
  })
  const page = await getProductPage(t.db, box.id, null)
  expect(page?.product).toMatchObject({
    stock_quantity: 3,
    subscription: { frequencies: ['weekly', 'monthly'], discountPercent: 15 },
    kept_for_subscribers: true,
    variants: [
      { id: small.id, stock_quantity: 0, subscribable: true, kept_for_subscribers: true },
      { id: large.id, stock_quantity: 4, subscribable: false, kept_for_subscribers: false },
    ],
  })
  // The first option with free stock opens: the small box is all kept for subscribers.
  expect(page?.selectedVariantId).toBe(large.id)
})
