import type { SelectQueryBuilder } from 'kysely'
import type { DB } from '~/db/db.server'
import type { Database } from '~/db/schema'
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
// an "effective" stock (0 when the product or the option is unavailable), which is all the
// pages need, and which sidesteps SQLite's raw 0/1 for aliased boolean columns (ADR 2).
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
        eb
          .case()
          .when('products.is_available', '=', true)
          .then(eb.ref('products.stock_quantity'))
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
              eb('v.stock_quantity', '>', 0),
            ]),
          )
          .then(eb.ref('v.stock_quantity'))
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
      })
    }
  }
  return [...products.values()]
}

/** A product card's data: what ProductCard renders plus the category and the card's offer. */
export type CatalogCard = {
  id: string
  name: string
  description: string
  category: string
  image_url: string | null
  unit: string
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
    ...cardOffer(row, variants),
  }
}

/** The shop grid: available products by name, optionally of one category (one query). */
export async function listProducts(db: DB, category?: string | null): Promise<CatalogCard[]> {
  let query = productsWithVariants(db).where('products.is_available', '=', true)
  if (category) query = query.where('products.category', '=', category)
  return groupVariants(await query.execute()).map(toCard)
}

/** The categories of these cards, each once, alphabetically (the shop's filter). */
export function categoriesOf(cards: readonly { category: string }[]): string[] {
  return [...new Set(cards.map((card) => card.category))].sort()
}

/**
 * The shop page in one query: every available product, from which the category filter is
 * made, then the grid is narrowed to the chosen category. A farm's catalog is a few dozen
 * products, and one query keeps the page within 4 queries even for a signed-in shopper
 * (whose session lookup takes two).
 */
export async function getShopPage(
  db: DB,
  category: string | null,
): Promise<{ categories: string[]; products: CatalogCard[] }> {
  const all = await listProducts(db)
  return {
    categories: categoriesOf(all),
    products: category ? all.filter((card) => card.category === category) : all,
  }
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
}

function detailQuery(db: DB) {
  return productsWithVariants(db).select([
    'products.next_available_date',
    'products.expected_quantity',
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
  } satisfies ProductDetail
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
