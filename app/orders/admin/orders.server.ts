import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely'
import { customerMatches } from '~/customers/admin/customers.server'
import { orderStatusLabel } from '~/orders/words'
import { listQuery, type PageRequest, pageInfo } from '~/platform/admin/pagination'
import { isSqlite, likeContains, trigramPhrase } from '~/platform/admin/pagination.server'
import type { DB } from '~/platform/db/db.server'
import type { Database } from '~/platform/db/schema'
import { ORDER_STATUSES, type OrderStatus, parseOrderNumber } from '../order-workflow'
import { formatOrderNumber } from '../place-order'

// The admin's list of every order (issue 6 item 3), searchable and filterable; the same filter
// downloads as CSV (order-csv.server.ts), one order opens in full (order-detail.server.ts).
// Every list is one COUNT plus one page query; item counts come from a subquery, never a
// query per order.

export type OrderFilter = { q: string; status: OrderStatus | null }

/** ?q= and ?status= as the list's GET form sends them; an unknown status means "all". */
export function orderFilter(url: URL): OrderFilter {
  const { q, status } = listQuery(url, ORDER_STATUSES)
  return { q, status }
}

/**
 * The condition "the order's email or name, or its account's, contains `q` (either case), or
 * `q` is its number", for a query over `orders`. Served by trigram indexes (migration 0012)
 * for 3 characters or more; shorter terms read every order.
 */
export function orderMatches(db: DB, q: string) {
  const phrase = trigramPhrase(q)
  const number = parseOrderNumber(q)
  return (eb: ExpressionBuilder<Database, 'orders'>): Expression<SqlBool> => {
    // The account behind the order, whose name or email may differ from the order's.
    const accounts = db.selectFrom('customers').select('customers.id').where(customerMatches(db, q))
    const ofAccounts = eb('orders.customer_id', 'in', accounts)
    const any: Expression<SqlBool>[] = []
    if (phrase && isSqlite(db)) {
      any.push(
        eb(
          'orders.order_number',
          'in',
          sql<number>`(select rowid from order_search where order_search match ${phrase})`,
        ),
        ofAccounts,
      )
    } else {
      const shipName = sql<string>`${sql.ref('orders.ship_first_name')} || ' ' || ${sql.ref('orders.ship_last_name')}`
      any.push(
        likeContains(eb.ref('orders.email'), q),
        // The same expression as orders_ship_name_trgm_idx, or PostgreSQL cannot use it.
        likeContains(shipName, q),
        // PostgreSQL, 3 characters or more: an array from a subquery run once is a condition
        // its bitmap scans can OR with the others, on orders_customer_idx; "in (subquery)"
        // inside an OR is tested row by row over every order. A shorter term reads every order
        // anyway, and there the hashed "in" is the faster test.
        phrase
          ? sql<SqlBool>`${sql.ref('orders.customer_id')} = any(array(${accounts}))`
          : ofAccounts,
      )
    }
    if (number !== null) any.push(eb('orders.order_number', '=', number))
    return eb.or(any)
  }
}

/** Orders matching the filter: the status, and the search in the number, names or emails. */
export function matching(db: DB, filter: OrderFilter) {
  return (eb: ExpressionBuilder<Database, 'orders'>) => {
    const conditions: Expression<SqlBool>[] = []
    if (filter.status) {
      // With a search SQLite can use (3 characters or more), the unary + keeps it from
      // walking orders_status_created_idx through every order of the status (46,000 of 50,000
      // are completed; it has no statistics to know) instead of looking up the search's few.
      conditions.push(
        filter.q && trigramPhrase(filter.q) && isSqlite(db)
          ? sql<SqlBool>`+${sql.ref('orders.status')} = ${filter.status}`
          : eb('orders.status', '=', filter.status),
      )
    }
    if (filter.q) conditions.push(orderMatches(db, filter.q)(eb))
    return eb.and(conditions)
  }
}

