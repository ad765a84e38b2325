import { cutoffOf } from '~/fulfilment/windows'
import type { DB } from '~/platform/db/db.server'
import { addDays, farmDayOf, formatDay, weekdayOf } from '~/platform/farm-clock'
import { loadSubscribables, loadWindowChoices, swapOptionsFor } from './choices.server'
import {
  addMonths,
  changeByText,
  changesClosedMessage,
  MAX_PAUSE_MONTHS,
  SUBSCRIPTION_STATUS_LABELS,
  windowLabel,
} from './manage'
import { followingDate } from './schedule'
import { FREQUENCY_LABELS, isFrequency } from './terms'

// What Account > Subscriptions shows (ADR 32): a customer's subscriptions with their items,
// where and when the boxes come, the next box and until when it can be changed. The detail
// adds what each form offers.

export type SubscriptionItemView = {
  id: string
  name: string
  quantity: number
  priceCents: number
  productId: string
  variantId: string | null
}

export type SubscriptionSummary = {
  id: string
  status: string
  statusLabel: string
  frequencyLabel: string
  /** "Pickup at Red Barn, Thursdays 3-6 pm" */
  where: string
  nextDate: string
  nextDateText: string
  /** "Change or skip by Tuesday, December 1 at 8 pm"; null once closed or when cancelled */
  changeBy: string | null
  /** why the next box can no longer be changed, once its cut-off passed */
  closed: string | null
  pausedUntil: string | null
  paymentMethod: string
  items: SubscriptionItemView[]
}

/** The columns whereOf and ruleOf read, as every query of subscriptions with windows selects. */
export const WINDOW_VIEW_COLUMNS = [
  'fulfilment_windows.weekday',
  'fulfilment_windows.start_time',
  'fulfilment_windows.end_time',
  'fulfilment_windows.cutoff_hours',
  'fulfilment_windows.cutoff_days_before',
  'fulfilment_windows.cutoff_time',
  'pickup_places.name as place_name',
  'delivery_zones.name as zone_name',
] as const

const SUBSCRIPTION_COLUMNS = [
  'subscriptions.id',
  'subscriptions.status',
  'subscriptions.frequency',
  'subscriptions.shipping_method',
  'subscriptions.next_date',
  'subscriptions.paused_until',
  'subscriptions.payment_method',
  'subscriptions.window_id',
  'subscriptions.street',
  'subscriptions.zip_code',
  ...WINDOW_VIEW_COLUMNS,
] as const

function subscriptionsOf(db: DB, customerId: string) {
  return db
    .selectFrom('subscriptions')
    .innerJoin('fulfilment_windows', 'fulfilment_windows.id', 'subscriptions.window_id')
    .leftJoin('pickup_places', 'pickup_places.id', 'fulfilment_windows.place_id')
    .leftJoin('delivery_zones', 'delivery_zones.id', 'fulfilment_windows.zone_id')
    .select(SUBSCRIPTION_COLUMNS)
    .where('subscriptions.customer_id', '=', customerId)
}

type Row = Awaited<ReturnType<ReturnType<typeof subscriptionsOf>['execute']>>[number]

async function itemsOf(db: DB, subscriptionIds: readonly string[]) {
  if (subscriptionIds.length === 0) return new Map<string, SubscriptionItemView[]>()
  const rows = await db
    .selectFrom('subscription_items')
    .innerJoin('products', 'products.id', 'subscription_items.product_id')
    .leftJoin('product_variants', 'product_variants.id', 'subscription_items.product_variant_id')
    .select([
      'subscription_items.id',
      'subscription_items.subscription_id',
      'subscription_items.quantity',
      'subscription_items.product_id',
      'subscription_items.product_variant_id',
      'products.name as product_name',
      'products.price_cents as product_price',
      'product_variants.name as variant_name',
      'product_variants.price_cents as variant_price',
    ])
    .where('subscription_items.subscription_id', 'in', subscriptionIds)
    .orderBy('products.name')
    .orderBy('subscription_items.id')
    .execute()
  const bySubscription = new Map<string, SubscriptionItemView[]>()
  for (const row of rows) {
    const list = bySubscription.get(row.subscription_id) ?? []
    list.push({
      id: row.id,
      name: row.variant_name ? `${row.product_name} (${row.variant_name})` : row.product_name,
      quantity: row.quantity,
      priceCents: row.product_variant_id ? (row.variant_price ?? 0) : row.product_price,
      productId: row.product_id,
      variantId: row.product_variant_id,
    })
    bySubscription.set(row.subscription_id, list)
  }
  return bySubscription
}

type WindowColumns = Pick<
  Row,
  | 'shipping_method'
  | 'next_date'
  | 'weekday'
  | 'start_time'
  | 'end_time'
  | 'cutoff_hours'
  | 'cutoff_days_before'
  | 'cutoff_time'
  | 'place_name'
  | 'zone_name'
