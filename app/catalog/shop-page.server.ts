import { type SelectQueryBuilder, sql } from 'kysely'
import type { DB } from '~/platform/db/db.server'
import type { Database } from '~/platform/db/schema'
import { freeStock } from './free-stock.server'
import { productMatches } from './product-search.server'
import { type CatalogCard, groupVariants, productsWithVariants, toCard } from './products.server'
import { SHOP_PAGE_SIZE, type ShopQuery, type ShopSort } from './shop-query'

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
