import { dueAtHandover } from '~/orders/order-workflow'
import { formatOrderNumber } from '~/orders/place-order'
import type { DB } from '~/platform/db/db.server'
import { formatTimeRange } from '~/platform/farm-clock'
import { balanceDueCents } from '~/shares/balance'
import { shareSizeLabel } from '~/shares/shares'
import type { BeefShareGroup } from './beef-shares'

// This week's "Beef shares" (issue 32 item 4): the shares collected on a day, which is their
// animal's pickup date, grouped by animal. They have their own list because nothing about them
// is picked or packed like an order: the farm hands over a share, checks the cut sheet went to
// the butcher, and takes the balance if it is still owed. Their orders stay out of the pickup
// windows' pick and pack lists (this-week.server.ts). One query.

export async function loadBeefShares(db: DB, day: string): Promise<BeefShareGroup[]> {
  const rows = await db
    .selectFrom('share_orders')
    .innerJoin('animals', 'animals.id', 'share_orders.animal_id')
    .innerJoin('orders', 'orders.id', 'share_orders.order_id')
    .leftJoin('fulfilment_windows', 'fulfilment_windows.animal_id', 'animals.id')
    .leftJoin('pickup_places', 'pickup_places.id', 'fulfilment_windows.place_id')
    .select([
      'share_orders.id',
      'share_orders.order_id',
      'share_orders.share_units',
      'share_orders.cut_sheet_updated_at',
      'share_orders.balance_cents',
      'share_orders.balance_tax_cents',
      'share_orders.balance_status',
      'orders.order_number',
      'orders.ship_first_name',
      'orders.ship_last_name',
      'orders.phone',
      'orders.payment_status',
      'orders.total_cents',
      'animals.id as animal_id',
      'animals.name as animal_name',
      'fulfilment_windows.start_time',
      'fulfilment_windows.end_time',
      'pickup_places.name as place_name',
    ])
    .where('animals.pickup_date', '=', day)
    .where('share_orders.cancelled_at', 'is', null)
    .orderBy('animals.name')
    .orderBy('orders.order_number')
    .orderBy('share_orders.id')
    .execute()
  const groups = new Map<string, BeefShareGroup>()
  for (const row of rows) {
    const group = groups.get(row.animal_id) ?? {
      animalId: row.animal_id,
      animalName: row.animal_name,
      where:
        row.place_name && row.start_time && row.end_time
          ? `${row.place_name}, ${formatTimeRange(row.start_time, row.end_time)}`
          : null,
      shares: [],
    }
    group.shares.push({
      id: row.id,
      orderId: row.order_id,
      orderNumber: formatOrderNumber(row.order_number),
      holder: `${row.ship_first_name} ${row.ship_last_name}`,
      phone: row.phone,
      size: shareSizeLabel(row.share_units),
      depositDueCents: dueAtHandover({
        paymentStatus: row.payment_status,
        totalCents: row.total_cents,
      }),
      cutSheetDone: row.cut_sheet_updated_at !== null,
      dueCents:
        row.balance_cents === null
          ? null
          : balanceDueCents(row.balance_cents, row.balance_tax_cents),
      balanceStatus: row.balance_status,
    })
    groups.set(row.animal_id, group)
  }
  return [...groups.values()]
}
