import { type Expression, expressionBuilder, type SqlBool } from 'kysely'
import type { Database } from '~/platform/db/schema'

// What the shop sells, said once. The cart shows a line as available by this rule and checkout
// takes the order by it, so a line the cart offers is never refused at checkout as off sale.
// (They were written apart once and disagreed on a plain line of a product that has options.)

const eb = expressionBuilder<Database, 'products' | 'product_variants'>()

/** The product is offered at all: marked available and not archived. */
export function productOnSaleExpression(): Expression<SqlBool> {
  return eb.and([eb('products.is_available', '=', true), eb('products.archived_at', 'is', null)])
}

/**
 * A line can be sold: its product is on sale, and either the line names an available option of
 * that product, or it names none and the product has no options. Once a product has options
 * only they are sold, and its own stock is their sum, not something to take.
 *
 * The query has `products` for the line's product and `product_variants` for the option it
 * names (left-joined: null for a plain line); `lineVariantId` is the option the line names.
 */
export function onSaleExpression(lineVariantId: Expression<string | null>): Expression<SqlBool> {
  return eb.and([
    productOnSaleExpression(),
    eb.or([
      eb.and([
        eb(lineVariantId, 'is', null),
        eb.not(
          eb.exists(
            eb
              .selectFrom('product_variants as o')
              .select('o.id')
              .whereRef('o.product_id', '=', 'products.id'),
          ),
        ),
      ]),
      eb.and([
        eb('product_variants.is_available', '=', true),
        eb('product_variants.product_id', '=', eb.ref('products.id')),
      ]),
    ]),
  ])
}

/** 1 or 0 for a select list: an aliased boolean would come back raw from SQLite (ADR 2). */
export function asFlag(condition: Expression<SqlBool>) {
  return eb.case().when(condition).then(1).else(0).end()
}
