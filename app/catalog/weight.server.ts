import { type AliasableExpression, type Expression, expressionBuilder } from 'kysely'
import type { Database } from '~/platform/db/schema'

// Priced by weight in a query (ADR 30): the cart and placeOrder read a line's terms the same way.

const eb = expressionBuilder<Database, 'products' | 'product_variants'>()

/**
 * A line's average weight per piece when it is sold by weight, else null: an option's own
 * terms for a line that names one (each option is its own cut), the product's for a plain
 * line. Same join shape as onSaleExpression: `product_variants` left-joined on the line.
 */
export function lineAverageWeightExpression(
  lineVariantId: Expression<string | null>,
): AliasableExpression<number | null> {
  return eb
    .case()
    .when(eb(lineVariantId, 'is', null))
    .then(
      eb
        .case()
        .when('products.sold_by_weight', '=', true)
        .then(eb.ref('products.average_weight_centi_lb'))
        .else(null)
        .end(),
    )
    .when('product_variants.sold_by_weight', '=', true)
    .then(eb.ref('product_variants.average_weight_centi_lb'))
    .else(null)
    .end()
}
