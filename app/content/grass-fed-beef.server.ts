import { listBeefProducts } from '~/catalog/beef-products.server'
import type { DB } from '~/db/db.server'

/** The grass-fed beef landing page: its two images and the beef products. */
export async function getGrassFedBeefPage(db: DB) {
  const [images, products] = await Promise.all([
    db
      .selectFrom('farm_info')
      .select(['grass_fed_hero_image_url', 'grass_fed_story_image_url'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow(),
    listBeefProducts(db),
  ])
  return { images, products }
}
