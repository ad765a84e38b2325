import { type SelectQueryBuilder, sql } from 'kysely'
import type { DB } from '~/platform/db/db.server'
import type { Database } from '~/platform/db/schema'
import { type Frequency, parseFrequencies } from '~/subscriptions/terms'
import { freeStock } from './free-stock.server'
import { productMatches } from './product-search.server'
import { SHOP_PAGE_SIZE, type ShopQuery, type ShopSort } from './shop-query'
import { RELATED_PRODUCT_COUNT } from './stock'
import { type CardOffer, cardOffer, resolveSelectedVariant, type VariantOption } from './variants'

export const FEATURED_PRODUCT_COUNT = 3

/** The home page's featured products: available ones, by name (spec section 7), priced as
 * the shop prices them ("From $X" where options differ). */
export async function listFeaturedProducts(db: DB): Promise<CatalogCard[]> {
  const ids = db
    .selectFrom('products')
    .select('id')
    .where('is_available', '=', true)
    .where('archived_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .limit(FEATURED_PRODUCT_COUNT)
  return listCards(db, ids)
}

/** The cards of the products `ids` selects, each with its options (one query). */
export async function listCards(
  db: DB,
  ids: SelectQueryBuilder<Database, 'products', { id: string }>,
): Promise<CatalogCard[]> {
  const rows = await productsWithVariants(db).where('products.id', 'in', ids).execute()
  return groupVariants(rows).map(toCard)
}

// Products and their options come back in one query (a left join, one row per option), never
// one query per product. Booleans never leave the database here: availability is folded into
// an "effective" stock (0 when the product or the option is unavailable; else its free stock,
// without the units held for the waiting list), which is all the pages need, and which
// sidesteps SQLite's raw 0/1 for aliased boolean columns (ADR 2).
// Options are ordered by price, then name: cheapest first reads naturally (Quarter, Half,
// Whole Share) and makes "the first option in stock" the cheapest one in stock.
function productsWithVariants(db: DB) {
  return (
    db
      .selectFrom('products')
      .leftJoin('product_variants as v', 'v.product_id', 'products.id')
      .where('products.archived_at', 'is', null)
      // Products by name, each one's options by price then name.
      .orderBy('products.name')
      .orderBy('products.id')
      .orderBy('v.price_cents')
      .orderBy('v.name')
      .select((eb) => [
        'products.id',
        'products.name',
        'products.description',
        'products.category',
        'products.price_cents',
        'products.image_url',
        'products.unit',
        'products.subscription_frequencies',
        'products.subscriber_discount_percent',
        // A number either way (ADR 2): the card's "Pickup or delivery only" badge
        eb.case().when('products.local_only', '=', true).then(1).else(0).end().as('local_only'),
        // By weight (ADR 30): the average per piece when sold by weight, else null
        eb
          .case()
          .when('products.sold_by_weight', '=', true)
          .then(eb.ref('products.average_weight_centi_lb'))
          .else(null)
          .end()
          .as('average_weight'),
        eb
          .case()
          .when('v.sold_by_weight', '=', true)
          .then(eb.ref('v.average_weight_centi_lb'))
          .else(null)
          .end()
          .as('variant_average_weight'),
        eb
          .case()
          .when('products.is_available', '=', true)
          .then(freeStock('products'))
          .else(0)
          .end()
          .$notNull()
          .as('stock_quantity'),
        'v.id as variant_id',
        'v.name as variant_name',
        'v.price_cents as variant_price_cents',
        eb
          .case()
          .when(
            eb.and([
              eb('products.is_available', '=', true),
              eb('v.is_available', '=', true),
              eb(freeStock('v'), '>', 0),
            ]),
          )
          .then(freeStock('v'))
          .else(0)
          .end()
          .$notNull()
          .as('variant_stock'),
      ])
  )
}

type VariantColumns = {
  variant_id: string | null
  variant_name: string | null
  variant_price_cents: number | null
  variant_stock: number
  variant_average_weight: number | null
  /** the product page's only (detailQuery): subscriptions (ADR 32) */
  variant_subscribable?: number | string
  variant_reserved?: number | null
}

/** One entry per product, with the product's options gathered from its joined rows. */
function groupVariants<R extends { id: string } & VariantColumns>(rows: readonly R[]) {
  const products = new Map<string, { row: R; variants: VariantOption[] }>()
  for (const row of rows) {
    let entry = products.get(row.id)
    if (!entry) {
      entry = { row, variants: [] }
      products.set(row.id, entry)
    }
    if (row.variant_id !== null && row.variant_name !== null && row.variant_price_cents !== null) {
      entry.variants.push({
        id: row.variant_id,
        name: row.variant_name,
        price_cents: row.variant_price_cents,
        stock_quantity: row.variant_stock,
        average_weight_centi_lb: toWeight(row.variant_average_weight),
        ...(row.variant_subscribable !== undefined && {
          subscribable: Number(row.variant_subscribable) === 1,
          kept_for_subscribers: Number(row.variant_reserved ?? 0) > 0,
        }),
      })
    }
  }
  return [...products.values()]
}

/** PostgreSQL may answer a CASE over integers as a string. */
function toWeight(value: number | string | null): number | null {
  return value === null ? null : Number(value)
}

/** A product card's data: what ProductCard renders plus the category and the card's offer. */
export type CatalogCard = {
  id: string
  name: string
  description: string
  category: string
  image_url: string | null
  unit: string
  /** may be subscribed (ADR 32), and at what discount; null: one time only */
  subscription_discount_percent?: number | null
  /** picked up or delivered locally, never shipped */
  local_only?: boolean
} & CardOffer

type ProductRow = Awaited<ReturnType<ReturnType<typeof productsWithVariants>['execute']>>[number]
type Entry = ReturnType<typeof groupVariants<ProductRow>>[number]

function toCard({ row, variants }: Entry): CatalogCard {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    image_url: row.image_url,
    unit: row.unit,
    subscription_discount_percent: subscriptionOf(row)?.discountPercent ?? null,
    local_only: Number(row.local_only) === 1,
    ...cardOffer({ ...row, average_weight_centi_lb: toWeight(row.average_weight) }, variants),
  }
}

