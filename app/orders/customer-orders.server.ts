import { ORDER_FULFILMENT_COLUMNS, type OrderFulfilmentColumns } from '~/fulfilment/methods'
import { formatOrderNumber } from '~/orders/place-order'
import { orderStatusLabel, paymentMethodLabel, shippingMethodLabel } from '~/orders/words'
import type { DB } from '~/platform/db/db.server'
import type { OrderItemLine } from './order-items-list'
import { LINE_TERMS_COLUMNS, orderLinesInWords } from './order-line'
import { loadWeighings } from './weights.server'

// A customer's own orders, for Account > Orders. Every query names the customer: another
// customer's order id is simply not found.

export type OrderSummary = {
  id: string
  order_number: number
  status: string
  created_at: Date
  total_cents: number
  item_count: number
}

/** Newest first, with the number of items in each, in one query (no query per order). */
export async function listCustomerOrders(db: DB, customerId: string): Promise<OrderSummary[]> {
  return db
    .selectFrom('orders')
    .select((eb) => [
      'orders.id',
      'orders.order_number',
      'orders.status',
      'orders.created_at',
      'orders.total_cents',
      eb
        .selectFrom('order_items')
        .select((items) =>
          items.fn.coalesce(items.fn.sum<number>('order_items.quantity'), items.lit(0)).as('n'),
        )
        .whereRef('order_items.order_id', '=', 'orders.id')
        .as('item_count'),
    ])
    .where('orders.customer_id', '=', customerId)
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.order_number', 'desc')
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, item_count: Number(row.item_count ?? 0) })))
}

/** A line of the order, with its words' terms (order-line.ts) */
export type OrderItem = OrderItemLine

export type CustomerOrder = {
  id: string
  order_number: number
  status: string
  created_at: Date
  subtotal_cents: number
  discount_cents: number
  shipping_cents: number
  tax_cents: number
  total_cents: number
  promo_code: string | null
  shipping_method: string
  payment_method: string
  tracking_number: string | null
  carrier: string | null
  ship_first_name: string
  ship_last_name: string
  ship_street: string
  ship_apartment: string | null
  ship_city: string
  ship_state: string
  ship_zip_code: string
  phone: string
  /** by weight (ADR 30): the most it may cost; the total is an estimate until weighed_at */
  authorised_cents: number | null
  weighed_at: Date | null
  payment_status: string
  captured_cents: number | null
  items: OrderItem[]
} & Omit<OrderFulfilmentColumns, 'shipping_method'>

/** One order of this customer with its items (two queries; two more to read the weights of one priced by weight); null for anyone else's. */
export async function getCustomerOrder(
  db: DB,
  customerId: string,
  orderId: string,
): Promise<CustomerOrder | null> {
  const order = await db
    .selectFrom('orders')
    .select([
      'id',
      'order_number',
      'status',
      'created_at',
      'subtotal_cents',
      'discount_cents',
      'shipping_cents',
      'tax_cents',
      'total_cents',
      'promo_code',
      'shipping_method',
      'payment_method',
      'tracking_number',
      'carrier',
      'ship_first_name',
      'ship_last_name',
      'ship_street',
      'ship_apartment',
      'ship_city',
      'ship_state',
      'ship_zip_code',
      'phone',
      'authorised_cents',
      'weighed_at',
      'payment_status',
      'captured_cents',
      ...ORDER_FULFILMENT_COLUMNS,
    ])
    .where('customer_id', '=', customerId)
    .where('id', '=', orderId)
    .executeTakeFirst()
  if (!order) return null
  const [items, weighings] = await Promise.all([
    db
      .selectFrom('order_items')
      .select(['id', 'product_name', 'variant_name', ...LINE_TERMS_COLUMNS])
      .where('order_id', '=', order.id)
      .orderBy('product_name')
      .orderBy('id')
      .execute(),
    loadWeighings(db, [order]),
  ])
  const weighing = weighings.get(order.id)
  return {
    ...order,
    items: orderLinesInWords(items, weighing),
  }
}

/** One order of this customer with the words the pages print; null when not theirs. */
export async function getCustomerOrderView(db: DB, customerId: string, orderId: string) {
  const order = await getCustomerOrder(db, customerId, orderId)
  if (!order) return null
  return {
    ...order,
    number: formatOrderNumber(order.order_number),
    statusLabel: orderStatusLabel(order.status),
    shippingLabel: shippingMethodLabel(order.shipping_method),
    paymentLabel: paymentMethodLabel(order.payment_method),
  }
}

export type CustomerOrderView = NonNullable<Awaited<ReturnType<typeof getCustomerOrderView>>>
