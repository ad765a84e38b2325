import type { DB } from '~/db/db.server'

// The customer's side of the waiting list (D14): what they are waiting for, and cancelling.
// Joining and notifying live with the catalog.

export type WaitingListEntry = {
  id: string
  product_id: string
  product_name: string
  variant_name: string | null
  quantity: number
  created_at: Date
}

/** Entries still waiting, newest first, with product and variant names (one query). */
export function listWaitingListEntries(db: DB, customerId: string): Promise<WaitingListEntry[]> {
  return db
    .selectFrom('waiting_list')
    .innerJoin('products', 'products.id', 'waiting_list.product_id')
    .leftJoin('product_variants', 'product_variants.id', 'waiting_list.product_variant_id')
    .select([
      'waiting_list.id',
      'waiting_list.product_id',
      'products.name as product_name',
      'product_variants.name as variant_name',
      'waiting_list.quantity',
      'waiting_list.created_at',
    ])
    .where('waiting_list.customer_id', '=', customerId)
    .where('waiting_list.status', '=', 'waiting')
    .orderBy('waiting_list.created_at', 'desc')
    .orderBy('waiting_list.id')
    .execute()
}

/** Cancels one of the customer's waiting entries; false if there is no such waiting entry. */
export async function cancelWaitingListEntry(
  db: DB,
  customerId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .updateTable('waiting_list')
    .set({ status: 'cancelled' })
    .where('customer_id', '=', customerId)
    .where('id', '=', id)
    .where('status', '=', 'waiting')
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}
