import { type ExpressionBuilder, sql } from 'kysely'
import { type PageInfo, type PageRequest, pageInfo } from '~/platform/admin/pagination'
import { recordAdminChange } from '~/platform/audit.server'
import type { DB } from '~/platform/db/db.server'
import type { Database } from '~/platform/db/schema'
import { settleHold } from '../holds.server'
import { notifyWaitingGroup } from '../restock.server'

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
  /** Of that stock, the units held for people on this list (ADR 29) */
  held: number
  archived: boolean
  totalQuantity: number
  customerCount: number
  /** Entries still waiting that asked for an email: what Notify now would send */
  toNotify: number
  /** How many entries the group has in this filter */
  entryCount: number
  /** Oldest first: ENTRIES_SHOWN at most on the whole list, a page of them on the group's view */
  entries: WaitingEntry[]
  /** Live holds (oldest first), then the latest HOLDS_BOUGHT_SHOWN bought with an order */
  holds: GroupHold[]
}

export type GroupHold = {
  id: string
  customerId: string
  customerName: string
  quantity: number
  status: 'held' | 'claimed'
  expiresAt: Date
  settledAt: Date | null
  orderId: string | null
  orderNumber: number | null
}

/** Bought holds shown per group: who bought lately; the orders list has the rest. */
export const HOLDS_BOUGHT_SHOWN = 5

/**
 * The whole list shows each group's oldest ENTRIES_SHOWN entries, GROUPS_PER_PAGE groups a
 * page; the rest of a group's entries are on its own view (listWaitingGroup), 25 a page. A
 * sold-out favourite can have hundreds: listing them all made the page 829 KB at 2,000
 * waiting. An entry's row with its buttons, and its data for the browser, come to about 1 KB,
 * so 25 groups of 10 were still 369 KB; 10 groups of 10 stay inside the 200 KB budget.
 */
export const ENTRIES_SHOWN = 10
export const GROUPS_PER_PAGE = 10

export type GroupKey = { productId: string; variantId: string | null }

/** ?product=&variant=: one group's view, or null for the whole list. */
export function waitingGroupKey(url: URL): GroupKey | null {
  const productId = url.searchParams.get('product')?.trim() ?? ''
  if (!productId || productId.length > 100) return null
  const variantId = url.searchParams.get('variant')?.trim() ?? ''
  return { productId, variantId: variantId && variantId.length <= 100 ? variantId : null }
}

const groupKey = (productId: string, variantId: string | null) => `${productId}|${variantId ?? ''}`

/**
 * The groups of waiting-list rows in `statuses` (of one group only, with `key`), totalled by
 * ids, with the names they are sorted by: most wanted first, then by name.
 */