/** A page of the shop grid and what its filter, search box and page links need. */
export type ShopPage = {
  /** Every category with an available product, alphabetically (the filter) */
  categories: string[]
  products: CatalogCard[]
  /** Products matching the category and search, on every page */
  total: number
  /** The page shown: the one asked for, or the last when it asked past the end */
  page: number
  pageCount: number
}

/**
 * One page of available products in the category and matching the search, in the chosen order,
 * in two queries however large the catalog: the categories (from their index), and the page's
 * cards with their options and the number of matching products.
 */
export async function getShopPage(db: DB, query: ShopQuery): Promise<ShopPage> {
  let matching = db
    .selectFrom('products')
    .where('products.is_available', '=', true)
    .where('products.archived_at', 'is', null)
  if (query.category) matching = matching.where('products.category', '=', query.category)
  const search = productMatches(db, query.q)
  if (search) matching = matching.where(search)

  const [categories, firstTry] = await Promise.all([
    listShopCategories(db),
    shopCards(db, matching, query.sort, query.page),
  ])
  let { cards, total } = firstTry
  const pageCount = Math.max(1, Math.ceil(total / SHOP_PAGE_SIZE))
  // An old link past the end (the catalog shrank) shows the last page rather than nothing.
  const page = Math.min(query.page, pageCount)
  if (page !== query.page) ({ cards, total } = await shopCards(db, matching, query.sort, page))
  return { categories, products: cards, total, page, pageCount }
}

type MatchingProducts = SelectQueryBuilder<Database, 'products', object>

async function shopCards(db: DB, matching: MatchingProducts, sort: ShopSort, page: number) {
  const order = shopOrder(sort)
  const ids = matching
    .select('products.id')
    .orderBy(order)
    .orderBy('products.name')
    .orderBy('products.id')
    .limit(SHOP_PAGE_SIZE)
    .offset((page - 1) * SHOP_PAGE_SIZE)
  const rows = await productsWithVariants(db)
    .clearOrderBy()
    .select(() => [matching.select((eb) => eb.fn.countAll<number | string>().as('n')).as('total')])
    .where('products.id', 'in', ids)
    .orderBy(order)
    .orderBy('products.name')
    .orderBy('products.id')
    .orderBy('v.price_cents')
    .orderBy('v.name')
    .execute()
  // A page past the end has no rows to carry the count: then one more question answers it.
  const total = rows.length
    ? Number(rows[0]?.total)
    : Number(
        (
          await matching
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirst()
        )?.n ?? 0,
      )
  return { cards: groupVariants(rows).map(toCard), total }
}

/**
 * The sort's leading key. The price is the one the card shows: the cheapest option in stock,
 * else the cheapest option, else the product's own price.
 */
function shopOrder(sort: ShopSort) {
  switch (sort) {
    case 'newest':
      return sql`products.created_at desc`
    case 'price':
      return sql`coalesce(
        (select min(o.price_cents) from product_variants o
          where o.product_id = products.id and o.is_available = ${true} and ${freeStock('o')} > 0),
        (select min(o.price_cents) from product_variants o where o.product_id = products.id),
        products.price_cents)`
    default:
      return sql`products.name`
  }
}

/** The categories of available products, each once, alphabetically (the shop's filter). */
async function listShopCategories(db: DB): Promise<string[]> {
  const rows = await db
    .selectFrom('products')
    .select('category')
    .distinct()
    .where('is_available', '=', true)
    .where('archived_at', 'is', null)
    .orderBy('category')
    .execute()
  return rows.map((row) => row.category)
}

