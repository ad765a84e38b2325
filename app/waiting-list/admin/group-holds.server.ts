import { sql } from 'kysely'
import type { DB } from '~/platform/db/db.server'

// The holds a waiting-list group shows (ADR 29): who the stock is held for now, and who
// bought what they were held.

export type GroupHold = {
  id: string
  customerId: string
  customerName: string
  quantity: number
  status: 'held' | 'claimed'
  expiresAt: Date
  settledAt: Date | null
  orderId: string | null
  orderNumber: number | null
}

/** Bought holds shown per group: who bought lately; the orders list has the rest. */
export const HOLDS_BOUGHT_SHOWN = 5

/** A group's key in the maps of its entries and holds. */
export const groupKey = (productId: string, variantId: string | null) =>
  `${productId}|${variantId ?? ''}`

/**
 * The holds of these products' groups, by group key: every live one (they are few: no more
 * than the stock) and the latest HOLDS_BOUGHT_SHOWN bought, each with its customer and order
 * number. One query.
 */
export async function listGroupHolds(
  db: DB,
  productIds: readonly string[],
): Promise<Map<string, GroupHold[]>> {
  const byGroup = new Map<string, GroupHold[]>()
  if (productIds.length === 0) return byGroup
  const rows = await db
    .selectFrom((qb) =>
      qb
        .selectFrom('stock_holds as h')
        .select([
          'h.id',
          'h.product_id',
          'h.product_variant_id',
          'h.quantity',
          'h.status',
          'h.expires_at',
          'h.settled_at',
          'h.order_id',
          'h.waiting_list_id',
        ])
        .select(
          sql<number>`row_number() over (partition by h.product_id, h.product_variant_id, h.status order by h.settled_at desc, h.id)`.as(
            'place',
          ),
        )
        .where('h.product_id', 'in', productIds)
        .where('h.status', 'in', ['held', 'claimed'])
        .as('x'),
    )
    .innerJoin('waiting_list as w', 'w.id', 'x.waiting_list_id')
    .innerJoin('customers as c', 'c.id', 'w.customer_id')
    .leftJoin('orders as o', 'o.id', 'x.order_id')
    .select([
      'x.id',
      'x.product_id',
      'x.product_variant_id',
      'x.quantity',
      'x.status',
      'x.expires_at',
      'x.settled_at',
      'x.order_id',
      'w.customer_id',
      'c.name as customer_name',
      'o.order_number',
    ])
    .where((eb) => eb.or([eb('x.status', '=', 'held'), eb('x.place', '<=', HOLDS_BOUGHT_SHOWN)]))
    .orderBy('x.status', 'desc')
    .orderBy('x.expires_at')
    .orderBy('x.id')
    .execute()
  for (const row of rows) {
    const k = groupKey(row.product_id, row.product_variant_id)
    byGroup.set(k, [
      ...(byGroup.get(k) ?? []),
      {
        id: row.id,
        customerId: row.customer_id,
        customerName: row.customer_name,
        quantity: row.quantity,
        status: row.status === 'held' ? 'held' : 'claimed',
        expiresAt: row.expires_at,
        settledAt: row.settled_at,
        orderId: row.order_id,
        orderNumber: row.order_number,
      },
    ])
  }
  return byGroup
}
