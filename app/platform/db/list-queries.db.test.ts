import {
  CompiledQuery,
  createQueryId,
  type KyselyPlugin,
  type QueryId,
  type RootOperationNode,
  sql,
} from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { listAdminProducts, listCategories } from '~/catalog/admin/products.server'
import { getCustomerDetail, listCustomers } from '~/customers/admin/customers.server'
import { listActivity, OPERATOR } from '~/dashboard/activity.server'
import { getDashboard } from '~/dashboard/dashboard.server'
import { listOutbox } from '~/email/admin/outbox.server'
import { loadThisWeek, nextFulfilmentDay } from '~/fulfilment/admin/this-week.server'
import { getAdminOrder } from '~/orders/admin/order-detail.server'
import { listAdminOrders } from '~/orders/admin/orders.server'
import { pageRequest } from '~/platform/admin/pagination'
import {
  type GroupKey,
  listWaitingGroup,
  listWaitingGroups,
} from '~/waiting-list/admin/waiting-list.server'
import { buildScaleShop } from '../../../scripts/bench-scale/dataset'
import { createTestDatabase, type TestDatabase, testDialect } from '../../../tests/setup/database'
import type { DB } from './db.server'

// Every admin list reads an index, never a whole table of orders, customers, products or
// emails (issue 18). Each list function runs as the app calls it on a shop of 2,000 products,
// 10,000 customers and 6,000 orders (scripts/bench-scale/dataset.ts, the benchmark's shop made
// smaller); every statement it sends is recorded and put through the database's own EXPLAIN,
// and a plan that reads one of those tables from end to end fails the test: "SCAN orders"
// without an index on SQLite, "Seq Scan on orders" on PostgreSQL. A count of a whole list
// (pagination's total, the outbox's counts by status) may read all of a narrow index (SQLite:
// USING COVERING INDEX; PostgreSQL: Index Only Scan), never the table.
//
// SQLite plans without statistics (the shop never runs ANALYZE), as in production. PostgreSQL
// plans by its statistics, so the shop is vacuumed and analyzed after the bulk insert, which is
// what autovacuum does on its own to a table that grew this much; no planner setting is
// changed.
//
// The searches of Admin > Orders and Admin > Customers (text anywhere in a name or email) read
// trigram indexes (migration 0012), so they are held to more: on SQLite no table of those four
// may be walked at all, not even in an index's order, for a search's matches can be anywhere
// in it. Their cases search for a surname one customer in 24 has, and for text nobody has.

const WATCHED = ['orders', 'customers', 'products', 'email_outbox'] as const

const page = (n = 1) => pageRequest(new URL(`http://shop.test/admin?page=${n}`))

type Case = {
  name: string
  run: (db: DB) => Promise<unknown>
  /** Why this list still reads a whole table on PostgreSQL: the case is skipped there */
  postgresGap?: string
  /** A text search: on SQLite no watched table may be walked, through an index or not */
  search?: boolean
}

let customerId = ''
let orderId = ''
let waitingGroup: GroupKey = { productId: '', variantId: null }

