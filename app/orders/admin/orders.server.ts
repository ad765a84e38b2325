import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely'
import { customerMatches } from '~/customers/admin/customers.server'
import { collectText } from '~/fulfilment/admin/this-week'
import { ORDER_FULFILMENT_COLUMNS } from '~/fulfilment/methods'
import { orderStatusLabel, paymentMethodLabel, shippingMethodLabel } from '~/orders/labels'
import { dueAtHandover } from '~/orders/order-workflow'
import { toCsv } from '~/platform/admin/csv'
import { type PageRequest, pageInfo, searchTerm } from '~/platform/admin/pagination'
import { isSqlite, likeContains, trigramPhrase } from '~/platform/admin/pagination.server'
import type { DB } from '~/platform/db/db.server'
import type { Database } from '~/platform/db/schema'
import { formatFarmDateTime } from '~/platform/farm-clock'
import { LINE_TERMS_COLUMNS, orderLinesInWords } from '../order-line'
import { isOrderStatus, type OrderStatus, parseOrderNumber } from '../order-workflow'
import { formatOrderNumber } from '../place-order'
import { loadWeighings } from '../weights.server'

// The admin's view of every order (issue 6 item 3): the searchable, filterable list, the same
// filter as a CSV file, one order in full, and its packing slip. Every list is one COUNT plus
// one page query; item counts come from a subquery, never a query per order.

export type OrderFilter = { q: string; status: OrderStatus | null }

