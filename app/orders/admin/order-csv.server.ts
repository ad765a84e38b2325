import { orderStatusLabel, paymentMethodLabel, shippingMethodLabel } from '~/orders/words'
import { toCsv } from '~/platform/admin/csv'
import type { DB } from '~/platform/db/db.server'
import { formatFarmDateTime } from '~/platform/farm-clock'
import { formatOrderNumber } from '../place-order'
import { itemCount, matching, type OrderFilter } from './orders.server'

// The orders list's filter as a spreadsheet: every matching order, not just one page.

const CSV_HEADER = [
  'Order number',
  'Date',
  'Status',
  'Customer',
  'Email',
  'Phone',
  'Items',
  'Subtotal',
  'Discount',
  'Shipping',
  'Tax',
  'Total',
  'Shipping method',
  'Street',
  'Apartment',
  'City',
  'State',
  'ZIP code',
  'Payment method',
  'Payment status',
  'Carrier',
  'Tracking number',
]

const dollars = (cents: number) => (cents / 100).toFixed(2)

/**
 * Every order matching the filter (not just one page) as CSV, newest first, in one query.
 * Cells are quoted and guarded against spreadsheet formulas by toCsv.
 */
export async function exportOrdersCsv(db: DB, filter: OrderFilter): Promise<string> {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => [
      'orders.order_number',
      'orders.created_at',
      'orders.status',
      'orders.ship_first_name',
      'orders.ship_last_name',
      'orders.email',
      'orders.phone',
      'orders.subtotal_cents',
      'orders.discount_cents',
      'orders.shipping_cents',
      'orders.tax_cents',
      'orders.total_cents',
      'orders.shipping_method',
      'orders.ship_street',
      'orders.ship_apartment',
      'orders.ship_city',
      'orders.ship_state',
      'orders.ship_zip_code',
      'orders.payment_method',
      'orders.payment_status',
      'orders.carrier',
      'orders.tracking_number',
      itemCount(db, eb.ref('orders.id')),
    ])
    .where(matching(db, filter))
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.order_number', 'desc')
    .execute()
  return toCsv([
    CSV_HEADER,
    ...rows.map((row) => [
      formatOrderNumber(row.order_number),
      formatFarmDateTime(row.created_at),
      orderStatusLabel(row.status),
      `${row.ship_first_name} ${row.ship_last_name}`,
      row.email,
      row.phone,
      Number(row.item_count ?? 0),
      dollars(row.subtotal_cents),
      dollars(row.discount_cents),
      dollars(row.shipping_cents),
      dollars(row.tax_cents),
      dollars(row.total_cents),
      shippingMethodLabel(row.shipping_method),
      row.ship_street,
      row.ship_apartment,
      row.ship_city,
      row.ship_state,
      row.ship_zip_code,
      paymentMethodLabel(row.payment_method),
      orderStatusLabel(row.payment_status),
      row.carrier,
      row.tracking_number,
    ]),
  ])
}
