import { enteredWeights, LINE_TERMS_COLUMNS, orderLineTerms } from '~/orders/order-line'
import { dueAtHandover } from '~/orders/order-workflow'
import { formatOrderNumber } from '~/orders/place-order'
import { loadWeighings } from '~/orders/weights.server'
import { orderStatusLabel } from '~/orders/words'
import { toCsv } from '~/platform/admin/csv'
import type { DB } from '~/platform/db/db.server'
import { addDays, farmDayOf, formatDay, formatTimeRange } from '~/platform/farm-clock'
import { formatCents } from '~/platform/ui/price'
import { loadBeefShares } from './beef-shares.server'
import {
  type DayCount,
  deliveryRunOf,
  type FulfilmentGroup,
  mapLink,
  type PackOrder,
  packLineText,
  pickListOf,
  pickWeightText,
  type ThisWeek,
  unitCount,
} from './this-week'

// "This week" (issue 16 item 5): what the farm picks, packs and delivers for one day, per
// pickup window and per delivery run. Two queries for a day however many orders it has: the
// orders, then all their items. Cancelled and completed orders are done with; everything else
// with a date is work.

const OPEN_STATUSES = [
  'pending_payment',
  'paid',
  'processing',
  'ready_for_pickup',
  'out_for_delivery',
]

/** How far ahead the day picker looks: this week and next. */
const DAYS_AHEAD = 14

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The requested day when it is a real calendar day, else null. */
export function parseDay(value: string | null): string | null {
  if (!value || !DAY.test(value)) return null
  return addDays(value, 0) === value ? value : null
}

function itemName(name: string, variant: string | null): string {
  return variant ? `${name} (${variant})` : name
}

/** The next day (today or later) with pickups or deliveries to pack, for the dashboard. */
export async function nextFulfilmentDay(db: DB, now = new Date()): Promise<DayCount | null> {
  const today = farmDayOf(now)
  const row = await db
    .selectFrom('orders')
    .select((eb) => ['fulfilment_date', eb.fn.countAll<number | string>().as('n')])
    .where('fulfilment_date', '>=', today)
    .where('status', 'in', OPEN_STATUSES)
    .groupBy('fulfilment_date')
    .orderBy('fulfilment_date')
    .limit(1)
    .executeTakeFirst()
  if (!row?.fulfilment_date) return null
  const day = row.fulfilment_date
  return { day, label: formatDay(day, Number(today.slice(0, 4))), orders: Number(row.n) }
}

