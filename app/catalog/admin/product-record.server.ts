import type { DB } from '~/platform/db/db.server'

// One product as the back office reads it: its columns, its options, and the snapshots its
// audit entries record.

export const PRODUCT_COLUMNS = [
  'id',
  'name',
  'description',
  'category',
  'price_cents',
  'unit',
  'image_url',
  'stock_quantity',
  'is_available',
  'local_only',
  'next_available_date',
  'expected_quantity',
  'archived_at',
  'sold_by_weight',
  'average_weight_centi_lb',
  'subscription_frequencies',
  'subscriber_discount_percent',
  'season_months',
] as const

export const VARIANT_COLUMNS = [
  'id',
  'name',
  'price_cents',
  'stock_quantity',
  'is_available',
  'sold_by_weight',
  'average_weight_centi_lb',
  'subscribable',
] as const

export type AdminVariant = {
  id: string
  name: string
  price_cents: number
  stock_quantity: number
  is_available: boolean
  sold_by_weight: boolean
  average_weight_centi_lb: number | null
  subscribable: boolean
}

export type AdminProduct = {
  id: string
  name: string
  description: string
  category: string
  price_cents: number
  unit: string
  image_url: string | null
  stock_quantity: number
  is_available: boolean
  local_only: boolean
  next_available_date: string | null
  expected_quantity: number | null
  archived_at: Date | null
  sold_by_weight: boolean
  average_weight_centi_lb: number | null
  /** 'weekly,biweekly,monthly' or a part of it; '' = not subscribable (ADR 32) */
  subscription_frequencies: string
  subscriber_discount_percent: number
  /** months in season, '5,6,7'; '' = all year (issue 22) */
  season_months: string
  variants: AdminVariant[]
}

/** A product with its options (by price, then name) for the edit page; null when unknown. */
export async function getAdminProduct(db: DB, id: string): Promise<AdminProduct | null> {
  const [product, variants] = await Promise.all([
    db.selectFrom('products').select(PRODUCT_COLUMNS).where('id', '=', id).executeTakeFirst(),
    variantsOf(db, id),
  ])
  return product ? { ...product, variants } : null
}

export function variantsOf(db: DB, productId: string): Promise<AdminVariant[]> {
  return db
    .selectFrom('product_variants')
    .select(VARIANT_COLUMNS)
    .where('product_id', '=', productId)
    .orderBy('price_cents')
    .orderBy('name')
    .orderBy('id')
    .execute()
}
type Audited = Record<string, unknown>

export function productSnapshot(row: Omit<AdminProduct, 'variants' | 'archived_at'>): Audited {
  return {
    name: row.name,
    description: row.description,
    category: row.category,
    price_cents: row.price_cents,
    unit: row.unit,
    image_url: row.image_url,
    stock_quantity: row.stock_quantity,
    is_available: row.is_available,
    local_only: row.local_only,
    next_available_date: row.next_available_date,
    expected_quantity: row.expected_quantity,
    sold_by_weight: row.sold_by_weight,
    average_weight_centi_lb: row.average_weight_centi_lb,
    subscription_frequencies: row.subscription_frequencies,
    subscriber_discount_percent: row.subscriber_discount_percent,
    season_months: row.season_months,
  }
}

export const variantSnapshot = (variants: readonly AdminVariant[]) =>
  variants.map((variant) => ({
    id: variant.id,
    name: variant.name,
    price_cents: variant.price_cents,
    stock_quantity: variant.stock_quantity,
    is_available: variant.is_available,
    sold_by_weight: variant.sold_by_weight,
    average_weight_centi_lb: variant.average_weight_centi_lb,
    subscribable: variant.subscribable,
  }))
