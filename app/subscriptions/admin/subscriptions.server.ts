import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely'
import { customerMatches } from '~/customers/admin/customers.server'
import { cutoffOf } from '~/fulfilment/windows'
import { paymentMethodLabel } from '~/orders/words'
import { toCsv } from '~/platform/admin/csv'
import { type PageInfo, type PageRequest, pageInfo, searchTerm } from '~/platform/admin/pagination'
import { likeContains } from '~/platform/admin/pagination.server'
import type { DB } from '~/platform/db/db.server'
import type { Database } from '~/platform/db/schema'
import { formatDay, formatFarmDateTime } from '~/platform/farm-clock'
import { WINDOW_VIEW_COLUMNS } from '../subscription-view.server'
import { subscriberPriceCents } from '../terms'
import {
  type BoxItem,
  frequencyLabel,
  isSubscriptionStatus,
  itemText,
  type SubscriptionStatus,
  subscriptionStatusLabel,
  windowText,
} from './words'

// The admin's view of subscriptions (issue 21 item 5): the list (status filter, search by the
// customer's name or email, paginated like every admin list) and the same list as CSV. A page
// is three queries whatever its size: the count, the page, and the page's items. One
// subscription in full is subscription-detail.server.ts's, from the same columns.

export type SubscriptionFilter = { q: string; status: SubscriptionStatus | null }

/** ?q= and ?status= as the list's GET form sends them; anything else (or "all") means all. */
export function subscriptionFilter(url: URL): SubscriptionFilter {
  const status = url.searchParams.get('status')
  return { q: searchTerm(url), status: isSubscriptionStatus(status) ? status : null }
}

type SubscriptionsEb = ExpressionBuilder<Database, 'subscriptions'>

/** Subscriptions of the status, whose contact (or account) name or email contains q. */
function matching(db: DB, filter: SubscriptionFilter) {
  return (eb: SubscriptionsEb): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = []
    if (filter.status) conditions.push(eb('subscriptions.status', '=', filter.status))
    if (filter.q) {
      const name = sql<string>`${sql.ref('subscriptions.first_name')} || ' ' || ${sql.ref('subscriptions.last_name')}`
      // The account too: its name or email may have changed since the first order.
      const accounts = db
        .selectFrom('customers')
        .select('customers.id')
        .where(customerMatches(db, filter.q))
      conditions.push(
        eb.or([
          likeContains(eb.ref('subscriptions.email'), filter.q),
          likeContains(name, filter.q),
          eb('subscriptions.customer_id', 'in', accounts),
        ]),
      )
    }
    return eb.and(conditions)
  }
}

/** The subscriptions with their weekly window and its place or zone, for a list or one. */
export function withWindow(db: DB) {
  return db
    .selectFrom('subscriptions')
    .innerJoin('fulfilment_windows', 'fulfilment_windows.id', 'subscriptions.window_id')
    .leftJoin('pickup_places', 'pickup_places.id', 'fulfilment_windows.place_id')
    .leftJoin('delivery_zones', 'delivery_zones.id', 'fulfilment_windows.zone_id')
}

export const ROW_COLUMNS = [
  'subscriptions.id',
  'subscriptions.customer_id',
  'subscriptions.first_name',
  'subscriptions.last_name',
  'subscriptions.email',
  'subscriptions.phone',
  'subscriptions.status',
  'subscriptions.frequency',
  'subscriptions.shipping_method',
  'subscriptions.next_date',
  'subscriptions.paused_until',
  'subscriptions.payment_method',
  'subscriptions.created_at',
  ...WINDOW_VIEW_COLUMNS,
] as const

type RowData = {
  shipping_method: string
  place_name: string | null
  zone_name: string | null
  weekday: number | null
  start_time: string
  end_time: string
  cutoff_hours: number | null
  cutoff_days_before: number | null
  cutoff_time: string | null
  next_date: string
}

export function whereText(row: RowData): string {
  return windowText({
    method: row.shipping_method,
    placeName: row.shipping_method === 'delivery' ? row.zone_name : row.place_name,
    weekday: row.weekday,
    startTime: row.start_time,
    endTime: row.end_time,
  })
}

/** When changes to the next box close, and the scheduler makes its order. */
export function nextCutoff(row: RowData): Date {
  return cutoffOf(
    {
      startTime: row.start_time,
      cutoffHours: row.cutoff_hours,
      cutoffDaysBefore: row.cutoff_days_before,
      cutoffTime: row.cutoff_time,
    },
    row.next_date,
  )
}

export type SubscriptionItem = BoxItem & {
  /** the option's price, else the product's: what a one-time shopper pays now */
  unitCents: number
  /** with the product's subscriber discount: what the next box will charge */
  subscriberCents: number
}

