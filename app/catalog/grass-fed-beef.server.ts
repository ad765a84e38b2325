import { BEEF_CARD_LIMIT, listBeefProducts } from '~/catalog/beef-products.server'
import { getGrassFedImages } from '~/farm/farm.server'
import type { DB } from '~/platform/db/db.server'

/**
 * The grass-fed beef landing page: its two images and the beef products, and whether there are
 * more than it shows.
 */
export async function getGrassFedBeefPage(db: DB) {
  const [images, beef] = await Promise.all([getGrassFedImages(db), listBeefProducts(db)])
  return {
    images,
    products: beef.slice(0, BEEF_CARD_LIMIT),
    moreProducts: beef.length > BEEF_CARD_LIMIT,
  }
}
