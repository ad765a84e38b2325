import { sendEmail } from '~/email/outbox.server'
import { getFarmBasics } from '~/farm/farm.server'
import { cutoffOf } from '~/fulfilment/windows'
import type { DB } from '~/platform/db/db.server'
import { getEnv } from '~/platform/env.server'
import { addDays, farmDayOf } from '~/platform/farm-clock'
import { subscriptionReminderEmail } from './emails/reminder'
import { ruleOf, WINDOW_VIEW_COLUMNS, whereOf } from './subscription-view.server'

// Two days before each box's cut-off, its subscriber is reminded to skip or change it (issue 21
// item 3). The scheduler calls this every minute on every instance: a subscription is claimed
// with a conditional UPDATE of reminded_for in the transaction that queues its email, so
// however many run at once, one email goes out per subscription and box.

export const REMIND_BEFORE_MS = 48 * 3_600_000

/** Queues the reminders now due; returns how many this run queued. */
export async function remindSubscribers(db: DB, now: Date): Promise<number> {
  // No window closes more than a few days before its date, so boxes from today to a little
  // over a week on cover every cut-off in the next 48 hours; the exact test is below.
  const today = farmDayOf(now)
  const candidates = await db
    .selectFrom('subscriptions')
    .innerJoin('fulfilment_windows', 'fulfilment_windows.id', 'subscriptions.window_id')
    .leftJoin('pickup_places', 'pickup_places.id', 'fulfilment_windows.place_id')
    .leftJoin('delivery_zones', 'delivery_zones.id', 'fulfilment_windows.zone_id')
    .select([
      'subscriptions.id',
      'subscriptions.next_date',
      'subscriptions.reminded_for',
      'subscriptions.shipping_method',
      ...WINDOW_VIEW_COLUMNS,
    ])
    .where('subscriptions.status', '=', 'active')
    .where('subscriptions.next_date', '>=', today)
    .where('subscriptions.next_date', '<=', addDays(today, 14))
    .execute()
  const due = candidates
    .filter((row) => row.reminded_for !== row.next_date)
    .map((row) => ({ row, cutoff: cutoffOf(ruleOf(row), row.next_date) }))
    .filter(({ cutoff }) => {
      const ahead = cutoff.getTime() - now.getTime()
      return ahead > 0 && ahead <= REMIND_BEFORE_MS
    })
  if (due.length === 0) return 0
  const farm = await getFarmBasics(db)
  let queued = 0
  for (const { row, cutoff } of due) {
    const sent = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('subscriptions')
        .set({ reminded_for: row.next_date })
        .where('id', '=', row.id)
        .where('status', '=', 'active')
        .where('next_date', '=', row.next_date)
        .where((eb) =>
          eb.or([eb('reminded_for', 'is', null), eb('reminded_for', '!=', row.next_date)]),
        )
        .returning(['email', 'first_name'])
        .executeTakeFirst()
      if (!claimed) return false
      const items = await trx
        .selectFrom('subscription_items')
        .innerJoin('products', 'products.id', 'subscription_items.product_id')
        .leftJoin(
          'product_variants',
          'product_variants.id',
          'subscription_items.product_variant_id',
        )
        .select([
          'subscription_items.quantity',
          'products.name as product_name',
          'product_variants.name as variant_name',
        ])
        .where('subscription_items.subscription_id', '=', row.id)
        .orderBy('products.name')
        .execute()
      const content = subscriptionReminderEmail({
        farmName: farm.name,
        baseUrl: getEnv().baseUrl,
        subscriptionId: row.id,
        firstName: claimed.first_name,
        boxDate: row.next_date,
        cutoff,
        where: whereOf(row),
        items: items.map((item) => ({
          name: item.variant_name
            ? `${item.product_name} (${item.variant_name})`
            : item.product_name,
          quantity: item.quantity,
        })),
      })
      await sendEmail(trx, { to: claimed.email, ...content, template: 'subscription-reminder' })
      return true
    })
    if (sent) queued += 1
  }
  return queued
}
