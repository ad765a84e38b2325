import { collectText } from '~/fulfilment/admin/this-week'
import { ORDER_FULFILMENT_COLUMNS } from '~/fulfilment/methods'
import { dueAtHandover } from '~/orders/order-workflow'
import { orderStatusLabel, paymentMethodLabel, shippingMethodLabel } from '~/orders/words'
import type { DB } from '~/platform/db/db.server'
import { LINE_TERMS_COLUMNS, orderLinesInWords } from '../order-line'
import { formatOrderNumber } from '../place-order'
import { loadWeighings } from '../weights.server'

// One order as the admin sees it: the detail page, with its status history, and its packing
// slip.

/** One order as the admin's detail page shows it, with items and its status history. */
export async function getAdminOrder(db: DB, orderId: string) {
  const order = await db
    .selectFrom('orders')
    .leftJoin('customers', 'customers.id', 'orders.customer_id')
    .select([
      'orders.id',
      'orders.order_number',
      'orders.status',
      'orders.created_at',
      'orders.email',
      'orders.phone',
      'orders.subtotal_cents',
      'orders.discount_cents',
      'orders.shipping_cents',
      'orders.tax_cents',
      'orders.total_cents',
      'orders.tax_rate_basis_points',
      'orders.promo_code',
      'orders.shipping_method',
      'orders.ship_first_name',
      'orders.ship_last_name',
      'orders.ship_street',
      'orders.ship_apartment',
      'orders.ship_city',
      'orders.ship_state',
      'orders.ship_zip_code',
      ...ORDER_FULFILMENT_COLUMNS.map((column) => `orders.${column}` as const),
      'orders.payment_method',
      'orders.payment_status',
      'orders.carrier',
      'orders.tracking_number',
      'orders.authorised_cents',
      'orders.weighed_at',
      'orders.captured_cents',
      'customers.id as customer_id',
      'customers.name as customer_name',
      'customers.email as customer_email',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirst()
  if (!order) return null
  const items = await db
    .selectFrom('order_items')
    .select(['id', 'product_id', 'product_name', 'variant_name', ...LINE_TERMS_COLUMNS])
    .where('order_id', '=', orderId)
    .orderBy('product_name')
    .orderBy('id')
    .execute()
  const weighing = (await loadWeighings(db, [order])).get(order.id) ?? null
  const history = await db
    .selectFrom('audit_log')
    .leftJoin('customers', 'customers.id', 'audit_log.actor_id')
    .select(['audit_log.id', 'audit_log.details', 'audit_log.created_at', 'customers.name'])
    .where('audit_log.entity_type', '=', 'order')
    .where('audit_log.entity_id', '=', orderId)
    .where('audit_log.action', '=', 'order.status')
    .orderBy('audit_log.created_at', 'desc')
    .limit(20)
    .execute()
  return {
    ...order,
    number: formatOrderNumber(order.order_number),
    statusLabel: orderStatusLabel(order.status),
    shippingLabel: shippingMethodLabel(order.shipping_method),
    paymentLabel: paymentMethodLabel(order.payment_method),
    paymentStatusLabel: orderStatusLabel(order.payment_status),
    items: orderLinesInWords(items, weighing),
    /** by weight (ADR 30): the pieces to weigh; null when nothing is sold by weight */
    weighing,
    history: history.map((entry) => ({
      id: entry.id,
      at: entry.created_at,
      by: entry.name ?? 'Someone',
      change: historyText(entry.details),
    })),
  }
}

export type AdminOrder = NonNullable<Awaited<ReturnType<typeof getAdminOrder>>>

/** "Paid -> Processing" from an audit row's details; a row we cannot read says so. */
function historyText(details: string | null): string {
  try {
    const parsed = JSON.parse(details ?? '') as {
      before?: { status?: string }
      after?: { status?: string }
    }
    const from = parsed.before?.status
    const to = parsed.after?.status
    if (from && to) return `${orderStatusLabel(from)} → ${orderStatusLabel(to)}`
  } catch {
    // fall through
  }
  return 'Status changed'
}

/**
 * What a packing slip prints: who it goes to, what is in the box (each line in the one
 * wording, with the weights entered for a piece priced by weight), how it travels, and what
 * is still to pay at the handover.
 */
export async function getPackingSlip(db: DB, orderId: string) {
  const order = await db
    .selectFrom('orders')
    .select([
      'id',
      'order_number',
      'created_at',
      'phone',
      'status',
      'shipping_method',
      'ship_first_name',
      'ship_last_name',
      'ship_street',
      'ship_apartment',
      'ship_city',
      'ship_state',
      'ship_zip_code',
      'total_cents',
      'payment_method',
      'payment_status',
      'authorised_cents',
      'weighed_at',
      'captured_cents',
      ...ORDER_FULFILMENT_COLUMNS,
    ])
    .where('id', '=', orderId)
    .executeTakeFirst()
  if (!order) return null
  const [items, farm, weighings] = await Promise.all([
    db
      .selectFrom('order_items')
      .select(['id', 'product_name', 'variant_name', ...LINE_TERMS_COLUMNS])
      .where('order_id', '=', orderId)
      .orderBy('product_name')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('farm_info')
      .select(['name', 'address', 'contact_phone', 'contact_email'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow(),
    loadWeighings(db, [order]),
  ])
  const weighing = weighings.get(order.id) ?? null
  const dueCents = dueAtHandover({
    paymentStatus: order.payment_status,
    totalCents: order.total_cents,
  })
  const payment = { paymentMethod: order.payment_method, paymentStatus: order.payment_status }
  return {
    ...order,
    number: formatOrderNumber(order.order_number),
    shippingLabel: shippingMethodLabel(order.shipping_method),
    /** what is still to collect at the handover, as the pack list says it; null when paid */
    collect: dueCents > 0 ? collectText({ ...payment, dueCents, weighing }) : null,
    items: orderLinesInWords(items, weighing),
    farm,
  }
}