export type ProductDetail = {
  id: string
  name: string
  description: string
  category: string
  price_cents: number
  image_url: string | null
  unit: string
  /** Effective stock: 0 when the product is unavailable */
  stock_quantity: number
  next_available_date: string | null
  expected_quantity: number | null
  /** By price, then name; each with its effective stock */
  variants: VariantOption[]
  /** sold by weight (ADR 30): a piece's average; price_cents is then per lb */
  average_weight_centi_lb: number | null
  /** Subscriptions (ADR 32): how often it may be subscribed, at what discount; null: it may not */
  subscription: { frequencies: Frequency[]; discountPercent: number } | null
  /** some of the product's own stock is kept for subscribers' coming boxes */
  kept_for_subscribers: boolean
}

function detailQuery(db: DB) {
  return productsWithVariants(db).select((eb) => [
    'products.next_available_date',
    'products.expected_quantity',
    'products.reserved_quantity',
    // Unaliased booleans come back as 0/1 from SQLite (ADR 2): a number either way.
    eb.case().when('v.subscribable', '=', false).then(0).else(1).end().as('variant_subscribable'),
    'v.reserved_quantity as variant_reserved',
  ])
}

function toDetail({ row, variants }: ReturnType<typeof groupVariants<DetailRow>>[number]) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    price_cents: row.price_cents,
    image_url: row.image_url,
    unit: row.unit,
    stock_quantity: row.stock_quantity,
    next_available_date: row.next_available_date,
    expected_quantity: row.expected_quantity,
    variants,
    average_weight_centi_lb: toWeight(row.average_weight),
    subscription: subscriptionOf(row),
    kept_for_subscribers: row.reserved_quantity > 0,
  } satisfies ProductDetail
}
function subscriptionOf(row: {
  subscription_frequencies: string
  subscriber_discount_percent: number
}): ProductDetail['subscription'] {
  const frequencies = parseFrequencies(row.subscription_frequencies)
  return frequencies.length > 0
    ? { frequencies, discountPercent: row.subscriber_discount_percent }
    : null
}
type DetailRow = Awaited<ReturnType<ReturnType<typeof detailQuery>['execute']>>[number]

/**
 * One product with its options (one query); null when there is no such product or it was
 * archived. An unavailable product still has a page (links to it live on in waiting lists
 * and old orders), shown out of stock.
 */
export async function getProductDetail(db: DB, id: string): Promise<ProductDetail | null> {
  const rows = await detailQuery(db).where('products.id', '=', id).execute()
  const [entry] = groupVariants(rows)
  return entry ? toDetail(entry) : null
}

/**
 * Ids of up to 3 other available products of the product's category, by name ("You May Also
 * Like"). The category is looked up inside, so no query has to run first.
 */
function relatedIds(db: DB, productId: string) {
  return db
    .selectFrom('products as other')
    .select('other.id')
    .where('other.category', '=', (eb) =>
      eb.selectFrom('products as self').select('self.category').where('self.id', '=', productId),
    )
    .where('other.id', '!=', productId)
    .where('other.is_available', '=', true)
    .where('other.archived_at', 'is', null)
    .orderBy('other.name')
    .orderBy('other.id')
    .limit(RELATED_PRODUCT_COUNT)
}

/** "You May Also Like": up to 3 other available products of the same category, by name. */
export async function listRelatedProducts(db: DB, productId: string): Promise<CatalogCard[]> {
  const rows = await productsWithVariants(db)
    .where('products.id', 'in', relatedIds(db, productId))
    .execute()
  return groupVariants(rows).map(toCard)
}

export type ProductPage = {
  product: ProductDetail
  /** The option shown: the one in the URL when it is the product's, else the initial one */
  selectedVariantId: string | null
  related: CatalogCard[]
}

/**
 * Everything the product page shows in one query: the product and its related products,
 * each with their options. Null when the product does not exist or was archived.
 */
export async function getProductPage(
  db: DB,
  id: string,
  requestedVariantId: string | null,
): Promise<ProductPage | null> {
  const rows = await detailQuery(db)
    .where((eb) => eb.or([eb('products.id', '=', id), eb('products.id', 'in', relatedIds(db, id))]))
    .execute()
  const entries = groupVariants(rows)
  const self = entries.find((entry) => entry.row.id === id)
  if (!self) return null
  const product = toDetail(self)
  const selected = resolveSelectedVariant(product.variants, requestedVariantId)
  return {
    product,
    selectedVariantId: selected?.id ?? null,
    related: entries.filter((entry) => entry !== self).map(toCard),
  }
}

/** Every product with a public page, for the sitemap: id and when it last changed. */
export function listSitemapProducts(db: DB): Promise<{ id: string; updated_at: Date }[]> {
  return db
    .selectFrom('products')
    .select(['id', 'updated_at'])
    .where('is_available', '=', true)
    .where('archived_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .execute()
}