export type AdminOrderRow = {
  id: string
  number: string
  createdAt: Date
  customer: string
  email: string
  status: string
  statusLabel: string
  totalCents: number
  itemCount: number
}

const PAGE_COLUMNS = [
  'orders.id',
  'orders.order_number',
  'orders.created_at',
  'orders.ship_first_name',
  'orders.ship_last_name',
  'orders.email',
  'orders.status',
  'orders.total_cents',
] as const

/** One page of matching orders, newest first, and the page info: two queries. */
export async function listAdminOrders(db: DB, filter: OrderFilter, page: PageRequest) {
  const { rows, total } = filter.q
    ? await searchedPage(db, filter, page)
    : await filteredPage(db, filter, page)
  return {
    orders: rows.map(
      (row): AdminOrderRow => ({
        id: row.id,
        number: formatOrderNumber(row.order_number),
        createdAt: row.created_at,
        customer: `${row.ship_first_name} ${row.ship_last_name}`,
        email: row.email,
        status: row.status,
        statusLabel: orderStatusLabel(row.status),
        totalCents: row.total_cents,
        itemCount: Number(row.item_count ?? 0),
      }),
    ),
    info: pageInfo(page, total),
  }
}

async function countOrders(db: DB, filter: OrderFilter): Promise<number> {
  const count = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(matching(db, filter))
    .executeTakeFirstOrThrow()
  return Number(count.n)
}

/** A list without a search: the count, then the page read in the order of an index. */
async function filteredPage(db: DB, filter: OrderFilter, page: PageRequest) {
  const total = await countOrders(db, filter)
  // The page first, then the item counts of its rows: counted beside the page's columns, they
  // were worked out for every row the OFFSET skips as well (PostgreSQL: 25,000 subqueries for
  // page 1,000 of 50,000 orders).
  const onPage = db
    .selectFrom('orders')
    .select(PAGE_COLUMNS)
    .where(matching(db, filter))
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.order_number', 'desc')
    .limit(page.limit)
    .offset(page.offset)
  const rows = await db
    .selectFrom(onPage.as('page'))
    .selectAll('page') // the columns named above
    .select((eb) => itemCount(db, eb.ref('page.id')))
    .orderBy('page.created_at', 'desc')
    .orderBy('page.order_number', 'desc')
    .execute()
  return { rows, total }
}

/**
 * A search: its orders are looked up once, through the trigram indexes, and the count and the
 * page both come from that set. Asked apart, each looked them all up again, and PostgreSQL
 * took the page by walking every order by date, testing each against the accounts found
 * (150 ms for "halvorsen": 1,947 orders of 857 accounts in 50,000).
 */
async function searchedPage(db: DB, filter: OrderFilter, page: PageRequest) {
  const rows = await db
    .with(
      (cte) => cte('found').materialized(),
      (qb) => qb.selectFrom('orders').select(PAGE_COLUMNS).where(matching(db, filter)),
    )
    .selectFrom((qb) =>
      qb
        .selectFrom('found')
        .selectAll('found')
        .select((eb) =>
          eb
            .selectFrom('found as counted')
            .select((c) => c.fn.countAll<number>().as('n'))
            .as('total'),
        )
        .orderBy('found.created_at', 'desc')
        .orderBy('found.order_number', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .as('page'),
    )
    .selectAll('page')
    .select((eb) => itemCount(db, eb.ref('page.id')))
    .orderBy('page.created_at', 'desc')
    .orderBy('page.order_number', 'desc')
    .execute()
  // A page past the end has no row to carry the count.
  const total = rows[0] ? Number(rows[0].total) : await countOrders(db, filter)
  return { rows, total }
}

/** The units in the order whose id is `orderId`, a column of the query this goes in. */
export function itemCount(db: DB, orderId: Expression<string>) {
  return db
    .selectFrom('order_items')
    .select((items) =>
      items.fn.coalesce(items.fn.sum<number>('order_items.quantity'), items.lit(0)).as('n'),
    )
    .where('order_items.order_id', '=', orderId)
    .as('item_count')
}
