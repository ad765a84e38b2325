import type { DB } from '~/platform/db/db.server'

// Units held for the waiting list (ADR 29) are counted on the stock rows themselves
// (held_quantity of products and product_variants, the catalog's tables); the waiting list
// decides who gets them and changes the count only through these.

export type StockRowTarget = { productId: string; variantId: string | null }

/**
 * Adds `by` (negative: gives back) to the held units of a product's or option's row. The
 * CHECK (0 <= held <= stock) refuses anything the stock cannot cover.
 */
export async function changeHeld(trx: DB, target: StockRowTarget, by: number): Promise<void> {
  const query = target.variantId
    ? trx
        .updateTable('product_variants')
        .set((eb) => ({ held_quantity: eb('held_quantity', '+', by) }))
        .where('id', '=', target.variantId)
    : trx
        .updateTable('products')
        .set((eb) => ({ held_quantity: eb('held_quantity', '+', by) }))
        .where('id', '=', target.productId)
  await query.execute()
}

/**
 * Takes the row lock of the stock the target sells from and reads it as committed: on
 * PostgreSQL an UPDATE that waited for another transaction sees that one's result.
 */
export function lockStockRow(trx: DB, target: StockRowTarget) {
  const columns = ['stock_quantity', 'held_quantity', 'reserved_quantity'] as const
  return target.variantId
    ? trx
        .updateTable('product_variants')
        .set((eb) => ({ held_quantity: eb.ref('held_quantity') }))
        .where('id', '=', target.variantId)
        .where('product_id', '=', target.productId)
        .returning(columns)
        .executeTakeFirst()
    : trx
        .updateTable('products')
        .set((eb) => ({ held_quantity: eb.ref('held_quantity') }))
        .where('id', '=', target.productId)
        .returning(columns)
        .executeTakeFirst()
}
