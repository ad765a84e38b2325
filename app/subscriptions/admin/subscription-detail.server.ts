import { formatOrderNumber } from '~/orders/place-order'
import { orderStatusLabel, paymentMethodLabel } from '~/orders/words'
import type { DB } from '~/platform/db/db.server'
import { formatDay } from '~/platform/farm-clock'
import {
  boxCents,
  itemsOf,
  nextCutoff,
  ROW_COLUMNS,
  whereText,
  withWindow,
} from './subscriptions.server'
import {
  chargeStatusLabel,
  cycleStatusLabel,
  frequencyLabel,
  subscriptionStatusLabel,
} from './words'

// One subscription in full for the admin (issue 21 item 5): who, where, the box, and its boxes
// so far with their orders and charges.

/** How many boxes of a subscription's history the detail page lists. */
export const CYCLES_SHOWN = 52

/** One subscription in full for the admin, or null for an unknown id (four queries). */
export async function getAdminSubscription(db: DB, id: string) {
  const row = await withWindow(db)
    .leftJoin('customers', 'customers.id', 'subscriptions.customer_id')
    .leftJoin('orders as first_order', 'first_order.id', 'subscriptions.first_order_id')
    .select([
      ...ROW_COLUMNS,
      'subscriptions.street',
      'subscriptions.apartment',
      'subscriptions.city',
      'subscriptions.state',
      'subscriptions.zip_code',
      'subscriptions.cancelled_at',
      'customers.email as account_email',
      'first_order.id as first_order_id',
      'first_order.order_number as first_order_number',
    ])
    .where('subscriptions.id', '=', id)
    .executeTakeFirst()
  if (!row) return null
  const [items, cycles] = await Promise.all([
    itemsOf(db, [id]),
    db
      .selectFrom('subscription_cycles')
      .leftJoin('orders', 'orders.id', 'subscription_cycles.order_id')
      .select([
        'subscription_cycles.id',
        'subscription_cycles.date',
        'subscription_cycles.status',
        'subscription_cycles.message',
        'subscription_cycles.charge_status',
        'subscription_cycles.retry_at',
        'orders.id as order_id',
        'orders.order_number',
        'orders.status as order_status',
        'orders.total_cents',
      ])
      .where('subscription_cycles.subscription_id', '=', id)
      .orderBy('subscription_cycles.date', 'desc')
      .limit(CYCLES_SHOWN)
      .execute(),
  ])
  const boxItems = items.get(id) ?? []
  const address =
    row.shipping_method === 'delivery'
      ? [
          [row.street, row.apartment].filter(Boolean).join(', '),
          `${row.city}, ${row.state} ${row.zip_code}`.trim(),
        ].filter((line) => line && line !== ',')
      : []
  return {
    id: row.id,
    status: row.status,
    statusLabel: subscriptionStatusLabel(row.status),
    frequencyLabel: frequencyLabel(row.frequency),
    customer: {
      id: row.customer_id,
      name: `${row.first_name} ${row.last_name}`.trim(),
      email: row.email,
      phone: row.phone,
      accountEmail: row.account_email,
    },
    where: whereText(row),
    address,
    nextDate: row.next_date,
    nextDateLabel: formatDay(row.next_date),
    cutoffAt: nextCutoff(row),
    pausedUntil: row.paused_until,
    pausedUntilLabel: row.paused_until ? formatDay(row.paused_until) : null,
    paymentLabel: paymentMethodLabel(row.payment_method),
    createdAt: row.created_at,
    cancelledAt: row.cancelled_at,
    firstOrder:
      row.first_order_id && row.first_order_number !== null
        ? { id: row.first_order_id, number: formatOrderNumber(row.first_order_number) }
        : null,
    items: boxItems,
    boxCents: boxCents(boxItems),
    cycles: cycles.map((cycle) => ({
      id: cycle.id,
      date: cycle.date,
      dateLabel: formatDay(cycle.date),
      statusLabel: cycleStatusLabel(cycle.status),
      message: cycle.message,
      chargeLabel: cycle.status === 'ordered' ? chargeStatusLabel(cycle.charge_status) : null,
      retryAt: cycle.charge_status === 'failed' ? cycle.retry_at : null,
      order:
        cycle.order_id && cycle.order_number !== null
          ? {
              id: cycle.order_id,
              number: formatOrderNumber(cycle.order_number),
              statusLabel: orderStatusLabel(cycle.order_status ?? ''),
              totalCents: cycle.total_cents ?? 0,
            }
          : null,
    })),
  }
}

export type AdminSubscription = NonNullable<Awaited<ReturnType<typeof getAdminSubscription>>>
