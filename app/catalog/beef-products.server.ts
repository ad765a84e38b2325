import type { DB } from '~/platform/db/db.server'
import { type CatalogCard, listCards } from './products.server'
import { SHOP_PAGE_SIZE } from './shop-query'

/** The landing page shows a shop page's worth of beef; past that it links to the shop's search. */
export const BEEF_CARD_LIMIT = SHOP_PAGE_SIZE

/**
 * Products for the grass-fed beef landing page: available, not archived, with "beef" in the
 * name, category or description, any case, by name; at most one more than BEEF_CARD_LIMIT, so
 * the page knows there are more. The columns are lowered because LIKE ignores case on SQLite
 * but not on PostgreSQL.
 */
export function listBeefProducts(db: DB): Promise<CatalogCard[]> {
  const pattern = '%beef%'
  return listCards(
    db,
    db
      .selectFrom('products')
      .select('id')
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
      .orderBy('id')
      .limit(BEEF_CARD_LIMIT + 1),
  )
}
