import { BEEF_CARD_LIMIT, listBeefProducts } from '~/catalog/beef-products.server'
import type { DB } from '~/platform/db/db.server'

/**
 * The grass-fed beef landing page: its two images and the beef products, and whether there are
 * more than it shows.
 */
export async function getGrassFedBeefPage(db: DB) {
  const [images, beef] = await Promise.all([
    db
      .selectFrom('farm_info')
      .select(['grass_fed_hero_image_url', 'grass_fed_story_image_url'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow(),
    listBeefProducts(db),
  ])
  return {
    images,
    products: beef.slice(0, BEEF_CARD_LIMIT),
    moreProducts: beef.length > BEEF_CARD_LIMIT,
  }
}
