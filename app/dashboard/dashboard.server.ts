import { sql } from 'kysely'
import { LOW_STOCK_THRESHOLD } from '~/catalog/stock'
import type { DB } from '~/platform/db/db.server'
import { farmPeriodStarts } from '~/platform/farm-clock'

// The dashboard (issue 6 item 2): what needs the farmer's attention, in six queries whatever
// the size of the shop. Sales count every order placed in the period that is not cancelled
// (an order paid at pickup is still "pending payment" until then, yet it is a sale).

/** Statuses that wait for the farm to do something, in workflow order. */
export const WAITING_STATUSES = ['pending_payment', 'paid', 'processing'] as const
/** How many products the stock and waiting-list panels name (the link shows them all). */
const LIST_LIMIT = 8

const num = (value: unknown) => Number(value ?? 0)

export async function getDashboard(db: DB, now = new Date()) {
  const periods = farmPeriodStarts(now)
  const since = new Date(Math.min(periods.week.getTime(), periods.month.getTime()))
  const sumSince = (start: Date) =>
    sql<number>`coalesce(sum(case when ${sql.ref('created_at')} >= ${start} then ${sql.ref('total_cents')} else 0 end), 0)`
  const countSince = (start: Date) =>
    sql<number>`coalesce(sum(case when ${sql.ref('created_at')} >= ${start} then 1 else 0 end), 0)`

  const [sales, waiting, stockCounts, lowStock, waitingList, unread] = await Promise.all([
    db
      .selectFrom('orders')
      .select([
        sumSince(periods.today).as('today_cents'),
        countSince(periods.today).as('today_orders'),
        sumSince(periods.week).as('week_cents'),
        countSince(periods.week).as('week_orders'),
        sumSince(periods.month).as('month_cents'),
        countSince(periods.month).as('month_orders'),
      ])
      .where('status', '<>', 'cancelled')
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('orders')
      .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
      .where('status', 'in', WAITING_STATUSES)
      .groupBy('status')
      .execute(),
    db
      .selectFrom('products')
      .select([
        sql<number>`coalesce(sum(case when ${sql.ref('stock_quantity')} <= 0 then 1 else 0 end), 0)`.as(
          'out',
        ),
        sql<number>`coalesce(sum(case when ${sql.ref('stock_quantity')} > 0 then 1 else 0 end), 0)`.as(
          'low',
        ),
      ])
      .where('archived_at', 'is', null)
      .where('stock_quantity', '<', LOW_STOCK_THRESHOLD)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('products')
      .select(['id', 'name', 'stock_quantity'])
      .where('archived_at', 'is', null)
      .where('stock_quantity', '<', LOW_STOCK_THRESHOLD)
      .orderBy('stock_quantity')
      .orderBy('name')
      .limit(LIST_LIMIT * 2)
      .execute(),
    db
      .selectFrom('waiting_list')
      .select((eb) => [
        'waiting_list.product_id as id',
        // Each product's name by its id once grouped: joined, PostgreSQL may read every
        // product to hash them for a few hundred waiting entries.
        eb
          .selectFrom('products')
          .select('products.name')
          .whereRef('products.id', '=', 'waiting_list.product_id')
          .as('name'),
        eb.fn.sum<number>('waiting_list.quantity').as('quantity'),
        eb.fn.countAll<number>().as('people'),
      ])
      .where('waiting_list.status', '=', 'waiting')
      .groupBy('waiting_list.product_id')
      .orderBy('quantity', 'desc')
      .orderBy('name')
      .limit(LIST_LIMIT)
      .execute(),
    db
      .selectFrom('contact_submissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'unread')
      .executeTakeFirstOrThrow(),
  ])

  const waitingCounts = new Map(waiting.map((row) => [row.status, num(row.n)]))
  return {
    sales: {
      today: {
        cents: num(sales.today_cents),
        orders: num(sales.today_orders),
        since: periods.today,
      },
      week: { cents: num(sales.week_cents), orders: num(sales.week_orders), since: periods.week },
      month: {
        cents: num(sales.month_cents),
        orders: num(sales.month_orders),
        since: periods.month,
      },
    },
    waiting: WAITING_STATUSES.map((status) => ({ status, count: waitingCounts.get(status) ?? 0 })),
    outOfStock: {
      count: num(stockCounts.out),
      products: lowStock.filter((p) => p.stock_quantity <= 0).slice(0, LIST_LIMIT),
    },
    lowStock: {
      count: num(stockCounts.low),
      products: lowStock.filter((p) => p.stock_quantity > 0).slice(0, LIST_LIMIT),
    },
    waitingList: waitingList.map((row) => ({
      productId: row.id,
      // waiting_list.product_id references products, so there is always a name
      name: row.name ?? '',
      quantity: num(row.quantity),
      people: num(row.people),
    })),
    unreadMessages: num(unread.n),
  }
}

export type Dashboard = Awaited<ReturnType<typeof getDashboard>>