/** Every item of these subscriptions, in one query, by subscription id. */
export async function itemsOf(
  db: DB,
  ids: readonly string[],
): Promise<Map<string, SubscriptionItem[]>> {
  const bySubscription = new Map<string, SubscriptionItem[]>()
  if (ids.length === 0) return bySubscription
  const rows = await db
    .selectFrom('subscription_items')
    .innerJoin('products', 'products.id', 'subscription_items.product_id')
    .leftJoin('product_variants', 'product_variants.id', 'subscription_items.product_variant_id')
    .select([
      'subscription_items.subscription_id',
      'subscription_items.product_id',
      'subscription_items.product_variant_id',
      'subscription_items.quantity',
      'products.name',
      'products.unit',
      'products.price_cents',
      'products.subscriber_discount_percent',
      'product_variants.name as variant_name',
      'product_variants.price_cents as variant_price_cents',
    ])
    .where('subscription_items.subscription_id', 'in', ids)
    .orderBy('subscription_items.subscription_id')
    .orderBy('products.name')
    .orderBy('subscription_items.id')
    .execute()
  for (const row of rows) {
    const unitCents = row.variant_price_cents ?? row.price_cents
    const list = bySubscription.get(row.subscription_id) ?? []
    list.push({
      productId: row.product_id,
      variantId: row.product_variant_id,
      name: row.name,
      variant: row.variant_name,
      unit: row.unit,
      quantity: row.quantity,
      unitCents,
      subscriberCents: subscriberPriceCents(unitCents, row.subscriber_discount_percent),
    })
    bySubscription.set(row.subscription_id, list)
  }
  return bySubscription
}

/** A box's value at current subscriber prices (before tax and delivery). */
export function boxCents(items: readonly SubscriptionItem[]): number {
  return items.reduce((sum, item) => sum + item.subscriberCents * item.quantity, 0)
}

export type AdminSubscriptionRow = {
  id: string
  customer: string
  email: string
  status: string
  statusLabel: string
  frequencyLabel: string
  items: string[]
  where: string
  nextDate: string
  nextDateLabel: string
  cutoffAt: Date
  pausedUntil: string | null
}

/** One page of matching subscriptions, next box first, then by name. */
export async function listAdminSubscriptions(
  db: DB,
  filter: SubscriptionFilter,
  page: PageRequest,
): Promise<{ subscriptions: AdminSubscriptionRow[]; info: PageInfo }> {
  const [count, rows] = await Promise.all([
    db
      .selectFrom('subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where(matching(db, filter))
      .executeTakeFirstOrThrow(),
    withWindow(db)
      .select(ROW_COLUMNS)
      .where(matching(db, filter))
      .orderBy('subscriptions.next_date')
      .orderBy('subscriptions.first_name')
      .orderBy('subscriptions.last_name')
      .orderBy('subscriptions.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ])
  const items = await itemsOf(
    db,
    rows.map((row) => row.id),
  )
  return {
    subscriptions: rows.map((row) => ({
      id: row.id,
      customer: `${row.first_name} ${row.last_name}`.trim() || row.email,
      email: row.email,
      status: row.status,
      statusLabel: subscriptionStatusLabel(row.status),
      frequencyLabel: frequencyLabel(row.frequency),
      items: (items.get(row.id) ?? []).map(itemText),
      where: whereText(row),
      nextDate: row.next_date,
      nextDateLabel: formatDay(row.next_date),
      cutoffAt: nextCutoff(row),
      pausedUntil: row.paused_until,
    })),
    info: pageInfo(page, Number(count.total)),
  }
}

const CSV_HEADER = [
  'Customer',
  'Email',
  'Phone',
  'Status',
  'Frequency',
  'Items',
  'Box value (subscriber prices)',
  'Pickup or delivery',
  'Next box',
  'Changes close',
  'Paused until',
  'Payment',
  'Street',
  'City',
  'State',
  'ZIP code',
  'Started',
] as const

const dollars = (cents: number) => (cents / 100).toFixed(2)

/**
 * Every subscription matching the filter (not just one page) as CSV, in the list's order: two
 * queries. Cells are quoted and guarded against spreadsheet formulas by toCsv.
 */
export async function exportSubscriptionsCsv(db: DB, filter: SubscriptionFilter): Promise<string> {
  const rows = await withWindow(db)
    .select([
      ...ROW_COLUMNS,
      'subscriptions.street',
      'subscriptions.city',
      'subscriptions.state',
      'subscriptions.zip_code',
    ])
    .where(matching(db, filter))
    .orderBy('subscriptions.next_date')
    .orderBy('subscriptions.first_name')
    .orderBy('subscriptions.last_name')
    .orderBy('subscriptions.id')
    .execute()
  const items = await itemsOf(
    db,
    rows.map((row) => row.id),
  )
  return toCsv([
    CSV_HEADER,
    ...rows.map((row) => {
      const box = items.get(row.id) ?? []
      const delivery = row.shipping_method === 'delivery'
      return [
        `${row.first_name} ${row.last_name}`.trim(),
        row.email,
        row.phone,
        subscriptionStatusLabel(row.status),
        frequencyLabel(row.frequency),
        box.map(itemText).join('; '),
        dollars(boxCents(box)),
        whereText(row),
        row.next_date,
        formatFarmDateTime(nextCutoff(row)),
        row.paused_until,
        paymentMethodLabel(row.payment_method),
        delivery ? row.street : '',
        delivery ? row.city : '',
        delivery ? row.state : '',
        delivery ? row.zip_code : '',
        formatFarmDateTime(row.created_at),
      ]
    }),
  ])
}