function groupTotals(db: DB, statuses: string[], key?: GroupKey) {
  return db
    .selectFrom('waiting_list as w')
    .where('w.status', 'in', statuses)
    .$if(key !== undefined, (q) => q.where(inGroup(key as GroupKey)))
    .select((eb) => [
      'w.product_id',
      'w.product_variant_id',
      // Names by id once grouped: grouped by the names, PostgreSQL sorted every entry by
      // them (9 of its 12 ms for 1,000 entries); joined, it may hash every product.
      eb
        .selectFrom('products as p')
        .select('p.name')
        .whereRef('p.id', '=', 'w.product_id')
        .$asScalar()
        .as('product_name'),
      eb
        .selectFrom('product_variants as v')
        .select('v.name')
        .whereRef('v.id', '=', 'w.product_variant_id')
        .$asScalar()
        .as('variant_name'),
      eb.fn.sum<number>('w.quantity').as('total_quantity'),
      eb.fn.count<number>('w.customer_id').distinct().as('customer_count'),
      eb.fn.countAll<number>().as('entry_count'),
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
    .groupBy(['w.product_id', 'w.product_variant_id'])
    .orderBy('total_quantity', 'desc')
    .orderBy('product_name')
    .orderBy('variant_name')
    .orderBy('w.product_id')
    .orderBy('w.product_variant_id')
}

/**
 * Groups (a page of them, or one) with their product's and option's stock, looked up by id
 * for these few: joined, PostgreSQL hashed all 2,000 products for 25 groups.
 */
function withStock(db: DB, groups: ReturnType<typeof groupTotals>) {
  return db
    .selectFrom(groups.as('g'))
    .selectAll('g')
    .select((eb) => {
      const product = () => eb.selectFrom('products as p').whereRef('p.id', '=', 'g.product_id')
      return [
        product().select('p.stock_quantity').$asScalar().as('product_stock'),
        product().select('p.held_quantity').$asScalar().as('product_held'),
        product().select('p.archived_at').$asScalar().as('archived_at'),
        eb
          .selectFrom('product_variants as v')
          .whereRef('v.id', '=', 'g.product_variant_id')
          .select('v.stock_quantity')
          .$asScalar()
          .as('variant_stock'),
        eb
          .selectFrom('product_variants as v')
          .whereRef('v.id', '=', 'g.product_variant_id')
          .select('v.held_quantity')
          .$asScalar()
          .as('variant_held'),
      ]
    })
    .orderBy('g.total_quantity', 'desc')
    .orderBy('g.product_name')
    .orderBy('g.variant_name')
    .orderBy('g.product_id')
    .orderBy('g.product_variant_id')
}

type GroupRow = Awaited<ReturnType<ReturnType<typeof withStock>['execute']>>[number]

function toGroup(row: GroupRow, entries: WaitingEntry[], holds: GroupHold[]): WaitingGroup {
  return {
    held: Number(row.product_variant_id ? (row.variant_held ?? 0) : (row.product_held ?? 0)),
    holds,
    productId: row.product_id,
    variantId: row.product_variant_id,
    productName: row.product_name,
    variantName: row.variant_name,
    stock: Number(row.product_variant_id ? (row.variant_stock ?? 0) : row.product_stock),
    archived: row.archived_at !== null,
    totalQuantity: Number(row.total_quantity ?? 0),
    customerCount: Number(row.customer_count ?? 0),
    toNotify: Number(row.to_notify ?? 0),
    entryCount: Number(row.entry_count ?? 0),
    entries,
  }
}

const ENTRY_COLUMNS = [
  'w.id',
  'w.product_id',
  'w.product_variant_id',
  'w.customer_id',
  'w.quantity',
  'w.notify_by_email',
  'w.status',
  'w.created_at',
  'w.notified_at',
] as const

/**
 * The name and email of the customer behind each entry of `e`, looked up by id row by row:
 * joined, PostgreSQL hashed every customer (20,000) for a page's few hundred entries.
 */
function customerOf(eb: ExpressionBuilder<Database & { e: { customer_id: string } }, 'e'>) {
  const customer = () => eb.selectFrom('customers as c').whereRef('c.id', '=', 'e.customer_id')
  return [
    customer().select('c.name').$asScalar().as('customer_name'),
    customer().select('c.email').$asScalar().as('email'),
  ]
}

/**
 * One page of groups (product, option), most wanted first, each with its oldest
 * ENTRIES_SHOWN entries: a COUNT of groups, the page of groups, and one query for their
 * entries.
 */
export async function listWaitingGroups(
  db: DB,
  filter: WaitingListFilter,
  page: PageRequest,
): Promise<{ groups: WaitingGroup[]; info: PageInfo }> {
  const statuses = STATUSES[filter]
  const [count, rows] = await Promise.all([
    db
      .selectFrom(
        db
          .selectFrom('waiting_list as w')
          .where('w.status', 'in', statuses)
          .select(['w.product_id', 'w.product_variant_id'])
          .distinct()
          .as('g'),
      )
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirst(),
    withStock(db, groupTotals(db, statuses).limit(page.limit).offset(page.offset)).execute(),
  ])
  const productIds = [...new Set(rows.map((row) => row.product_id))]
  // Each group's oldest entries, numbered within the group (the same order as its own view).
  const entries = productIds.length
    ? await db
        .selectFrom((qb) =>
          qb
            .selectFrom('waiting_list as w')
            .select(ENTRY_COLUMNS)
            .select(
              sql<number>`row_number() over (partition by w.product_id, w.product_variant_id order by w.created_at, w.id)`.as(
                'place',
              ),
            )
            .where('w.product_id', 'in', productIds)
            .where('w.status', 'in', statuses)
            .as('e'),
        )
        .selectAll('e')
        .select(customerOf)
        .where('e.place', '<=', ENTRIES_SHOWN)
        .orderBy('e.created_at')
        .orderBy('e.id')
        .execute()
    : []
  const byGroup = new Map<string, WaitingEntry[]>()
  for (const { product_id, product_variant_id, place: _place, ...entry } of entries) {
    const k = groupKey(product_id, product_variant_id)
    byGroup.set(k, [...(byGroup.get(k) ?? []), entry])
  }
  const holds = await listGroupHolds(db, productIds)
  return {
    info: pageInfo(page, Number(count?.total ?? 0)),
    groups: rows.map((row) => {
      const k = groupKey(row.product_id, row.product_variant_id)
      return toGroup(row, byGroup.get(k) ?? [], holds.get(k) ?? [])
    }),
  }
}

/** The waiting-list rows (as `w`) of one group: a product without an option is its own. */
function inGroup(key: GroupKey) {
  return (eb: ExpressionBuilder<Database & { w: Database['waiting_list'] }, 'w'>) =>
    eb.and([
      eb('w.product_id', '=', key.productId),
      key.variantId === null
        ? eb('w.product_variant_id', 'is', null)
        : eb('w.product_variant_id', '=', key.variantId),
    ])
}

/**
 * One group's view: its totals and a page of its entries, oldest first. The group is null
 * when it has no entry in this filter.
 */
export async function listWaitingGroup(
  db: DB,
  filter: WaitingListFilter,
  key: GroupKey,
  page: PageRequest,
): Promise<{ group: WaitingGroup | null; info: PageInfo }> {
  const statuses = STATUSES[filter]
  const [row, entries, holds] = await Promise.all([
    withStock(db, groupTotals(db, statuses, key)).executeTakeFirst(),
    db
      .selectFrom((qb) =>
        qb
          .selectFrom('waiting_list as w')
          .select(ENTRY_COLUMNS)
          .where('w.status', 'in', statuses)
          .where(inGroup(key))
          .orderBy('w.created_at')
          .orderBy('w.id')
          .limit(page.limit)
          .offset(page.offset)
          .as('e'),
      )
      .selectAll('e')
      .select(customerOf)
      .orderBy('e.created_at')
      .orderBy('e.id')
      .execute(),
    listGroupHolds(db, [key.productId]),
  ])
  if (!row) return { group: null, info: pageInfo(page, 0) }
  return {
    group: toGroup(
      row,
      entries.map(({ product_id: _p, product_variant_id: _v, ...entry }) => entry),
      holds.get(groupKey(key.productId, key.variantId)) ?? [],
    ),
    info: pageInfo(page, Number(row.entry_count ?? 0)),
  }
}

/**
 * The holds of these products' groups, by group key: every live one (they are few: no more
 * than the stock) and the latest HOLDS_BOUGHT_SHOWN bought, each with its customer and order
 * number. One query.
 */
async function listGroupHolds(
  db: DB,
  productIds: readonly string[],
): Promise<Map<string, GroupHold[]>> {
  const byGroup = new Map<string, GroupHold[]>()
  if (productIds.length === 0) return byGroup
  const rows = await db
    .selectFrom((qb) =>
      qb
        .selectFrom('stock_holds as h')
        .select([
          'h.id',
          'h.product_id',
          'h.product_variant_id',
          'h.quantity',
          'h.status',
          'h.expires_at',
          'h.settled_at',
          'h.order_id',
          'h.waiting_list_id',
        ])
        .select(
          sql<number>`row_number() over (partition by h.product_id, h.product_variant_id, h.status order by h.settled_at desc, h.id)`.as(
            'place',
          ),
        )
        .where('h.product_id', 'in', productIds)
        .where('h.status', 'in', ['held', 'claimed'])
        .as('x'),
    )
    .innerJoin('waiting_list as w', 'w.id', 'x.waiting_list_id')
    .innerJoin('customers as c', 'c.id', 'w.customer_id')
    .leftJoin('orders as o', 'o.id', 'x.order_id')
    .select([
      'x.id',
      'x.product_id',
      'x.product_variant_id',
      'x.quantity',
      'x.status',
      'x.expires_at',
      'x.settled_at',
      'x.order_id',
      'w.customer_id',
      'c.name as customer_name',
      'o.order_number',
    ])
    .where((eb) => eb.or([eb('x.status', '=', 'held'), eb('x.place', '<=', HOLDS_BOUGHT_SHOWN)]))
    .orderBy('x.status', 'desc')
    .orderBy('x.expires_at')
    .orderBy('x.id')
    .execute()
  for (const row of rows) {
    const k = groupKey(row.product_id, row.product_variant_id)
    byGroup.set(k, [
      ...(byGroup.get(k) ?? []),
      {
        id: row.id,
        customerId: row.customer_id,
        customerName: row.customer_name,
        quantity: row.quantity,
        status: row.status === 'held' ? 'held' : 'claimed',
        expiresAt: row.expires_at,
        settledAt: row.settled_at,
        orderId: row.order_id,
        orderNumber: row.order_number,
      },
    ])
  }
  return byGroup
}

/** Notify now: holds the group's free units for its queue and emails those it reaches. */
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
    // A live hold of the entry ends with it, and its units go on to the next in line.
    const live = await trx
      .selectFrom('stock_holds')
      .select('id')
      .where('waiting_list_id', '=', entryId)
      .where('status', '=', 'held')
      .execute()
    for (const hold of live) await settleHold(trx, hold.id, 'declined')
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
