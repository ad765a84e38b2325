import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { seedDemo } from '~/seed/demo.server'
import { createProduct, createVariant } from '~/seed/factories.server'
import { createTestDatabase, type TestDatabase } from '../../tests/setup/database'
import {
  getProductDetail,
  getProductPage,
  getShopPage,
  listRelatedProducts,
  listSitemapProducts,
} from './products.server'
import { SHOP_PAGE_SIZE, type ShopQuery } from './shop-query'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(async () => {
  await t?.cleanup()
})
/** The shop page for `query`, the rest as a bare /shop. */
function shop(query: Partial<ShopQuery> = {}) {
  return getShopPage(t.db, { category: null, q: '', sort: 'name', page: 1, ...query })
}

/** The names on the shop page for `query`. */
async function shopNames(query: Partial<ShopQuery> = {}) {
  return (await shop(query)).products.map((card) => card.name)
}

beforeEach(async () => {
  // Each test builds its own small catalog (an animal sold in shares names its product).
  await t.db.deleteFrom('animals').execute()
  // The demo's subscribers name its products (their items go with them).
  await t.db.deleteFrom('subscriptions').execute()
  await t.db.deleteFrom('product_variants').execute()
  await t.db.deleteFrom('products').execute()
})

test('the shop lists available, non-archived products by name, optionally by category', async () => {
  await createProduct(t.db, { name: 'Wildflower Honey', category: 'Pantry', stock_quantity: 35 })
  await createProduct(t.db, { name: 'Duck Eggs', category: 'Eggs', stock_quantity: 3 })
  await createProduct(t.db, { name: 'Filet Mignon', category: 'Beef Cuts', stock_quantity: 0 })
  await createProduct(t.db, { name: 'Hidden Jam', category: 'Pantry', is_available: false })
  await createProduct(t.db, { name: 'Old Jerky', category: 'Pantry', archived_at: new Date() })

  const all = await shop()
  expect(all.products.map((card) => [card.name, card.stock_quantity])).toEqual([
    ['Duck Eggs', 3],
    ['Filet Mignon', 0],
    ['Wildflower Honey', 35],
  ])
  expect(all).toMatchObject({ categories: ['Beef Cuts', 'Eggs', 'Pantry'], total: 3, page: 1 })
  expect(all.pageCount).toBe(1)
  expect(await shopNames({ category: 'Pantry' })).toEqual(['Wildflower Honey'])
  const eggs = await shop({ category: 'Eggs' })
  expect(eggs.categories).toEqual(['Beef Cuts', 'Eggs', 'Pantry'])
  expect(eggs.products.map((card) => card.name)).toEqual(['Duck Eggs'])
  expect(await shop({ category: 'No Such Category' })).toEqual({
    categories: ['Beef Cuts', 'Eggs', 'Pantry'],
    products: [],
    total: 0,
    page: 1,
    pageCount: 1,
  })
})

test('the shop pages through a large catalog, and a page past the end shows the last', async () => {
  const count = SHOP_PAGE_SIZE * 2 + 5
  for (let i = 0; i < count; i++) {
    await createProduct(t.db, { name: `Jar ${String(i).padStart(3, '0')}`, category: 'Pantry' })
  }
  const first = await shop()
  expect(first).toMatchObject({ total: count, page: 1, pageCount: 3 })
  expect(first.products).toHaveLength(SHOP_PAGE_SIZE)
  expect(first.products[0]?.name).toBe('Jar 000')
  const second = await shop({ page: 2 })
  expect(second.products[0]?.name).toBe(`Jar ${String(SHOP_PAGE_SIZE).padStart(3, '0')}`)
  const last = await shop({ page: 3 })
  expect(last.products.map((card) => card.name)).toEqual(
    Array.from({ length: 5 }, (_, i) => `Jar ${String(SHOP_PAGE_SIZE * 2 + i).padStart(3, '0')}`),
  )
  expect(await shop({ page: 99 })).toEqual({ ...last, page: 3 })
})

