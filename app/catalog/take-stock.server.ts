import type { DB } from '~/platform/db/db.server'
import type { freeStock } from './free-stock.server'

// Stock rows (products, product_variants) belong to the catalog: an order takes its units
// through these, each one conditional UPDATE (ADR 11), inside the order's transaction and
// after the caller has locked the rows in the one lock order (shares/stock-lock.server.ts).

/** Which stock a taker may have: a shopper's free stock, or a subscriber's (ADR 32). */
export type ForSale = typeof freeStock

export type StockTake = {
  productId: string
  variantId: string | null
  quantity: number
  /** units of a waiting-list hold this line claimed: they come out of held and stock both */
  held: number
  forSale: ForSale
}

/**
 * Takes `quantity` units of an option (or of a product without options) when it is on sale and
 * has the held units plus enough for sale beyond them; false (nothing changed) when it has not.
 */
export async function takeStockRow(trx: DB, take: StockTake): Promise<boolean> {
  const { productId, variantId, quantity, held, forSale } = take
  const fromFree = Math.max(quantity - held, 0)
  const taken = variantId
    ? await trx
        .updateTable('product_variants')
        .set((eb) => ({
          stock_quantity: eb('stock_quantity', '-', quantity),
          held_quantity: eb('held_quantity', '-', held),
        }))
        .where('id', '=', variantId)
        .where('product_id', '=', productId)
        .where('is_available', '=', true)
        .where('held_quantity', '>=', held)
        .where(forSale('product_variants'), '>=', fromFree)
        .executeTakeFirst()
    : await trx
        .updateTable('products')
        .set((eb) => ({
          stock_quantity: eb('stock_quantity', '-', quantity),
          held_quantity: eb('held_quantity', '-', held),
        }))
        .where('id', '=', productId)
        .where('is_available', '=', true)
        .where('archived_at', 'is', null)
        .where('held_quantity', '>=', held)
        .where(forSale('products'), '>=', fromFree)
        .executeTakeFirst()
  return taken.numUpdatedRows > 0n
}

/**
 * A product with options keeps their sum as its own stock_quantity: it goes down by what the
 * options sold, clamped at 0 so an aggregate an admin let drift never refuses a sale.
 */
export async function lowerProductAggregate(
  trx: DB,
  productId: string,
  units: number,
): Promise<void> {
  await trx
    .updateTable('products')
    .set((eb) => ({
      stock_quantity: eb
        .case()
        .when('stock_quantity', '>=', units)
        .then(eb('stock_quantity', '-', units))
        .else(0)
        .end(),
    }))
    .where('id', '=', productId)
    .execute()
}

/** What an option (or a product without options) can still sell now; 0 when switched off. */
export async function stockLeft(
  trx: DB,
  target: { productId: string; variantId: string | null },
  forSale: ForSale,
): Promise<number> {
  const row = target.variantId
    ? await trx
        .selectFrom('product_variants')
        .select(['is_available', forSale('product_variants').as('free')])
        .where('id', '=', target.variantId)
        .executeTakeFirst()
    : await trx
        .selectFrom('products')
        .select(['is_available', forSale('products').as('free')])
        .where('id', '=', target.productId)
        .executeTakeFirst()
  return row?.is_available ? Math.max(Number(row.free), 0) : 0
}