const CASES: Case[] = [
  { name: 'dashboard', run: (db) => getDashboard(db) },
  { name: 'dashboard: next pickup day', run: (db) => nextFulfilmentDay(db) },
  { name: 'orders', run: (db) => listAdminOrders(db, { q: '', status: null }, page()) },
  { name: 'orders, page 40', run: (db) => listAdminOrders(db, { q: '', status: null }, page(40)) },
  // the status most orders end in, and one few are in
  {
    name: 'orders: completed',
    run: (db) => listAdminOrders(db, { q: '', status: 'completed' }, page()),
  },
  { name: 'orders: paid', run: (db) => listAdminOrders(db, { q: '', status: 'paid' }, page()) },
  {
    name: 'orders: a search',
    run: (db) => listAdminOrders(db, { q: 'halvorsen', status: null }, page()),
    search: true,
  },
  {
    name: 'orders: a search nothing matches',
    run: (db) => listAdminOrders(db, { q: 'qzx@nowhere', status: null }, page()),
    search: true,
  },
  {
    name: 'orders: a search in one status',
    run: (db) => listAdminOrders(db, { q: 'Halv', status: 'completed' }, page()),
    search: true,
  },
  {
    name: 'orders: a search past the last page',
    run: (db) => listAdminOrders(db, { q: 'halvorsen', status: null }, page(1000)),
    search: true,
  },
  {
    name: 'orders: a search for an order number',
    run: (db) => listAdminOrders(db, { q: 'FS-10042', status: null }, page()),
    search: true,
  },
  { name: 'order', run: (db) => getAdminOrder(db, orderId) },
  { name: 'this week', run: (db) => loadThisWeek(db, null) },
  { name: 'customers', run: (db) => listCustomers(db, { search: '', page: page() }) },
  {
    name: 'customers: a search',
    run: (db) => listCustomers(db, { search: 'halv', page: page() }),
    search: true,
  },
  {
    name: 'customers: a search nothing matches',
    run: (db) => listCustomers(db, { search: 'qzx@nowhere', page: page() }),
    search: true,
  },
  { name: 'customer', run: (db) => getCustomerDetail(db, customerId) },
  {
    name: 'products',
    run: (db) =>
      listAdminProducts(db, { q: '', category: null, stock: null, archived: false }, page()),
  },
  {
    name: 'products: a category',
    run: (db) =>
      listAdminProducts(db, { q: '', category: 'Eggs', stock: null, archived: false }, page()),
  },
  {
    name: 'products: low stock',
    run: (db) =>
      listAdminProducts(db, { q: '', category: null, stock: 'low', archived: false }, page()),
  },
  {
    name: 'products: sold out',
    run: (db) =>
      listAdminProducts(db, { q: '', category: null, stock: 'out', archived: false }, page()),
  },
  {
    name: 'products: archived',
    run: (db) =>
      listAdminProducts(db, { q: '', category: null, stock: null, archived: true }, page()),
  },
  { name: 'product categories', run: (db) => listCategories(db) },
  { name: 'waiting list', run: (db) => listWaitingGroups(db, 'waiting', page()) },
  {
    name: 'waiting list: one group',
    run: (db) => listWaitingGroup(db, 'waiting', waitingGroup, page(2)),
  },
  { name: 'emails', run: (db) => listOutbox(db, { status: null, page: page() }) },
  { name: 'emails: failed', run: (db) => listOutbox(db, { status: 'failed', page: page() }) },
  {
    name: 'activity',
    run: (db) =>
      listActivity(db, { filter: { entityType: '', actor: '', action: '' }, page: page() }),
  },
  {
    name: 'activity: orders by the shell',
    run: (db) =>
      listActivity(db, {
        filter: { entityType: 'order', actor: OPERATOR, action: '' },
        page: page(),
      }),
  },
  {
    name: 'activity: one product',
    run: (db) =>
      listActivity(db, { filter: { entityType: 'product', actor: '', action: '' }, page: page() }),
  },
]

let t: TestDatabase

beforeAll(async () => {
  t = await createTestDatabase()
  await buildScaleShop(t.db, { products: 2000, customers: 10000, orders: 6000 })
  // Someone who can sign in to the back-office, for the activity page's "who" menu.
  await t.db
    .updateTable('customers')
    .set({ is_admin: true })
    .where('id', '=', (eb) => eb.selectFrom('customers').select('id').orderBy('id').limit(1))
    .execute()
  if (t.dialect === 'postgres') await sql`vacuum analyze`.execute(t.db)
  const regular = await t.db
    .selectFrom('orders')
    .select((eb) => ['customer_id', eb.fn.countAll<number>().as('n')])
    .groupBy('customer_id')
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()
  customerId = regular.customer_id
  const newest = await t.db
    .selectFrom('orders')
    .select('id')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()
  orderId = newest.id
  const wanted = await t.db
    .selectFrom('waiting_list')
    .select((eb) => ['product_id', 'product_variant_id', eb.fn.countAll<number>().as('n')])
    .where('status', '=', 'waiting')
    .groupBy(['product_id', 'product_variant_id'])
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()
  waitingGroup = { productId: wanted.product_id, variantId: wanted.product_variant_id }
}, 180_000)

afterAll(async () => {
  await t?.cleanup()
})

/** Every statement `run` sends, compiled as the database receives it. */
async function statementsOf(run: Case['run']): Promise<CompiledQuery[]> {
  // A builder nested in another (a subquery) passes through the plugin too, but only what is
  // executed comes back with a result: those are the statements. Two statements built from one
  // builder (a list's count and its page) share its query id, so each id keeps a queue.
  const built = new Map<QueryId, RootOperationNode[]>()
  const sent: RootOperationNode[] = []
  const recorder: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      built.set(queryId, [...(built.get(queryId) ?? []), node])
      return node
    },
    transformResult: async ({ result, queryId }) => {
      const node = built.get(queryId)?.shift()
      if (node) sent.push(node)
      return result
    },
  }
  await run(t.db.withPlugin(recorder))
  return sent.map((node) => t.db.getExecutor().compileQuery(node, createQueryId()))
}

/** The plan's lines: SQLite's EXPLAIN QUERY PLAN details, PostgreSQL's EXPLAIN text. */
async function planOf(query: CompiledQuery): Promise<string[]> {
  const prefix = t.dialect === 'sqlite' ? 'explain query plan ' : 'explain '
  const { rows } = await t.db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(prefix + query.sql, [...query.parameters]),
  )
  return rows.map((row) => String(t.dialect === 'sqlite' ? row.detail : row['QUERY PLAN']))
}

