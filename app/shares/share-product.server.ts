import { type Expression, expressionBuilder, type SqlBool } from 'kysely'
import type { Database } from '~/platform/db/schema'

// What makes a product a beef share, said once (ADR 31): it has an option that takes quarters
// of an animal (Quarter, Half, Whole). The cart prices such a cart for pickup and checkout
// offers it its animal's window alone (share-pickup.server.ts), both by this rule.

const eb = expressionBuilder<Database, 'products'>()

/** The query's `products` row is sold as beef shares. */
export function shareProductExpression(): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom('product_variants as share_option')
      .select('share_option.id')
      .whereRef('share_option.product_id', '=', 'products.id')
      .where('share_option.share_units', 'is not', null),
  )
}
