import type { Logger } from 'pino'
import { sendEmail } from '~/email/outbox.server'
import { getFarmName } from '~/farm/farm.server'
import { describeFulfilment, ORDER_FULFILMENT_COLUMNS } from '~/fulfilment/methods'
import { fulfilmentReminderEmail } from '~/orders/emails/fulfilment-reminder'
import { LINE_TERMS_COLUMNS, orderLineTerms } from '~/orders/order-line'
import { dueAtHandover } from '~/orders/order-workflow'
import { formatOrderNumber } from '~/orders/place-order'
import { loadWeighings } from '~/orders/weights.server'
import type { DB } from '~/platform/db/db.server'
import { getEnv } from '~/platform/env.server'
import { addDays, farmDayOf } from '~/platform/farm-clock'

// The day before a pickup or delivery, each customer gets one reminder (issue 16 item 3). Every
// instance may run this: an order is claimed with a conditional UPDATE on reminder_sent_at in
// the same transaction that queues its email, so however many run at once, one email goes out.

const OPEN = ['pending_payment', 'paid', 'processing', 'ready_for_pickup', 'out_for_delivery']

/** Queues tomorrow's reminders (farm calendar) not yet sent; returns how many this run queued. */
export async function queueFulfilmentReminders(db: DB, now = new Date()): Promise<number> {
  const tomorrow = addDays(farmDayOf(now), 1)
  const due = await db
    .selectFrom('orders')
    .select('id')
    .where('fulfilment_date', '=', tomorrow)
    .where('reminder_sent_at', 'is', null)
    .where('status', 'in', OPEN)
    .execute()
  if (due.length === 0) return 0
  const farmName = await getFarmName(db)
  let queued = 0
  for (const { id } of due) {
    const sent = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('orders')
        .set({ reminder_sent_at: now })
        .where('id', '=', id)
        .where('reminder_sent_at', 'is', null)
        .returning([
          'order_number',
          'email',
          'ship_first_name',
          'shipping_method',
          'payment_status',
          'total_cents',
          'status',
          'payment_method',
          'authorised_cents',
          'weighed_at',
          'captured_cents',
          ...ORDER_FULFILMENT_COLUMNS,
        ])
        .executeTakeFirst()
      if (!claimed) return false
      const items = await trx
        .selectFrom('order_items')
        .select(['id', 'product_name', 'variant_name', ...LINE_TERMS_COLUMNS])
        .where('order_id', '=', id)
        .orderBy('product_name')
        .execute()
      const weighing = (await loadWeighings(trx, [{ id, ...claimed }])).get(id)
      const content = fulfilmentReminderEmail({
        farmName,
        baseUrl: getEnv().baseUrl,
        orderId: id,
        orderNumber: formatOrderNumber(claimed.order_number),
        firstName: claimed.ship_first_name,
        fulfilment: describeFulfilment(claimed),
        amountDueCents:
          dueAtHandover({
            paymentStatus: claimed.payment_status,
            totalCents: claimed.total_cents,
          }) || null,
        items: items.map((item) => ({
          name: item.variant_name
            ? `${item.product_name} (${item.variant_name})`
            : item.product_name,
          terms: orderLineTerms(item, weighing),
        })),
      })
      await sendEmail(trx, { to: claimed.email, ...content, template: 'fulfilment-reminder' })
      return true
    })
    if (sent) queued += 1
  }
  return queued
}

const EVERY_MS = 5 * 60 * 1000

/** Runs the reminders now and every few minutes, beside the outbox worker. */
export function startReminders(db: DB, log: Logger): { stop(): void } {
  const run = () => {
    queueFulfilmentReminders(db).then(
      (queued) => {
        if (queued > 0) log.info({ queued }, 'pickup and delivery reminders queued')
      },
      (error) => log.error({ err: error }, 'queueing reminders failed'),
    )
  }
  run()
  const timer = setInterval(run, EVERY_MS)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}
