import { changeHeld, lockStockRow, type StockRowTarget } from '~/catalog/held-stock.server'
import { asFlag, onSaleExpression } from '~/catalog/on-sale.server'
import { sendEmail } from '~/email/outbox.server'
import { getFarmName } from '~/farm/farm.server'
import type { DB } from '~/platform/db/db.server'
import { getEnv } from '~/platform/env.server'
import { getHoldHours } from '~/settings/settings.server'
import { drawsOnSharePool } from '~/shares/pool.server'
import { lockStock } from '~/shares/stock-lock.server'
import { stockHeldEmail } from '~/waiting-list/emails/stock-held'
import { hashHoldToken, newHoldToken } from './hold-token.server'

// A fair waiting list (ADR 29, amending D14). When a product or an option has free units
// (stock - held) and people are waiting who asked to be told, the units are held for them in
// the order they joined (created_at, id): each gets min(what they asked for, what is left),
// one email "Reserved for you until ..." and their entry becomes 'notified'; the walk stops
// when nothing is left. Entries that did not ask for an email stay 'waiting' (demand only).
//
// Concurrency: for each product or option the stock row is locked first (a no-op UPDATE that
// returns the row as committed), and only then are its free units and its queue read. Two
// calls, two instances, a sweep and a restock at once: the second waits for the first's row
// lock and then sees its holds and its 'notified' entries. Each entry still moves with a
// conditional UPDATE (`... WHERE status = 'waiting'`), and the CHECK held_quantity <=
// stock_quantity stops any hold the stock cannot cover. Lock order: the stock row, then its
// waiting entries, then the new holds (rows no one else can see yet). placeOrder and the
// sweep take an existing hold row before its stock row, and nothing takes a stock row and
// then an existing hold, so no two transactions wait for each other in a circle. On SQLite
// writers are serialised.

type Target = StockRowTarget

/**
 * Call inside the transaction that may have freed units (an admin's stock change, an order
 * cancelled, a payment session expired, a hold expired or declined), after writing them, with
 * the ids of the products touched. Holds free units of those products for their waiting lists.
 * Returns how many entries got a hold (and an email). Harmless when nothing is free.
 */
export async function notifyRestocked(
  trx: DB,
  productIds: readonly string[],
  now = new Date(),
): Promise<number> {
  const ids = [...new Set(productIds)]
  if (ids.length === 0) return 0
  // Several products, or a product's row before its options: the one lock order first.
  await lockStock(trx, ids)
  const targets = await trx
    .selectFrom('waiting_list')
    .select(['product_id', 'product_variant_id'])
    .distinct()
    .where('product_id', 'in', ids)
    .where('status', '=', 'waiting')
    .where('notify_by_email', '=', true)
    .execute()
  // Sorted here, the same way on both databases (they order nulls differently).
  const ordered = targets
    .map((row) => ({ productId: row.product_id, variantId: row.product_variant_id }))
    .sort((a, b) =>
      a.productId === b.productId
        ? (a.variantId ?? '').localeCompare(b.variantId ?? '')
        : a.productId.localeCompare(b.productId),
    )
  let held = 0
  for (const target of ordered) held += await holdFreeUnits(trx, target, now)
  return held
}

/**
 * The admin's "Notify now" for one product (and option, or null for the product itself): the
 * same fair walk as a restock, for this group only. With nothing free, nobody is emailed: an
 * email saying "back" with nothing to buy is the race this replaced.
 */
export function notifyWaitingGroup(trx: DB, group: Target, now = new Date()): Promise<number> {
  return holdFreeUnits(trx, group, now)
}

/** Holds a product's or option's free units for its queue; how many entries got a hold. */
async function holdFreeUnits(trx: DB, target: Target, now: Date): Promise<number> {
  if (!(await isOnSale(trx, target))) return 0
  // Every sale rewrites a share size's stock as a mirror of its animal's pool: no size can keep
  // units aside, so their waiting lists stay demand the farm sees (and a hold could never sit
  // under a mirror that drops below it).
  if (await drawsOnSharePool(trx, target.productId)) return 0
  const row = await lockStockRow(trx, target)
  if (!row) return 0
  // Subscribers' coming boxes come first (ADR 32): only what they leave is held for the queue.
  let free = row.stock_quantity - row.held_quantity - row.reserved_quantity
  if (free <= 0) return 0

  const entries = await trx
    .selectFrom('waiting_list as w')
    .innerJoin('customers as c', 'c.id', 'w.customer_id')
    .innerJoin('products as p', 'p.id', 'w.product_id')
    .leftJoin('product_variants as v', 'v.id', 'w.product_variant_id')
    .select([
      'w.id',
      'w.quantity',
      'c.email',
      'c.first_name',
      'p.name as product_name',
      'v.name as variant_name',
    ])
    .where('w.product_id', '=', target.productId)
    .where('w.product_variant_id', target.variantId === null ? 'is' : '=', target.variantId)
    .where('w.status', '=', 'waiting')
    .where('w.notify_by_email', '=', true)
    .orderBy('w.created_at')
    .orderBy('w.id')
    .execute()
  if (entries.length === 0) return 0

  const [hours, farmName] = await Promise.all([getHoldHours(trx), getFarmName(trx)])
  const expiresAt = new Date(now.getTime() + hours * 60 * 60 * 1000)
  const shop = { farmName, baseUrl: getEnv().baseUrl }
  let heldUnits = 0
  let holds = 0
  for (const entry of entries) {
    if (free <= 0) break
    const moved = await trx
      .updateTable('waiting_list')
      .set({ status: 'notified', notified_at: now })
      .where('id', '=', entry.id)
      .where('status', '=', 'waiting')
      .where('notify_by_email', '=', true)
      .executeTakeFirst()
    // Someone else (another call, the customer cancelling) moved it first.
    if (moved.numUpdatedRows === 0n) continue
    const quantity = Math.min(entry.quantity, free)
    const token = newHoldToken()
    await trx
      .insertInto('stock_holds')
      .values({
        id: crypto.randomUUID(),
        waiting_list_id: entry.id,
        product_id: target.productId,
        product_variant_id: target.variantId,
        quantity,
        token_hash: hashHoldToken(token),
        status: 'held',
        expires_at: expiresAt,
        created_at: now,
      })
      .execute()
    const content = stockHeldEmail({
      ...shop,
      firstName: entry.first_name,
      productName: entry.product_name,
      variantName: entry.variant_name,
      heldQuantity: quantity,
      askedQuantity: entry.quantity,
      expiresAt,
      token,
    })
    await sendEmail(trx, { to: entry.email, ...content, template: 'stock-held' })
    free -= quantity
    heldUnits += quantity
    holds++
  }
  if (heldUnits > 0) await changeHeld(trx, target, heldUnits)
  return holds
}

/** Sold at all right now: the product on sale and the entry's option (or none) with it. */
async function isOnSale(trx: DB, target: Target): Promise<boolean> {
  const row = await trx
    .selectFrom('products')
    .leftJoin('product_variants', (join) =>
      join
        .onRef('product_variants.product_id', '=', 'products.id')
        .on('product_variants.id', '=', target.variantId ?? ''),
    )
    .select((eb) => asFlag(onSaleExpression(eb.ref('product_variants.id'))).as('on_sale'))
    .where('products.id', '=', target.productId)
    .executeTakeFirst()
  return Number(row?.on_sale) === 1
}