>

/** What cutoffOf needs of a subscription's window, from the columns selected with it. */
export function ruleOf(row: Omit<WindowColumns, 'shipping_method' | 'next_date'>) {
  return {
    startTime: row.start_time,
    cutoffHours: row.cutoff_hours,
    cutoffDaysBefore: row.cutoff_days_before,
    cutoffTime: row.cutoff_time,
  }
}

/** "Pickup at Red Barn, Thursdays 3-6 pm": where and when a subscription's boxes come. */
export function whereOf(row: WindowColumns): string {
  const method = row.shipping_method === 'delivery' ? 'delivery' : 'pickup'
  return windowLabel({
    method,
    name: (method === 'pickup' ? row.place_name : row.zone_name) ?? 'the farm',
    weekday: row.weekday ?? weekdayOf(row.next_date),
    startTime: row.start_time,
    endTime: row.end_time,
  })
}

function summarise(row: Row, items: SubscriptionItemView[], now: Date): SubscriptionSummary {
  const cutoff = cutoffOf(ruleOf(row), row.next_date)
  const open = cutoff.getTime() > now.getTime()
  const live = row.status !== 'cancelled'
  return {
    id: row.id,
    status: row.status,
    statusLabel: SUBSCRIPTION_STATUS_LABELS[row.status] ?? row.status,
    frequencyLabel: isFrequency(row.frequency) ? FREQUENCY_LABELS[row.frequency] : row.frequency,
    where: whereOf(row),
    nextDate: row.next_date,
    nextDateText: formatDay(row.next_date),
    changeBy: live && open ? changeByText(cutoff) : null,
    closed: live && !open ? changesClosedMessage(row.next_date, cutoff) : null,
    pausedUntil: row.paused_until,
    paymentMethod: row.payment_method,
    items,
  }
}

/** A customer's subscriptions, live ones first, each with its items. */
export async function listCustomerSubscriptions(
  db: DB,
  customerId: string,
  now: Date,
): Promise<SubscriptionSummary[]> {
  const rows = await subscriptionsOf(db, customerId)
    .orderBy('subscriptions.created_at', 'desc')
    .orderBy('subscriptions.id')
    .execute()
  const items = await itemsOf(
    db,
    rows.map((row) => row.id),
  )
  const summaries = rows.map((row) => summarise(row, items.get(row.id) ?? [], now))
  return [
    ...summaries.filter((summary) => summary.status !== 'cancelled'),
    ...summaries.filter((summary) => summary.status === 'cancelled'),
  ]
}

export type SubscriptionDetail = Omit<SubscriptionSummary, 'items'> & {
  items: (SubscriptionItemView & { swapOptions: { value: string; label: string }[] })[]
  /** the other weekly windows the box may move to */
  windowOptions: { value: string; label: string }[]
  /** the skipped box that Undo Skip brings back, while its cut-off is ahead */
  undoable: { date: string; text: string } | null
  /** the dates a pause may end on, for the date input */
  pauseFrom: string
  pauseTo: string
}

/** One of the customer's subscriptions with what each form offers; undefined when not theirs. */
export async function getCustomerSubscription(
  db: DB,
  customerId: string,
  subscriptionId: string,
  now: Date,
): Promise<SubscriptionDetail | undefined> {
  const row = await subscriptionsOf(db, customerId)
    .where('subscriptions.id', '=', subscriptionId)
    .executeTakeFirst()
  if (!row) return undefined
  const items = (await itemsOf(db, [row.id])).get(row.id) ?? []
  const [pool, windows, skipped] = await Promise.all([
    loadSubscribables(db),
    loadWindowChoices(db, row),
    db
      .selectFrom('subscription_cycles')
      .select('date')
      .where('subscription_id', '=', row.id)
      .where('status', '=', 'skipped')
      .orderBy('date', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ])
  const summary = summarise(row, items, now)
  const frequency = isFrequency(row.frequency) ? row.frequency : 'weekly'
  const undoable =
    skipped &&
    row.status !== 'paused' &&
    row.status !== 'cancelled' &&
    followingDate(frequency, skipped.date) === row.next_date &&
    cutoffOf(ruleOf(row), skipped.date).getTime() > now.getTime()
      ? { date: skipped.date, text: formatDay(skipped.date) }
      : null
  return {
    ...summary,
    items: items.map((item) => ({
      ...item,
      swapOptions: swapOptionsFor(pool, { frequency: row.frequency, items }, item.priceCents),
    })),
    windowOptions: windows
      .filter((window) => window.id !== row.window_id)
      .map((window) => ({ value: window.id, label: window.label })),
    undoable,
    pauseFrom: addDays(row.next_date, 1),
    pauseTo: addMonths(farmDayOf(now), MAX_PAUSE_MONTHS),
  }
}
