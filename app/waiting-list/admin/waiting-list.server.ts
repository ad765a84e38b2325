import { type ExpressionBuilder, sql } from 'kysely'
import { type PageInfo, type PageRequest, pageInfo, pageRequest } from '~/platform/admin/pagination'
import type { DB } from '~/platform/db/db.server'
import type { Database } from '~/platform/db/schema'
import { type GroupHold, groupKey, listGroupHolds } from './group-holds.server'

// The farm's view of the waiting list (issue 6 item 6, D14): demand grouped by product and
// option, each customer's entry and the group's holds. "Notify now" and marking entries
// fulfilled or removed are in waiting-list-changes.server.ts.
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

/** The page: one group's view when the address names one, else a page of the whole list. */
export async function loadWaitingListPage(db: DB, url: URL) {
  const filter = waitingListFilter(url)
  const key = waitingGroupKey(url)
  if (key) {
    const { group, info } = await listWaitingGroup(db, filter, key, pageRequest(url))
    return { filter, key, groups: group ? [group] : [], info }
  }
  const page = pageRequest(url, GROUPS_PER_PAGE)
  return { filter, key, ...(await listWaitingGroups(db, filter, page)) }
}
