import { getProductPage } from '~/catalog/product-detail.server'
import { pageGallery, pictureIndex } from '~/catalog/product-gallery'
import { productFulfilmentFacts } from '~/fulfilment/product-fulfilment'
import { loadFulfilmentSetup } from '~/fulfilment/product-fulfilment.server'
import type { DB } from '~/platform/db/db.server'

// Everything /product/:id shows (issue 22 item 4): the product with its options and related
// products, its pictures, how and when it can be had, and the farm's promise. Three queries,
// run side by side; with the root's farm row that is the page's budget of four
// (ARCHITECTURE.md), so the pictures, the local-only flag and the promise share one.

function productExtras(db: DB, id: string) {
  return db
    .selectFrom('products')
    .leftJoin('farm_info', (join) => join.on('farm_info.id', '=', 1))
    .leftJoin('product_images as picture', 'picture.product_id', 'products.id')
    .select((eb) => [
      // Unaliased booleans come back as 0/1 from SQLite (ADR 2): a number either way.
      eb.case().when('products.local_only', '=', true).then(1).else(0).end().as('local_only'),
      'farm_info.name as farm_name',
      'farm_info.promise',
      'picture.id as picture_id',
      'picture.image_url as picture_url',
      'picture.alt_text as picture_alt',
    ])
    .where('products.id', '=', id)
    .orderBy('picture.position')
    .orderBy('picture.created_at')
    .orderBy('picture.id')
    .execute()
}

export async function loadProductPage(
  db: DB,
  id: string,
  search: { variant: string | null; image: string | null },
) {
  const [page, extras, setup] = await Promise.all([
    getProductPage(db, id, search.variant),
    productExtras(db, id),
    loadFulfilmentSetup(db),
  ])
  const first = extras[0]
  if (!page || !first) return null
  const gallery = extras.flatMap((row) =>
    row.picture_id && row.picture_url
      ? [{ id: row.picture_id, image_url: row.picture_url, alt_text: row.picture_alt ?? '' }]
      : [],
  )
  const pictures = pageGallery(gallery, page.product)
  const farmName = first.farm_name ?? ''
  return {
    ...page,
    pictures,
    pictureIndex: pictureIndex(search.image, pictures.length),
    fulfilment: productFulfilmentFacts(setup, {
      localOnly: Number(first.local_only) === 1,
      farmName,
    }),
    farm: { name: farmName, promise: first.promise ?? null },
  }
}

export type LoadedProductPage = NonNullable<Awaited<ReturnType<typeof loadProductPage>>>
