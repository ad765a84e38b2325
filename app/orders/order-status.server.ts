import { sendEmail } from '~/email/outbox.server'
import { getFarmBasics } from '~/farm/farm.server'
import { describeFulfilment, ORDER_FULFILMENT_COLUMNS } from '~/fulfilment/methods'
import { orderStatusEmail } from '~/orders/emails/order-status'
import { recordAdminChange } from '~/platform/audit.server'
import type { DB } from '~/platform/db/db.server'
import { getEnv } from '~/platform/env.server'
import { givePromoUseBack } from '~/promotions/promo-uses.server'
import { cancelPendingSubscriptions } from '~/subscriptions/from-order.server'
import { returnOrderStock } from './order-stock.server'
import {
  canTakeStep,
  dueAtHandover,
  emailsCustomer,
  type OrderStatus,
  type OrderStatusInput,
  statusAfter,
} from './order-workflow'
import { formatOrderNumber, itemName } from './place-order'

// An admin moves an order along its workflow (order-workflow.ts): a status, or a closing step
// ("Collected and paid", "Delivered and paid") that completes the order and records the payment. Each change is ONE
// conditional UPDATE on the status the admin's page showed, in a transaction with everything
// that follows from it: the stock and the promo code's use coming back (cancel), the audit row and the customer's
// email. Two admins clicking at once: on PostgreSQL the second UPDATE waits for the first
// transaction's row lock, re-reads the row, no longer matches and changes nothing; on SQLite
// transactions simply run one after the other. Either way exactly one of them wins, and the
// stock and promo use of a cancelled order come back once. A card hold is released after the
// commit by the payments domain (payments/holds.server.ts), which talks to the provider.

export type StatusChangeResult =
  | { ok: true; status: OrderStatus }
  | { ok: false; reason: 'not-found' }
  /** the order is no longer in the status the page showed; `current` is what it is now */
  | { ok: false; reason: 'conflict'; current: string }
  /** that step does not follow the status the page showed (a forged or stale form) */
  | { ok: false; reason: 'not-allowed'; current: string }
  /** by weight (ADR 30): pieces still to weigh before it is packed or handed over; `toWeigh`
   * names the lines with a piece still unweighed */
  | { ok: false; reason: 'not-weighed'; toWeigh: string[] }

const WEIGHED_STEPS = new Set([
  'ready_for_pickup',
  'out_for_delivery',
  'shipped',
  'collected',
  'delivered',
  'completed',
])
/** The steps that pack or hand over an order: a by-weight one must be weighed first. */
function needsWeights(step: string): boolean {
  return WEIGHED_STEPS.has(step)
}

/** "Ribeye Steak (1 in)": the order's by-weight lines with a piece not weighed yet. */
async function linesToWeigh(trx: DB, orderId: string): Promise<string[]> {
  const lines = await trx
    .selectFrom('order_items')
    .leftJoin('order_item_weights', 'order_item_weights.order_item_id', 'order_items.id')
    .select((eb) => [
      'order_items.product_name',
      'order_items.variant_name',
      'order_items.quantity',
      eb.fn.count<number | string>('order_item_weights.piece').as('weighed'),
    ])
    .where('order_items.order_id', '=', orderId)
    .where('order_items.sold_by_weight', '=', true)
    .groupBy([
      'order_items.id',
      'order_items.product_name',
      'order_items.variant_name',
      'order_items.quantity',
    ])
    .orderBy('order_items.product_name')
    .execute()
  return lines
    .filter((line) => Number(line.weighed) < line.quantity)
    .map((line) => itemName(line.product_name, line.variant_name))
}

/** Thrown inside the transaction to roll it back when the conditional UPDATE lost. */
class LostRace extends Error {}