test('the shop sorts by name, by the price the card shows, or newest first', async () => {
  const day = (n: number) => new Date(Date.UTC(2026, 0, n))
  await createProduct(t.db, { name: 'Apple Butter', price_cents: 900, created_at: day(3) })
  await createProduct(t.db, { name: 'Brisket', price_cents: 2500, created_at: day(1) })
  const share = await createProduct(t.db, {
    name: 'Chuck Share',
    price_cents: 100,
    created_at: day(2),
  })
  // The cheapest option is sold out: the card shows (and the sort uses) the cheapest in stock.
  await createVariant(t.db, share.id, { name: 'Small', price_cents: 500, stock_quantity: 0 })
  await createVariant(t.db, share.id, { name: 'Large', price_cents: 1500, stock_quantity: 4 })

  expect(await shopNames()).toEqual(['Apple Butter', 'Brisket', 'Chuck Share'])
  expect(await shopNames({ sort: 'price' })).toEqual(['Apple Butter', 'Chuck Share', 'Brisket'])
  expect(await shopNames({ sort: 'newest' })).toEqual(['Apple Butter', 'Chuck Share', 'Brisket'])
  const byPrice = (await shop({ sort: 'price' })).products.map((card) => card.price_cents)
  expect(byPrice).toEqual([900, 1500, 2500])
})

test('the shop searches name, category and description, every word as a prefix', async () => {
  await createProduct(t.db, {
    name: 'Pasture-Raised Eggs',
    category: 'Eggs',
    description: 'Golden yolks from hens on grass.',
  })
  await createProduct(t.db, {
    name: 'Ribeye Steak',
    category: 'Beef Cuts',
    description: 'Grass-fed and dry-aged 21 days.',
  })
  await createProduct(t.db, { name: 'Wildflower Honey', category: 'Pantry', description: 'Raw.' })
  await createProduct(t.db, { name: 'Hidden Egg Jam', is_available: false })

  expect(await shopNames({ q: 'egg' })).toEqual(['Pasture-Raised Eggs'])
  expect(await shopNames({ q: 'GRASS' })).toEqual(['Pasture-Raised Eggs', 'Ribeye Steak'])
  expect(await shopNames({ q: 'grass dry-aged' })).toEqual(['Ribeye Steak'])
  expect(await shopNames({ q: 'beef' })).toEqual(['Ribeye Steak'])
  expect(await shopNames({ q: 'grass', category: 'Eggs' })).toEqual(['Pasture-Raised Eggs'])
  expect(await shopNames({ q: 'lamb' })).toEqual([])
  // Search syntax of either database is only text here.
  for (const q of ['"', 'egg*', 'NEAR(egg', 'egg & | !', "'", 'a:*', '-', '(']) {
    await expect(shop({ q })).resolves.toBeDefined()
  }
  expect(await shopNames({ q: '!!!' })).toHaveLength(3)

  // Renamed, the product is found by its new name only.
  await t.db
    .updateTable('products')
    .set({ name: 'Farm Honey' })
    .where('name', '=', 'Wildflower Honey')
    .execute()
  expect(await shopNames({ q: 'wildflower' })).toEqual([])
  expect(await shopNames({ q: 'farm' })).toEqual(['Farm Honey'])
  await t.db.deleteFrom('products').where('name', '=', 'Farm Honey').execute()
  expect(await shopNames({ q: 'honey' })).toEqual([])
})

