import { findWaitableStock } from '~/catalog/waitable-stock.server'
import type { DB } from '~/platform/db/db.server'
import { isRateLimited, limits, recordAttempt } from '~/platform/rate-limit.server'

// The customer's side of the waiting list (D14): joining from a product page, what they are
// waiting for, and cancelling. Notifying when stock returns lives with the catalog's admin.

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

export type JoinWaitingListInput = {
  customerId: string
  productId: string
  /** The option waited for; required when the product has options */
  variantId: string | null
  quantity: number
  notifyByEmail: boolean
}

export type JoinWaitingListResult =
  | { ok: true; id: string }
  | { ok: false; reason: 'rate-limited' | 'not-found' | 'in-stock' | 'duplicate' }

/**
 * Puts the customer on the waiting list for a product (and option) that is out of stock.
 * Refused when over the rate limit, when the product is unknown or archived, when the option
 * is not the product's (or missing for a product with options), when it is in stock (Add to
 * Cart instead), and when the customer already waits for the same product and option.
 */
export async function joinWaitingList(
  db: DB,
  input: JoinWaitingListInput,
  now = new Date(),
): Promise<JoinWaitingListResult> {
  const limit = [limits.waitingListByCustomer(input.customerId)]
  if (await isRateLimited(db, limit, now)) return { ok: false, reason: 'rate-limited' }
  await recordAttempt(db, limit, now)

  const target = await findWaitableStock(db, input.productId, input.variantId)
  if (!target) return { ok: false, reason: 'not-found' }
  const hasVariants = Number(target.variant_count ?? 0) > 0
  if (input.variantId ? target.variant_id === null : hasVariants) {
    return { ok: false, reason: 'not-found' }
  }
  if (Number(target.stock) > 0) return { ok: false, reason: 'in-stock' }

  // The duplicate check and the insert are one statement, so two quick submits cannot both
  // pass the check on SQLite (one writer). On PostgreSQL two truly simultaneous joins could
  // still both land; a partial unique index would close that (left for a migration).
  const id = crypto.randomUUID()
  const result = await db
    .insertInto('waiting_list')
    .columns([
      'id',
      'customer_id',
      'product_id',
      'product_variant_id',
      'quantity',
      'notify_by_email',
      'status',
    ])
    .expression(
      db
        .selectNoFrom((select) => [
          select.val(id).as('id'),
          select.val(input.customerId).as('customer_id'),
          select.val(input.productId).as('product_id'),
          select.val(input.variantId).as('product_variant_id'),
          select.val(input.quantity).as('quantity'),
          select.val(input.notifyByEmail).as('notify_by_email'),
          select.val('waiting').as('status'),
        ])
        .where((where) =>
          where.not(
            where.exists(
              where
                .selectFrom('waiting_list as existing')
                .select('existing.id')
                .where('existing.customer_id', '=', input.customerId)
                .where('existing.product_id', '=', input.productId)
                .where('existing.status', '=', 'waiting')
                .where(
                  'existing.product_variant_id',
                  input.variantId === null ? 'is' : '=',
                  input.variantId,
                ),
            ),
          ),
        ),
    )
    .executeTakeFirst()
  if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 0) return { ok: false, reason: 'duplicate' }
  return { ok: true, id }
}