export async function loadThisWeek(
  db: DB,
  requestedDay: string | null,
  now = new Date(),
): Promise<ThisWeek> {
  const today = farmDayOf(now)
  const thisYear = Number(today.slice(0, 4))
  const counts = await db
    .selectFrom('orders')
    .select((eb) => ['fulfilment_date', eb.fn.countAll<number | string>().as('n')])
    .where('fulfilment_date', '>=', today)
    .where('fulfilment_date', '<', addDays(today, DAYS_AHEAD))
    .where('status', 'in', OPEN_STATUSES)
    .groupBy('fulfilment_date')
    .orderBy('fulfilment_date')
    .execute()
  const days = counts.map((row) => ({
    day: row.fulfilment_date ?? today,
    label: formatDay(row.fulfilment_date ?? today, thisYear),
    orders: Number(row.n),
  }))
  const day = parseDay(requestedDay) ?? days[0]?.day ?? today

  const rows = await db
    .selectFrom('orders')
    .select([
      'id',
      'order_number',
      'status',
      'shipping_method',
      'payment_method',
      'payment_status',
      'total_cents',
      'packed_at',
      'ship_first_name',
      'ship_last_name',
      'ship_street',
      'ship_apartment',
      'ship_city',
      'ship_state',
      'ship_zip_code',
      'phone',
      'fulfilment_place',
      'fulfilment_start',
      'fulfilment_end',
      'fulfilment_instructions',
      'authorised_cents',
      'weighed_at',
      'captured_cents',
    ])
    .where('fulfilment_date', '=', day)
    .where('status', 'in', OPEN_STATUSES)
    // A share's order is listed under Beef shares (beef-shares.server.ts), not packed.
    .where((eb) =>
      eb.or([
        eb('fulfilment_window_id', 'is', null),
        eb(
          'fulfilment_window_id',
          'not in',
          eb.selectFrom('fulfilment_windows').select('id').where('animal_id', 'is not', null),
        ),
      ]),
    )
    .orderBy('order_number')
    .execute()
  const items =
    rows.length === 0
      ? []
      : await db
          .selectFrom('order_items')
          .select(['id', 'order_id', 'product_name', 'variant_name', ...LINE_TERMS_COLUMNS])
          .where(
            'order_id',
            'in',
            rows.map((row) => row.id),
          )
          .orderBy('product_name')
          .execute()

  const weighings = await loadWeighings(db, rows)

  const groups = new Map<string, FulfilmentGroup>()
  for (const row of rows) {
    const kind = row.shipping_method === 'delivery' ? 'delivery' : 'pickup'
    const hours =
      row.fulfilment_start && row.fulfilment_end
        ? formatTimeRange(row.fulfilment_start, row.fulfilment_end)
        : ''
    const place = row.fulfilment_place ?? 'the farm'
    const key = [kind, place, row.fulfilment_start, row.fulfilment_end].join('|')
    const title =
      kind === 'pickup' ? `Pickup at ${place}, ${hours}` : `Delivery: ${place}, ${hours}`
    const street = [row.ship_street, row.ship_apartment].filter(Boolean).join(', ')
    const weighing = weighings.get(row.id) ?? null
    const order: PackOrder = {
      id: row.id,
      number: formatOrderNumber(row.order_number),
      status: row.status,
      statusLabel: orderStatusLabel(row.status),
      shippingMethod: row.shipping_method,
      paymentMethod: row.payment_method,
      paymentStatus: row.payment_status,
      name: `${row.ship_first_name} ${row.ship_last_name}`,
      phone: row.phone,
      // A card authorised for a by-weight order is captured at weighing: nothing to collect.
      dueCents: dueAtHandover({ paymentStatus: row.payment_status, totalCents: row.total_cents }),
      weighing,
      packed: row.packed_at !== null,
      address:
        kind === 'delivery'
          ? `${street}, ${row.ship_city}, ${row.ship_state} ${row.ship_zip_code}`
          : null,
      zip: row.ship_zip_code,
      notes: kind === 'pickup' ? row.fulfilment_instructions : null,
      items: items
        .filter((item) => item.order_id === row.id)
        .map((item) => ({
          name: itemName(item.product_name, item.variant_name),
          quantity: item.quantity,
          unit: item.unit,
          terms: orderLineTerms(item, weighing),
          weights: enteredWeights(weighing, item.id),
        })),
    }
    const group = groups.get(key) ?? { key, kind, title, orders: [] }
    group.orders.push(order)
    groups.set(key, group)
  }
  const grouped = [...groups.values()].sort(
    (a, b) => a.kind.localeCompare(b.kind) || a.title.localeCompare(b.title),
  )

  const undated = await db
    .selectFrom('orders')
    .select([
      'id',
      'order_number',
      'status',
      'ship_first_name',
      'ship_last_name',
      'shipping_method',
    ])
    .where('fulfilment_date', 'is', null)
    .where('status', 'in', OPEN_STATUSES)
    .orderBy('created_at')
    .limit(50)
    .execute()

  return {
    day,
    dayLabel: formatDay(day, thisYear),
    days,
    groups: grouped,
    beefShares: await loadBeefShares(db, day),
    undated: undated.map((row) => ({
      id: row.id,
      number: formatOrderNumber(row.order_number),
      statusLabel: orderStatusLabel(row.status),
      name: `${row.ship_first_name} ${row.ship_last_name}`,
    })),
  }
}

export type ExportList = 'pick' | 'pack' | 'run'

/** The day's lists as CSV for a spreadsheet or the driver's phone. */
export function thisWeekCsv(week: ThisWeek, list: ExportList): string {
  if (list === 'pick') {
    return toCsv([
      ['Group', 'Item', 'Unit', 'Quantity', 'Expected weight'],
      ...week.groups.flatMap((group) =>
        pickListOf(group.orders).map((line) => [
          group.title,
          line.name,
          line.unit,
          line.quantity,
          pickWeightText(line),
        ]),
      ),
    ])
  }
  if (list === 'pack') {
    return toCsv([
      ['Group', 'Order', 'Customer', 'Phone', 'Items', 'To collect', 'Status', 'Packed', 'Notes'],
      ...week.groups.flatMap((group) =>
        group.orders.map((order) => [
          group.title,
          order.number,
          order.name,
          order.phone,
          order.items.map(packLineText).join('; '),
          order.dueCents > 0 ? formatCents(order.dueCents) : 'Paid',
          order.status,
          order.packed ? 'yes' : 'no',
          order.address ?? order.notes ?? '',
        ]),
      ),
    ])
  }
  return toCsv([
    ['Stop', 'Order', 'Customer', 'Phone', 'Address', 'ZIP', 'Items', 'To collect', 'Map'],
    ...deliveryRunOf(week).map((order, index) => [
      index + 1,
      order.number,
      order.name,
      order.phone,
      order.address,
      order.zip,
      unitCount(order),
      order.dueCents > 0 ? formatCents(order.dueCents) : 'Paid',
      order.address ? mapLink(order.address) : '',
    ]),
  ])
}
