import type { DB } from '~/platform/db/db.server'
import {
  type CatalogCard,
  groupVariants,
  productsWithVariants,
  type SubscriptionOffer,
  subscriptionOf,
  toCard,
  toWeight,
} from './products.server'
import { RELATED_PRODUCT_COUNT } from './stock'
import { resolveSelectedVariant, type VariantOption } from './variants'

// A product's own page: the product with its options, and "You May Also Like".

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
  subscription: SubscriptionOffer | null
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