/**
 * The watched tables a plan reads in full, table by table. With `keysOnly` (a search), on
 * SQLite, any reading of one but a lookup by the keys a trigram index hands over (id, order
 * number, customer) counts too: walking an index's order, or all orders of a status, reads
 * everything up to the search's last match.
 */
function fullScans(
  dialect: 'sqlite' | 'postgres',
  statement: string,
  plan: string[],
  keysOnly = false,
): string[] {
  if (dialect === 'postgres') {
    // "Seq Scan on orders" or "Seq Scan on customers actor": the table's own name comes first.
    return plan.flatMap((line) => {
      const table = /Seq Scan on (\w+)/.exec(line)?.[1]
      return table && (WATCHED as readonly string[]).includes(table) ? [table] : []
    })
  }
  // SQLite names a table by its alias in the query ("SCAN w" for waiting_list as w).
  const tableOf = new Map<string, string>(WATCHED.map((table) => [table, table]))
  for (const [, table, alias] of statement.matchAll(/"(\w+)" as "(\w+)"/g)) {
    if (table && alias && (WATCHED as readonly string[]).includes(table)) tableOf.set(alias, table)
  }
  const keyLookup =
    /^SEARCH \w+ USING (?:COVERING )?INDEX \w+ \((?:id|order_number|customer_id)=\?\)$/
  return plan.flatMap((line) => {
    const name = (keysOnly ? /^(?:SCAN|SEARCH) (\w+)/ : /^SCAN (\w+)$/).exec(line.trim())?.[1]
    const table = name ? tableOf.get(name) : undefined
    return table && !(keysOnly && keyLookup.test(line.trim())) ? [table] : []
  })
}

describe('admin lists read indexes, not whole tables', () => {
  for (const { name, run, postgresGap, search } of CASES) {
    const skipped = postgresGap !== undefined && testDialect() === 'postgres'
    // A skipped case says why, in the report and in the log.
    if (skipped) console.warn(`SKIPPED on PostgreSQL: ${name}: ${postgresGap}`)
    const title = skipped ? `${name} (skipped on PostgreSQL: ${postgresGap})` : name
    test.skipIf(skipped)(title, async () => {
      const statements = await statementsOf(run)
      expect(statements.length).toBeGreaterThan(0)
      const scans: { sql: string; plan: string[] }[] = []
      for (const statement of statements) {
        const plan = await planOf(statement)
        if (fullScans(t.dialect, statement.sql, plan, search).length > 0) {
          scans.push({ sql: statement.sql, plan })
        }
      }
      expect(scans).toEqual([])
    })
  }
})

describe('the check itself', () => {
  test('a plan that reads a watched table in full is found, by its alias too', () => {
    expect(fullScans('sqlite', 'select * from "orders"', ['SCAN orders'])).toEqual(['orders'])
    expect(
      fullScans('sqlite', 'select * from "products" as "p"', ['SCAN p', 'SCAN CONSTANT ROW']),
    ).toEqual(['products'])
    expect(
      fullScans('sqlite', 'select count(*) from "orders"', [
        'SCAN orders USING COVERING INDEX orders_created_idx',
      ]),
    ).toEqual([])
    expect(
      fullScans('postgres', '', ['Limit', '  ->  Seq Scan on customers actor  (cost=0.00..1)']),
    ).toEqual(['customers'])
    expect(fullScans('postgres', '', ['  ->  Seq Scan on audit_log  (cost=0.00..1)'])).toEqual([])
    // A search may only look rows up by the keys its trigram index gives.
    const walk = ['SEARCH orders USING INDEX orders_status_created_idx (status=?)']
    expect(fullScans('sqlite', 'select * from "orders"', walk)).toEqual([])
    expect(fullScans('sqlite', 'select * from "orders"', walk, true)).toEqual(['orders'])
    const lookups = [
      'SCAN order_search VIRTUAL TABLE INDEX 0:M2',
      'SEARCH orders USING INDEX sqlite_autoindex_orders_2 (order_number=?)',
      'SEARCH o USING COVERING INDEX orders_customer_idx (customer_id=?)',
      'SCAN found',
    ]
    expect(fullScans('sqlite', 'select * from "orders" as "o"', lookups, true)).toEqual([])
  })

  test('a real full scan is caught on this database', async () => {
    // Ordered by a column no index holds: the whole table is read and sorted.
    const statements = await statementsOf((db) =>
      db.selectFrom('orders').select('id').orderBy('total_cents').limit(25).execute(),
    )
    const [statement] = statements
    if (!statement) throw new Error('nothing recorded')
    expect(fullScans(t.dialect, statement.sql, await planOf(statement))).toEqual(['orders'])
  })
})
