import type { DB } from '~/db/db.server'
import { PRODUCT_SUMMARY_COLUMNS, type ProductSummary } from './products.server'

/**
 * Products for the grass-fed beef landing page: available, not archived, with "beef" in the
 * name, category or description, any case, by name. The columns are lowered because LIKE
 * ignores case on SQLite but not on PostgreSQL.
 */
export function listBeefProducts(db: DB): Promise<ProductSummary[]> {
  const pattern = '%beef%'
  return db
    .selectFrom('products')
    .select(PRODUCT_SUMMARY_COLUMNS)
    .where('is_available', '=', true)
    .where('archived_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb(eb.fn<string>('lower', ['name']), 'like', pattern),
        eb(eb.fn<string>('lower', ['category']), 'like', pattern),
        eb(eb.fn<string>('lower', ['description']), 'like', pattern),
      ]),
    )
    .orderBy('name')
    .execute()
}
