import { type ExpressionBuilder, sql } from 'kysely'
import type { DB } from '~/platform/db/db.server'
import type { Database } from '~/platform/db/schema'
import type { Month } from './in-season'
import { type CatalogCard, FEATURED_PRODUCT_COUNT, listCards } from './products.server'

// What is in season (issue 22): products whose season_months name the farm's month, for sale
// now (available, not archived), by name.

/** Home shows at most this many: two rows of four on a wide screen. */
export const IN_SEASON_LIMIT = 8

/** season_months names `month`: ',5,6,7,' holds ',6,' (the commas keep 1 from matching 11). */
function inSeason(month: Month) {
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`Not a month: ${month}`)
  }
  return (eb: ExpressionBuilder<Database, 'products'>) =>
    eb(sql<string>`',' || ${eb.ref('products.season_months')} || ','`, 'like', `%,${month},%`)
}

function forSale(db: DB) {
  return db
    .selectFrom('products')
    .select('products.id')
    .where('products.is_available', '=', true)
    .where('products.archived_at', 'is', null)
    .orderBy('products.name')
    .orderBy('products.id')
}

/** Products in season in `farmMonth` (1-12, on the farm's clock) and for sale, by name. */
export function listInSeasonProducts(
  db: DB,
  farmMonth: Month,
  limit = IN_SEASON_LIMIT,
): Promise<CatalogCard[]> {
  return listCards(db, forSale(db).where(inSeason(farmMonth)).limit(limit))
}

/**
 * Home's cards in one query (the page's budget is four): the featured products (the first
 * three for sale by name, as listFeaturedProducts has them) and the ones in season besides
 * those, so no card shows twice. Every card comes back by name, and every product for sale
 * that sorts before the third featured one is featured itself, so the first three are the
 * featured ones and the rest are in season.
 */
export async function listHomeProducts(
  db: DB,
  farmMonth: Month,
): Promise<{ featured: CatalogCard[]; inSeason: CatalogCard[] }> {
  const featuredIds = forSale(db).limit(FEATURED_PRODUCT_COUNT)
  const seasonIds = forSale(db)
    .where(inSeason(farmMonth))
    .limit(IN_SEASON_LIMIT + FEATURED_PRODUCT_COUNT)
  const cards = await listCards(
    db,
    db
      .selectFrom('products')
      .select('products.id')
      .where((eb) =>
        eb.or([eb('products.id', 'in', featuredIds), eb('products.id', 'in', seasonIds)]),
      ),
  )
  return {
    featured: cards.slice(0, FEATURED_PRODUCT_COUNT),
    inSeason: cards.slice(FEATURED_PRODUCT_COUNT, FEATURED_PRODUCT_COUNT + IN_SEASON_LIMIT),
  }
}