test('cards of products with options show the cheapest in-stock option, "from", and add it', async () => {
  const share = await createProduct(t.db, {
    name: 'Beef Share',
    price_cents: 119500,
    stock_quantity: 42,
    image_url: '/images/demo/beef-share.svg',
    unit: 'share',
  })
  // Inserted out of price order on purpose.
  await createVariant(t.db, share.id, { name: 'Whole', price_cents: 439500, stock_quantity: 10 })
  await createVariant(t.db, share.id, { name: 'Quarter', price_cents: 119500, stock_quantity: 0 })
  const half = await createVariant(t.db, share.id, {
    name: 'Half',
    price_cents: 229500,
    stock_quantity: 12,
  })
  await createVariant(t.db, share.id, {
    name: 'Eighth',
    price_cents: 60000,
    stock_quantity: 5,
    is_available: false,
  })
  const plain = await createProduct(t.db, { name: 'Chuck Roast', price_cents: 1199 })

  const [beef, chuck] = (await shop()).products
  expect(beef).toEqual({
    id: share.id,
    name: 'Beef Share',
    description: share.description,
    category: share.category,
    image_url: '/images/demo/beef-share.svg',
    unit: 'share',
    price_cents: 229500,
    price_is_from: true,
    stock_quantity: 22,
    default_variant: { id: half.id, name: 'Half' },
    option_count: 4,
    average_weight_centi_lb: null,
    subscription_discount_percent: null,
    local_only: false,
  })
  expect(chuck).toMatchObject({
    id: plain.id,
    price_cents: 1199,
    price_is_from: false,
    stock_quantity: 10,
    default_variant: null,
  })
})

test('cards carry what their badges say: subscribable at what discount, local only', async () => {
  await createProduct(t.db, {
    name: 'Salad Box',
    subscription_frequencies: 'weekly,monthly',
    subscriber_discount_percent: 10,
  })
  await createProduct(t.db, { name: 'Frozen Brisket', local_only: true })
  await createProduct(t.db, { name: 'Honey', subscription_frequencies: 'weekly' })
  const cards = (await shop()).products.map((card) => [
    card.name,
    card.subscription_discount_percent,
    card.local_only,
  ])
  expect(cards).toEqual([
    ['Frozen Brisket', null, true],
    ['Honey', 0, false],
    ['Salad Box', 10, false],
  ])
})

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

test('the sitemap lists available products with their last change', async () => {
  const updated = new Date('2026-10-01T12:00:00.000Z')
  const honey = await createProduct(t.db, { name: 'Honey', updated_at: updated })
  await createProduct(t.db, { name: 'Hidden', is_available: false })
  await createProduct(t.db, { name: 'Gone', archived_at: new Date() })
  expect(await listSitemapProducts(t.db)).toEqual([{ id: honey.id, updated_at: updated }])
})

test('on the demo catalog: categories, badges and the out-of-stock filet', async () => {
  await seedDemo(t.db)
  expect((await shop()).categories).toEqual([
    'Beef Cuts',
    'Beef Shares',
    'Eggs',
    'Pantry',
    'Vegetable Boxes',
  ])
  const eggs = (await shop({ category: 'Eggs' })).products
  // The demo subscribers' eggs due this week are kept for them (issue 21): not for sale here.
  const { reserved } = await t.db
    .selectFrom('product_variants')
    .innerJoin('products', 'products.id', 'product_variants.product_id')
    .select((eb) => eb.fn.sum<number>('product_variants.reserved_quantity').as('reserved'))
    .where('products.name', '=', 'Pasture-Raised Eggs')
    .executeTakeFirstOrThrow()
  expect(eggs.map((card) => [card.name, card.stock_quantity, card.price_cents])).toEqual([
    ['Duck Eggs', 3, 900],
    ['Pasture-Raised Eggs', 72 - Number(reserved), 400],
  ])
  const filet = (await shop({ category: 'Beef Cuts' })).products.find(
    (card) => card.name === 'Filet Mignon',
  )
  expect(filet?.stock_quantity).toBe(0)
  const detail = await getProductDetail(t.db, filet?.id ?? '')
  expect(detail).toMatchObject({ next_available_date: '2027-03-15', expected_quantity: 24 })
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
  const cards = (await shop()).products.filter((card) => card.name.startsWith('Weighed'))
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