export async function changeOrderStatus(
  db: DB,
  orderId: string,
  actorId: string,
  input: OrderStatusInput,
): Promise<StatusChangeResult> {
  const step = input.intent
  const to = statusAfter(step)
  try {
    return await db.transaction().execute(async (trx): Promise<StatusChangeResult> => {
      const order = await trx
        .selectFrom('orders')
        .select([
          'id',
          'order_number',
          'status',
          'email',
          'ship_first_name',
          'shipping_method',
          'payment_method',
          'payment_status',
          'total_cents',
          'packed_at',
          'carrier',
          'tracking_number',
          'authorised_cents',
          'weighed_at',
          'promo_code',
          ...ORDER_FULFILMENT_COLUMNS,
        ])
        .where('id', '=', orderId)
        .executeTakeFirst()
      if (!order) return { ok: false, reason: 'not-found' }
      if (order.status !== input.from) {
        return { ok: false, reason: 'conflict', current: order.status }
      }
      const flow = {
        shippingMethod: order.shipping_method,
        paymentMethod: order.payment_method,
        paymentStatus: order.payment_status,
      }
      if (!canTakeStep(input.from, step, flow)) {
        return { ok: false, reason: 'not-allowed', current: order.status }
      }
      // By weight (ADR 30): what is charged or collected is known only once weighed.
      const mustBeWeighed = needsWeights(step) && order.authorised_cents !== null
      if (mustBeWeighed && order.weighed_at === null) {
        return { ok: false, reason: 'not-weighed', toWeigh: await linesToWeigh(trx, orderId) }
      }

      const shipment =
        input.intent === 'shipped'
          ? { carrier: input.carrier, tracking_number: input.trackingNumber }
          : {}
      const paidNow = step === 'paid' || step === 'collected' || step === 'delivered'
      const payment = paidNow ? { payment_status: 'paid' } : {}
      // Ready, out for delivery or shipped means packed, whether or not it is paid yet; so does
      // a handover straight from the table without "Mark packed" first.
      const packing =
        !order.packed_at &&
        (to === 'ready_for_pickup' ||
          to === 'out_for_delivery' ||
          to === 'shipped' ||
          step === 'collected' ||
          step === 'delivered')
          ? { packed_at: new Date() }
          : {}
      let update = trx
        .updateTable('orders')
        .set({ status: to, ...shipment, ...payment, ...packing, updated_at: new Date() })
        .where('id', '=', orderId)
        .where('status', '=', input.from)
      if (mustBeWeighed) update = update.where('weighed_at', 'is not', null)
      const updated = await update.executeTakeFirst()
      if (updated.numUpdatedRows === 0n) throw new LostRace()

      if (to === 'cancelled') {
        await returnOrderStock(trx, orderId)
        // A subscription waiting for this first order's card never starts (ADR 32).
        await cancelPendingSubscriptions(trx, orderId)
        // placeOrder named the code only when it counted a use of it.
        if (order.promo_code) await givePromoUseBack(trx, order.promo_code)
      }

      await recordAdminChange(trx, {
        actorId,
        action: 'order.status',
        entityType: 'order',
        entityId: orderId,
        before: {
          status: order.status,
          ...(paidNow ? { payment_status: order.payment_status } : {}),
        },
        after: { status: to, ...shipment, ...payment },
      })

      if (emailsCustomer(to)) {
        const farm = await getFarmBasics(trx)
        const fulfilment = describeFulfilment(order)
        const content = orderStatusEmail({
          farmName: farm.name,
          baseUrl: getEnv().baseUrl,
          status: to,
          orderId,
          orderNumber: formatOrderNumber(order.order_number),
          firstName: order.ship_first_name,
          carrier: input.intent === 'shipped' ? input.carrier : null,
          trackingNumber: input.intent === 'shipped' ? input.trackingNumber : null,
          fulfilment: fulfilment.address
            ? fulfilment
            : {
                ...fulfilment,
                address: order.shipping_method === 'pickup' ? (farm.address ?? null) : null,
              },
          amountDueCents:
            dueAtHandover({ paymentStatus: order.payment_status, totalCents: order.total_cents }) ||
            null,
          paidAtHandover: step === 'collected' || step === 'delivered',
          wasPaid: order.payment_status === 'paid',
        })
        await sendEmail(trx, {
          to: order.email,
          ...content,
          template: `order-${to.replaceAll('_', '-')}`,
        })
      }
      return { ok: true, status: to }
    })
  } catch (error) {
    if (!(error instanceof LostRace)) throw error
    const now = await db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', orderId)
      .executeTakeFirst()
    return now
      ? { ok: false, reason: 'conflict', current: now.status }
      : { ok: false, reason: 'not-found' }
  }
}
