import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely'
import { type PageInfo, type PageRequest, pageInfo } from '~/platform/admin/pagination'
import { isSqlite, likeContains, trigramPhrase } from '~/platform/admin/pagination.server'
import type { DB } from '~/platform/db/db.server'
import type { Database } from '~/platform/db/schema'
import { type Address, listAddresses } from '../addresses.server'

// The admin's view of customers (issue 6 item 5): a searchable list and one customer's
// profile, orders, addresses and waiting-list entries. Granting and removing admin rights is
// changeAdminRights in ~/auth/admins.server (shared with the shell).

export type CustomerRow = {
  id: string
  first_name: string
  last_name: string
  email: string
  is_admin: boolean
  created_at: Date
  order_count: number
}

/**
 * The condition "this customer's name or email contains `search`, either case", for a query
 * over `customers`: Admin > Customers, and Admin > Orders for the account behind an order.
 * Served by a trigram index (migration 0012) for 3 characters or more; shorter terms read
 * every customer.
 */
export function customerMatches(db: DB, search: string) {
  const phrase = trigramPhrase(search)
  return (eb: ExpressionBuilder<Database, 'customers'>): Expression<SqlBool> => {
    if (phrase && isSqlite(db)) {
      return eb(
        'customers.id',
        'in',
        sql<string>`(select customer_id from customer_search where customer_search match ${phrase})`,
      )
    }
    // The full name is stored as `name` (first and last together), so "ann lee" matches.
    return eb.or([
      likeContains(eb.ref('customers.name'), search),
      likeContains(eb.ref('customers.email'), search),
    ])
  }
}

/**
 * One page of customers, newest first, matching `search` in the name or email (either case).
 * Three queries whatever the page size: the count, the page, and one grouped order count for
 * the page's ids.
 */
export async function listCustomers(
  db: DB,
  { search, page }: { search: string; page: PageRequest },
): Promise<{ customers: CustomerRow[]; info: PageInfo }> {
  const base = db
    .selectFrom('customers')
    .$if(search !== '', (q) => q.where(customerMatches(db, search)))
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .select([
        'customers.id',
        'customers.first_name',
        'customers.last_name',
        'customers.email',
        'customers.is_admin',
        'customers.created_at',
      ])
      // Both descending, so customers_created_idx (created_at, id) read backwards is the order.
      .orderBy('customers.created_at', 'desc')
      .orderBy('customers.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ])
  const counts = new Map<string, number>()
  if (rows.length > 0) {
    const grouped = await db
      .selectFrom('orders')
      .select((eb) => ['customer_id', eb.fn.countAll<number>().as('n')])
      .where(
        'customer_id',
        'in',
        rows.map((row) => row.id),
      )
      .groupBy('customer_id')
      .execute()
    for (const row of grouped) counts.set(row.customer_id, Number(row.n))
  }
  return {
    customers: rows.map((row) => ({ ...row, order_count: counts.get(row.id) ?? 0 })),
    info: pageInfo(page, Number(total)),
  }
}

export type CustomerDetail = {
  profile: {
    id: string
    first_name: string
    last_name: string
    email: string
    email_verified: boolean
    phone: string | null
    is_admin: boolean
    created_at: Date
  }
  orders: {
    id: string
    order_number: number
    status: string
    created_at: Date
    total_cents: number
  }[]
  addresses: Address[]
  waitingList: {
    id: string
    product_id: string
    product_name: string
    variant_name: string | null
    quantity: number
    notify_by_email: boolean
    status: string
    created_at: Date
  }[]
}

/** How many of a customer's orders the detail page lists; older ones are on the Orders page. */
export const CUSTOMER_ORDERS_SHOWN = 50

/** One customer for the admin, or null for an unknown id (four queries, no query per row). */
export async function getCustomerDetail(db: DB, id: string): Promise<CustomerDetail | null> {
  const profile = await db
    .selectFrom('customers')
    .select([
      'id',
      'first_name',
      'last_name',
      'email',
      'email_verified',
      'phone',
      'is_admin',
      'created_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst()
  if (!profile) return null
  const [orders, addresses, waitingList] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['id', 'order_number', 'status', 'created_at', 'total_cents'])
      .where('customer_id', '=', id)
      .orderBy('created_at', 'desc')
      .orderBy('order_number', 'desc')
      .limit(CUSTOMER_ORDERS_SHOWN)
      .execute(),
    listAddresses(db, id),
    db
      .selectFrom('waiting_list')
      .innerJoin('products', 'products.id', 'waiting_list.product_id')
      .leftJoin('product_variants', 'product_variants.id', 'waiting_list.product_variant_id')
      .select([
        'waiting_list.id',
        'waiting_list.product_id',
        'products.name as product_name',
        'product_variants.name as variant_name',
        'waiting_list.quantity',
        'waiting_list.notify_by_email',
        'waiting_list.status',
        'waiting_list.created_at',
      ])
      .where('waiting_list.customer_id', '=', id)
      .orderBy('waiting_list.created_at', 'desc')
      .orderBy('waiting_list.id')
      .limit(100)
      .execute(),
  ])
  return { profile, orders, addresses, waitingList }
}
