import { sendEmail } from '~/email/outbox.server'
import type { DB } from '~/platform/db/db.server'
import { getEnv } from '~/platform/env.server'
import { backInStockEmail } from '~/waiting-list/emails/back-in-stock'

// D14: when a product or an option can be bought again, everyone waiting for it who asked to
// be told is emailed once, and their entry becomes 'notified'. Entries that did not ask stay
// 'waiting' (the farm still sees their demand). Each entry moves with one conditional UPDATE
// (`... WHERE status = 'waiting'`), and its email is queued in the same transaction only when
// that UPDATE changed the row: two calls, two instances, or an admin's "Notify now" racing a
// restock can never email the same entry twice. On PostgreSQL the second UPDATE waits for the
// first one's row lock and then finds the status changed; on SQLite writers are serialised.

/**
 * Call inside the transaction that may have put stock back (an admin's stock change, an order
 * cancelled, a payment session expired), after the stock is written, with the ids of the
 * products touched. Emails the waiting entries of those products that are now on sale: the
 * product is available and not archived, and the entry's option (or, with no option, the
 * product) is available with stock above 0. Returns how many entries were notified.
 * Calling it when nothing came back is harmless: it finds nothing to do.
 */
export async function notifyRestocked(trx: DB, productIds: readonly string[]): Promise<number> {
  const ids = [...new Set(productIds)]
  if (ids.length === 0) return 0
  const entries = await waitingToNotify(trx)
    .where('w.product_id', 'in', ids)
    .where('p.is_available', '=', true)
    .where((eb) =>
      eb.or([
        eb.and([eb('w.product_variant_id', 'is', null), eb('p.stock_quantity', '>', 0)]),
        eb.and([
          eb('v.id', 'is not', null),
          eb('v.is_available', '=', true),
          eb('v.stock_quantity', '>', 0),
        ]),
      ]),
    )
    .execute()
  return notifyEntries(trx, entries)
}

/**
 * The admin's "Notify now" for one product (and option, or null for the product itself):
 * emails its waiting entries that asked to be told, whatever the stock (the farm may know a
 * batch is coming). Same email and same once-only marking as notifyRestocked.
 */
export async function notifyWaitingGroup(
  trx: DB,
  group: { productId: string; variantId: string | null },
): Promise<number> {
  const entries = await waitingToNotify(trx)
    .where('w.product_id', '=', group.productId)
    .where('w.product_variant_id', group.variantId === null ? 'is' : '=', group.variantId)
    .execute()
  return notifyEntries(trx, entries)
}

/** Waiting entries that asked for an email, of products still in the shop, oldest first. */
function waitingToNotify(trx: DB) {
  return trx
    .selectFrom('waiting_list as w')
    .innerJoin('products as p', 'p.id', 'w.product_id')
    .innerJoin('customers as c', 'c.id', 'w.customer_id')
    .leftJoin('product_variants as v', 'v.id', 'w.product_variant_id')
    .select([
      'w.id',
      'w.product_id',
      'w.product_variant_id',
      'w.quantity',
      'c.email',
      'c.first_name',
      'p.name as product_name',
      'v.name as variant_name',
    ])
    .where('w.status', '=', 'waiting')
    .where('w.notify_by_email', '=', true)
    .where('p.archived_at', 'is', null)
    .orderBy('w.created_at')
    .orderBy('w.id')
}

type Candidate = Awaited<ReturnType<ReturnType<typeof waitingToNotify>['execute']>>[number]

async function notifyEntries(trx: DB, entries: readonly Candidate[]): Promise<number> {
  if (entries.length === 0) return 0
  const farm = await trx
    .selectFrom('farm_info')
    .select('name')
    .where('id', '=', 1)
    .executeTakeFirst()
  const shop = { farmName: farm?.name ?? 'Farm Shop', baseUrl: getEnv().baseUrl }
  let notified = 0
  for (const entry of entries) {
    const moved = await trx
      .updateTable('waiting_list')
      .set({ status: 'notified', notified_at: new Date() })
      .where('id', '=', entry.id)
      .where('status', '=', 'waiting')
      .where('notify_by_email', '=', true)
      .executeTakeFirst()
    // Someone else (another call, another instance) notified or removed it first.
    if (moved.numUpdatedRows === 0n) continue
    const content = backInStockEmail({
      ...shop,
      firstName: entry.first_name,
      productId: entry.product_id,
      productName: entry.product_name,
      variantId: entry.product_variant_id,
      variantName: entry.variant_name,
      quantity: entry.quantity,
    })
    await sendEmail(trx, { to: entry.email, ...content, template: 'back-in-stock' })
    notified++
  }
  return notified
}
