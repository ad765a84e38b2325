import type { DB } from '~/platform/db/db.server'
import { freeStock } from './free-stock.server'

/**
 * A product still on sale, with the option asked for if it is the product's, its stock as the
 * product page computes it, and how many options the product has: what joining its waiting
 * list checks. Undefined for an unknown or archived product.
 */
export function findWaitableStock(db: DB, productId: string, variantId: string | null) {
  return db
    .selectFrom('products')
    .leftJoin('product_variants as v', (join) =>
      join.onRef('v.product_id', '=', 'products.id').on('v.id', '=', variantId ?? ''),
    )
    .select((eb) => [
      'v.id as variant_id',
      // Effective stock, as the product page computes it: 0 when anything is unavailable.
      eb
        .case()
        .when('products.is_available', '=', false)
        .then(0)
        .when('v.id', 'is not', null)
        .then(eb.case().when('v.is_available', '=', true).then(freeStock('v')).else(0).end())
        .else(freeStock('products'))
        .end()
        .$notNull()
        .as('stock'),
      eb
        .selectFrom('product_variants as any_variant')
        .select((sub) => sub.fn.countAll<number>().as('count'))
        .whereRef('any_variant.product_id', '=', 'products.id')
        .as('variant_count'),
    ])
    .where('products.id', '=', productId)
    .where('products.archived_at', 'is', null)
    .executeTakeFirst()
}
