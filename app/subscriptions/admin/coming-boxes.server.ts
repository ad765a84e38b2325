import { type ExpressionBuilder, sql } from 'kysely'
import type { DB } from '~/platform/db/db.server'
import type { Database } from '~/platform/db/schema'
import { addDays, farmDayOf, farmPeriodStarts, formatDay } from '~/platform/farm-clock'
import { reservationHorizon } from '../schedule'
import type { Frequency } from '../terms'
import { type BoxItem, monthlyValueCents } from './words'

// What the subscriptions ask of the farm (issue 21 item 5): the coming boxes' demand per product
// for the pick list (This week), and the dashboard's subscriber count, boxes this week and
// monthly revenue. Boxes not made yet are the subscriptions' next dates: the scheduler makes
// each into an order at its cut-off and moves next_date on, so a box is counted here until it
// is an order and on the pick list through the orders after, never in both.

/**
 * The next box will be made: an active subscription, or a paused one whose pause ends before
 * it (the boxes on or before paused_until are skipped). The same rule reserves stock
 * (reservations.server.ts).
 */
function boxComing(eb: ExpressionBuilder<Database, 'subscriptions'>) {
  return eb.or([
    eb('subscriptions.status', '=', 'active'),
    eb.and([
      eb('subscriptions.status', '=', 'paused'),
      eb('subscriptions.paused_until', '<', eb.ref('subscriptions.next_date')),
    ]),
  ])
}

export type DemandLine = BoxItem & { subscribers: number }

export type DemandDay = { date: string; label: string; boxes: number; lines: DemandLine[] }

/**
 * The boxes due from today through the reservation horizon (the coming 7 days), by box date,
 * each day's items by product and option: two grouped queries.
 */
export async function upcomingBoxDemand(db: DB, now = new Date()): Promise<DemandDay[]> {
  const from = farmDayOf(now)
  const to = reservationHorizon(now)
  const [lines, boxes] = await Promise.all([
    db
      .selectFrom('subscription_items')
      .innerJoin('subscriptions', 'subscriptions.id', 'subscription_items.subscription_id')
      .innerJoin('products', 'products.id', 'subscription_items.product_id')
      .leftJoin('product_variants', 'product_variants.id', 'subscription_items.product_variant_id')
      .select((eb) => [
        'subscriptions.next_date',
        'subscription_items.product_id',
        'subscription_items.product_variant_id',
        'products.name',
        'products.unit',
        'product_variants.name as variant_name',
        eb.fn.sum<number>('subscription_items.quantity').as('quantity'),
        eb.fn.count<number>('subscriptions.id').distinct().as('subscribers'),
      ])
      .where(boxComing)
      .where('subscriptions.next_date', '>=', from)
      .where('subscriptions.next_date', '<=', to)
      .groupBy([
        'subscriptions.next_date',
        'subscription_items.product_id',
        'subscription_items.product_variant_id',
        'products.name',
        'products.unit',
        'product_variants.name',
      ])
      .orderBy('subscriptions.next_date')
      .orderBy('products.name')
      .orderBy('product_variants.name')
      .execute(),
    db
      .selectFrom('subscriptions')
      .select((eb) => ['next_date', eb.fn.countAll<number>().as('boxes')])
      .where(boxComing)
      .where('next_date', '>=', from)
      .where('next_date', '<=', to)
      .groupBy('next_date')
      .orderBy('next_date')
      .execute(),
  ])
  return boxes.map((day) => ({
    date: day.next_date,
    label: formatDay(day.next_date),
    boxes: Number(day.boxes),
    lines: lines
      .filter((line) => line.next_date === day.next_date)
      .map((line) => ({
        productId: line.product_id,
        variantId: line.product_variant_id,
        name: line.name,
        variant: line.variant_name,
        unit: line.unit,
        quantity: Number(line.quantity),
        subscribers: Number(line.subscribers),
      })),
  }))
}

export type SubscriptionDashboard = {
  /** people with at least one active subscription */
  activeSubscribers: number
  activeSubscriptions: number
  /** this farm week's boxes (Monday to Sunday): made already, and still to come */
  boxesThisWeek: number
  /** active subscriptions' boxes in a month at current subscriber prices, in cents */
  monthlyRevenueCents: number
}

/**
 * What the active subscriptions' boxes of one frequency cost at current subscriber prices: the
 * sum of quantity x subscriberPriceCents(unit price, discount). The SQL rounds as that function
 * does (half up to the cent: integer division of non-negative integers floors on both databases).
 */
function boxValueOf(db: DB, frequency: Frequency) {
  const unit = sql<number>`coalesce(${sql.ref('product_variants.price_cents')}, ${sql.ref('products.price_cents')})`
  const discount = sql.ref('products.subscriber_discount_percent')
  return db
    .selectFrom('subscription_items')
    .innerJoin('subscriptions', 'subscriptions.id', 'subscription_items.subscription_id')
    .innerJoin('products', 'products.id', 'subscription_items.product_id')
    .leftJoin('product_variants', 'product_variants.id', 'subscription_items.product_variant_id')
    .select(
      sql<number>`coalesce(sum(${sql.ref('subscription_items.quantity')} * (${unit} - (${unit} * ${discount} + 50) / 100)), 0)`.as(
        'cents',
      ),
    )
    .where('subscriptions.status', '=', 'active')
    .where('subscriptions.frequency', '=', frequency)
}

/** The dashboard's Subscriptions panel, in one query (the dashboard keeps to its budget). */
export async function subscriptionDashboard(
  db: DB,
  now = new Date(),
): Promise<SubscriptionDashboard> {
  const today = farmDayOf(now)
  const monday = farmDayOf(farmPeriodStarts(now).week)
  const sunday = addDays(monday, 6)
  const row = await db
    .selectFrom('subscriptions')
    .select((eb) => {
      const active = eb('status', '=', 'active')
      const comingThisWeek = eb.and([
        boxComing(eb),
        eb('next_date', '>=', today),
        eb('next_date', '<=', sunday),
      ])
      return [
        eb.fn.sum<number>(eb.case().when(active).then(1).else(0).end()).as('subscriptions'),
        eb.fn
          .count<number>(eb.case().when(active).then(eb.ref('customer_id')).end())
          .distinct()
          .as('subscribers'),
        eb.fn.sum<number>(eb.case().when(comingThisWeek).then(1).else(0).end()).as('coming'),
        eb
          .selectFrom('subscription_cycles')
          .select((sub) => sub.fn.countAll<number>().as('n'))
          .where('subscription_cycles.status', '=', 'ordered')
          .where('subscription_cycles.date', '>=', monday)
          .where('subscription_cycles.date', '<=', sunday)
          .as('made'),
        boxValueOf(db, 'weekly').as('weekly'),
        boxValueOf(db, 'biweekly').as('biweekly'),
        boxValueOf(db, 'monthly').as('monthly'),
      ]
    })
    .executeTakeFirstOrThrow()
  return {
    activeSubscribers: Number(row.subscribers ?? 0),
    activeSubscriptions: Number(row.subscriptions ?? 0),
    boxesThisWeek: Number(row.made ?? 0) + Number(row.coming ?? 0),
    monthlyRevenueCents: monthlyValueCents({
      weekly: Number(row.weekly ?? 0),
      biweekly: Number(row.biweekly ?? 0),
      monthly: Number(row.monthly ?? 0),
    }),
  }
}
