import { sql } from 'kysely'
import { recordAdminChange } from '~/admin/audit.server'
import { type PageInfo, type PageRequest, pageInfo } from '~/admin/pagination'
import type { DB } from '~/db/db.server'
import { notifyWaitingGroup } from './restock.server'

// The farm's view of the waiting list (issue 6 item 6, D14): demand grouped by product and
// option, each customer's entry, "Notify now", and marking entries fulfilled or removed.
// Statuses: 'waiting' (joined), 'notified' (emailed once), 'fulfilled' (the farm served them),
// 'cancelled' (the customer left it, Account > Waiting List) and 'removed' (the farm did).

export const WAITING_LIST_FILTERS = ['waiting', 'notified', 'fulfilled', 'removed'] as const
export type WaitingListFilter = (typeof WAITING_LIST_FILTERS)[number]

const STATUSES: Record<WaitingListFilter, string[]> = {
  waiting: ['waiting'],
  notified: ['notified'],
  fulfilled: ['fulfilled'],
  removed: ['removed', 'cancelled'],
}

/** ?status=; waiting unless it names another filter. */
export function waitingListFilter(url: URL): WaitingListFilter {
  const status = url.searchParams.get('status')
  return (WAITING_LIST_FILTERS as readonly string[]).includes(status ?? '')
    ? (status as WaitingListFilter)
    : 'waiting'
}

export type WaitingEntry = {
  id: string
  customer_id: string
  customer_name: string
  email: string
  quantity: number
  notify_by_email: boolean
  status: string
  created_at: Date
  notified_at: Date | null
}

export type WaitingGroup = {
  productId: string
  variantId: string | null
  productName: string
  variantName: string | null
  /** The stock of the option waited for, or of the product */
  stock: number
  archived: boolean
  totalQuantity: number
  customerCount: number
  /** Entries still waiting that asked for an email: what Notify now would send */
  toNotify: number
  entries: WaitingEntry[]
}

/**
 * One page of groups (product, option), most wanted first: a COUNT of groups, the page of
 * groups, and one query for their entries.
 */
export async function listWaitingGroups(
  db: DB,
  filter: WaitingListFilter,
  page: PageRequest,
): Promise<{ groups: WaitingGroup[]; info: PageInfo }> {
  const statuses = STATUSES[filter]
  const inFilter = db.selectFrom('waiting_list as w').where('w.status', 'in', statuses)
  const [count, rows] = await Promise.all([
    db
      .selectFrom(inFilter.select(['w.product_id', 'w.product_variant_id']).distinct().as('g'))
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirst(),
    inFilter
      .innerJoin('products as p', 'p.id', 'w.product_id')
      .leftJoin('product_variants as v', 'v.id', 'w.product_variant_id')
      .select((eb) => [
        'w.product_id',
        'w.product_variant_id',
        'p.name as product_name',
        'v.name as variant_name',
        'p.stock_quantity as product_stock',
        'v.stock_quantity as variant_stock',
        'p.archived_at',
        eb.fn.sum<number>('w.quantity').as('total_quantity'),
        eb.fn.count<number>('w.customer_id').distinct().as('customer_count'),
        eb.fn
          .sum<number>(
            eb
              .case()
              .when(eb.and([eb('w.status', '=', 'waiting'), eb('w.notify_by_email', '=', true)]))
              .then(1)
              .else(0)
              .end(),
          )
          .as('to_notify'),
      ])
      .groupBy([
        'w.product_id',
        'w.product_variant_id',
        'p.name',
        'v.name',
        'p.stock_quantity',
        'v.stock_quantity',
        'p.archived_at',
      ])
      .orderBy(sql`sum(w.quantity)`, 'desc')
      .orderBy('p.name')
      .orderBy('v.name')
      .orderBy('w.product_id')
      .orderBy('w.product_variant_id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ])
  const productIds = [...new Set(rows.map((row) => row.product_id))]
  const entries = productIds.length
    ? await db
        .selectFrom('waiting_list as w')
        .innerJoin('customers as c', 'c.id', 'w.customer_id')
        .select([
          'w.id',
          'w.product_id',
          'w.product_variant_id',
          'w.customer_id',
          'c.name as customer_name',
          'c.email',
          'w.quantity',
          'w.notify_by_email',
          'w.status',
          'w.created_at',
          'w.notified_at',
        ])
        .where('w.product_id', 'in', productIds)
        .where('w.status', 'in', statuses)
        .orderBy('w.created_at')
        .orderBy('w.id')
        .execute()
    : []
  const key = (productId: string, variantId: string | null) => `${productId}|${variantId ?? ''}`
  const byGroup = new Map<string, WaitingEntry[]>()
  for (const { product_id, product_variant_id, ...entry } of entries) {
    const k = key(product_id, product_variant_id)
    byGroup.set(k, [...(byGroup.get(k) ?? []), entry])
  }
  return {
    info: pageInfo(page, Number(count?.total ?? 0)),
    groups: rows.map((row) => ({
      productId: row.product_id,
      variantId: row.product_variant_id,
      productName: row.product_name,
      variantName: row.variant_name,
      stock: Number(row.product_variant_id ? (row.variant_stock ?? 0) : row.product_stock),
      archived: row.archived_at !== null,
      totalQuantity: Number(row.total_quantity ?? 0),
      customerCount: Number(row.customer_count ?? 0),
      toNotify: Number(row.to_notify ?? 0),
      entries: byGroup.get(key(row.product_id, row.product_variant_id)) ?? [],
    })),
  }
}

/** Notify now: emails the group's waiting entries that asked, once each; how many. */
export async function notifyGroupNow(
  db: DB,
  actorId: string,
  group: { productId: string; variantId: string | null },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const notified = await notifyWaitingGroup(trx, group)
    if (notified > 0) {
      await recordAdminChange(trx, {
        actorId,
        action: 'waiting_list.notify',
        entityType: 'product',
        entityId: group.productId,
        after: { variantId: group.variantId, notified },
      })
    }
    return notified
  })
}

export type EntryChange = 'fulfilled' | 'removed'

/**
 * Marks a waiting or notified entry fulfilled, or removes it (kept, with status 'removed', so
 * the history stays). False when there is no such entry still open.
 */
export async function changeWaitingEntry(
  db: DB,
  actorId: string,
  entryId: string,
  to: EntryChange,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('waiting_list')
      .select(['status', 'product_id'])
      .where('id', '=', entryId)
      .executeTakeFirst()
    if (!before) return false
    const changed = await trx
      .updateTable('waiting_list')
      .set({ status: to })
      .where('id', '=', entryId)
      .where('status', 'in', ['waiting', 'notified'])
      .executeTakeFirst()
    if (changed.numUpdatedRows === 0n) return false
    await recordAdminChange(trx, {
      actorId,
      action: to === 'fulfilled' ? 'waiting_list.fulfil' : 'waiting_list.remove',
      entityType: 'waiting_list',
      entityId: entryId,
      before: { status: before.status, product_id: before.product_id },
      after: { status: to },
    })
    return true
  })
}
