import type { SelectQueryBuilder } from 'kysely'
import { type Frequency, parseFrequencies } from '~/catalog/subscription-terms'
import type { DB } from '~/platform/db/db.server'
import type { Database } from '~/platform/db/schema'
import { freeStock } from './free-stock.server'
import { type CardOffer, cardOffer, type VariantOption } from './variants'

// Product cards, as every list of products shows them (the shop, Home, related products), and
// the query they all read. The shop's grid is in shop-page.server.ts, a product's own page in
// product-detail.server.ts.

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
export function productsWithVariants(db: DB) {
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
export function groupVariants<R extends { id: string } & VariantColumns>(rows: readonly R[]) {
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
export function toWeight(value: number | string | null): number | null {
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

export function toCard({ row, variants }: Entry): CatalogCard {
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

/** How often a product may be subscribed (ADR 32), and at what discount. */
export type SubscriptionOffer = { frequencies: Frequency[]; discountPercent: number }

export function subscriptionOf(row: {
  subscription_frequencies: string
  subscriber_discount_percent: number
}): SubscriptionOffer | null {
  const frequencies = parseFrequencies(row.subscription_frequencies)
  return frequencies.length > 0
    ? { frequencies, discountPercent: row.subscriber_discount_percent }
    : null
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