/** ?q= and ?status= as the list's GET form sends them; an unknown status means "all". */
export function orderFilter(url: URL): OrderFilter {
  const status = url.searchParams.get('status') ?? ''
  return { q: searchTerm(url), status: isOrderStatus(status) ? status : null }
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
function matching(db: DB, filter: OrderFilter) {
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
function itemCount(db: DB, orderId: Expression<string>) {
  return db
    .selectFrom('order_items')
    .select((items) =>
      items.fn.coalesce(items.fn.sum<number>('order_items.quantity'), items.lit(0)).as('n'),
    )
    .where('order_items.order_id', '=', orderId)
    .as('item_count')
}

const CSV_HEADER = [
  'Order number',
  'Date',
  'Status',
  'Customer',
  'Email',
  'Phone',
  'Items',
  'Subtotal',
  'Discount',
  'Shipping',
  'Tax',
  'Total',
  'Shipping method',
  'Street',
  'Apartment',
  'City',
  'State',
  'ZIP code',
  'Payment method',
  'Payment status',
  'Carrier',
  'Tracking number',
]

const dollars = (cents: number) => (cents / 100).toFixed(2)

/**
 * Every order matching the filter (not just one page) as CSV, newest first, in one query.
 * Cells are quoted and guarded against spreadsheet formulas by toCsv.
 */
export async function exportOrdersCsv(db: DB, filter: OrderFilter): Promise<string> {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => [
      'orders.order_number',
      'orders.created_at',
      'orders.status',
      'orders.ship_first_name',
      'orders.ship_last_name',
      'orders.email',
      'orders.phone',
      'orders.subtotal_cents',
      'orders.discount_cents',
      'orders.shipping_cents',
      'orders.tax_cents',
      'orders.total_cents',
      'orders.shipping_method',
      'orders.ship_street',
      'orders.ship_apartment',
      'orders.ship_city',
      'orders.ship_state',
      'orders.ship_zip_code',
      'orders.payment_method',
      'orders.payment_status',
      'orders.carrier',
      'orders.tracking_number',
      itemCount(db, eb.ref('orders.id')),
    ])
    .where(matching(db, filter))
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.order_number', 'desc')
    .execute()
  return toCsv([
    CSV_HEADER,
    ...rows.map((row) => [
      formatOrderNumber(row.order_number),
      formatFarmDateTime(row.created_at),
      orderStatusLabel(row.status),
      `${row.ship_first_name} ${row.ship_last_name}`,
      row.email,
      row.phone,
      Number(row.item_count ?? 0),
      dollars(row.subtotal_cents),
      dollars(row.discount_cents),
      dollars(row.shipping_cents),
      dollars(row.tax_cents),
      dollars(row.total_cents),
      shippingMethodLabel(row.shipping_method),
      row.ship_street,
      row.ship_apartment,
      row.ship_city,
      row.ship_state,
      row.ship_zip_code,
      paymentMethodLabel(row.payment_method),
      orderStatusLabel(row.payment_status),
      row.carrier,
      row.tracking_number,
    ]),
  ])
}

/** One order as the admin's detail page shows it, with items and its status history. */
export async function getAdminOrder(db: DB, orderId: string) {
  const order = await db
    .selectFrom('orders')
    .leftJoin('customers', 'customers.id', 'orders.customer_id')
    .select([
      'orders.id',
      'orders.order_number',
      'orders.status',
      'orders.created_at',
      'orders.email',
      'orders.phone',
      'orders.subtotal_cents',
      'orders.discount_cents',
      'orders.shipping_cents',
      'orders.tax_cents',
      'orders.total_cents',
      'orders.tax_rate_basis_points',
      'orders.promo_code',
      'orders.shipping_method',
      'orders.ship_first_name',
      'orders.ship_last_name',
      'orders.ship_street',
      'orders.ship_apartment',
      'orders.ship_city',
      'orders.ship_state',
      'orders.ship_zip_code',
      ...ORDER_FULFILMENT_COLUMNS.map((column) => `orders.${column}` as const),
      'orders.payment_method',
      'orders.payment_status',
      'orders.carrier',
      'orders.tracking_number',
      'orders.authorised_cents',
      'orders.weighed_at',
      'orders.captured_cents',
      'customers.id as customer_id',
      'customers.name as customer_name',
      'customers.email as customer_email',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirst()
  if (!order) return null
  const items = await db
    .selectFrom('order_items')
    .select(['id', 'product_id', 'product_name', 'variant_name', ...LINE_TERMS_COLUMNS])
    .where('order_id', '=', orderId)
    .orderBy('product_name')
    .orderBy('id')
    .execute()
  const weighing = (await loadWeighings(db, [order])).get(order.id) ?? null
  const history = await db
    .selectFrom('audit_log')
    .leftJoin('customers', 'customers.id', 'audit_log.actor_id')
    .select(['audit_log.id', 'audit_log.details', 'audit_log.created_at', 'customers.name'])
    .where('audit_log.entity_type', '=', 'order')
    .where('audit_log.entity_id', '=', orderId)
    .where('audit_log.action', '=', 'order.status')
    .orderBy('audit_log.created_at', 'desc')
    .limit(20)
    .execute()
  return {
    ...order,
    number: formatOrderNumber(order.order_number),
    statusLabel: orderStatusLabel(order.status),
    shippingLabel: shippingMethodLabel(order.shipping_method),
    paymentLabel: paymentMethodLabel(order.payment_method),
    paymentStatusLabel: orderStatusLabel(order.payment_status),
    items: orderLinesInWords(items, weighing),
    /** by weight (ADR 30): the pieces to weigh; null when nothing is sold by weight */
    weighing,
    history: history.map((entry) => ({
      id: entry.id,
      at: entry.created_at,
      by: entry.name ?? 'Someone',
      change: historyText(entry.details),
    })),
  }
}

export type AdminOrder = NonNullable<Awaited<ReturnType<typeof getAdminOrder>>>

/** "Paid -> Processing" from an audit row's details; a row we cannot read says so. */
function historyText(details: string | null): string {
  try {
    const parsed = JSON.parse(details ?? '') as {
      before?: { status?: string }
      after?: { status?: string }
    }
    const from = parsed.before?.status
    const to = parsed.after?.status
    if (from && to) return `${orderStatusLabel(from)} → ${orderStatusLabel(to)}`
  } catch {
    // fall through
  }
  return 'Status changed'
}

/**
 * What a packing slip prints: who it goes to, what is in the box (each line in the one
 * wording, with the weights entered for a piece priced by weight), how it travels, and what
 * is still to pay at the handover.
 */
export async function getPackingSlip(db: DB, orderId: string) {
  const order = await db
    .selectFrom('orders')
    .select([
      'id',
      'order_number',
      'created_at',
      'phone',
      'status',
      'shipping_method',
      'ship_first_name',
      'ship_last_name',
      'ship_street',
      'ship_apartment',
      'ship_city',
      'ship_state',
      'ship_zip_code',
      'total_cents',
      'payment_method',
      'payment_status',
      'authorised_cents',
      'weighed_at',
      'captured_cents',
      ...ORDER_FULFILMENT_COLUMNS,
    ])
    .where('id', '=', orderId)
    .executeTakeFirst()
  if (!order) return null
  const [items, farm, weighings] = await Promise.all([
    db
      .selectFrom('order_items')
      .select(['id', 'product_name', 'variant_name', ...LINE_TERMS_COLUMNS])
      .where('order_id', '=', orderId)
      .orderBy('product_name')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('farm_info')
      .select(['name', 'address', 'contact_phone', 'contact_email'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow(),
    loadWeighings(db, [order]),
  ])
  const weighing = weighings.get(order.id) ?? null
  const dueCents = dueAtHandover({
    paymentStatus: order.payment_status,
    totalCents: order.total_cents,
  })
  const payment = { paymentMethod: order.payment_method, paymentStatus: order.payment_status }
  return {
    ...order,
    number: formatOrderNumber(order.order_number),
    shippingLabel: shippingMethodLabel(order.shipping_method),
    /** what is still to collect at the handover, as the pack list says it; null when paid */
    collect: dueCents > 0 ? collectText({ ...payment, dueCents, weighing }) : null,
    items: orderLinesInWords(items, weighing),
    farm,
  }
}
