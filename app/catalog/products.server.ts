import type { DB } from '~/db/db.server'

export const FEATURED_PRODUCT_COUNT = 3

export type ProductSummary = {
  id: string
  name: string
  description: string
  category: string
  price_cents: number
  image_url: string | null
  stock_quantity: number
  unit: string
}

/** The home page's featured products: available ones, by name (spec section 7). */
export function listFeaturedProducts(db: DB): Promise<ProductSummary[]> {
  return db
    .selectFrom('products')
    .select([
      'id',
      'name',
      'description',
      'category',
      'price_cents',
      'image_url',
      'stock_quantity',
      'unit',
    ])
    .where('is_available', '=', true)
    .where('archived_at', 'is', null)
    .orderBy('name')
    .limit(FEATURED_PRODUCT_COUNT)
    .execute()
}
