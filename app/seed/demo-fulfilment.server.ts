import { type PricingLine, priceCart } from '~/cart/pricing'
import { sellingUnit } from '~/catalog/variants'
import { estimatePieceCents } from '~/catalog/weight'
import { upcomingSlots, type WindowRule } from '~/fulfilment/windows'
import type { DB } from '~/platform/db/db.server'
import { addDays, farmInstant } from '~/platform/farm-clock'
import { getPricingSettings } from '~/settings/settings.server'
import {
  DEMO_LOCAL_ONLY_CATEGORIES,
  demoCustomers,
  demoDeliveryZone,
  demoFarmPickup,
  demoMarketPickup,
  demoOrders,
} from './demo-data'
import {
  createCustomer,
  createDeliveryZone,
  createOrder,
  createPickupPlace,
  createWindow,
} from './factories.server'

// The demo farm's pickups, local delivery and a few weeks of orders (issue 16 item 7), so that
// "This week" and the dashboard show real work on a fresh install. Upcoming orders fall in the
// next open windows on the farm's clock at the moment of seeding. They do not take stock: the
// shop's stock stays the demo numbers the storefront tests count on.

type WindowSpec = (typeof demoFarmPickup.windows)[number]

async function addWindows(
  db: DB,
  owner: { place_id: string } | { zone_id: string },
  windows: readonly WindowSpec[],
) {
  const rules: WindowRule[] = []
  for (const spec of windows) {
    const row = await createWindow(db, owner, {
      weekday: spec.weekday,
      start_time: spec.start_time,
      end_time: spec.end_time,
      capacity: spec.capacity ?? null,
      cutoff_hours: spec.cutoff_hours ?? null,
      cutoff_days_before: spec.cutoff_days_before ?? null,
      cutoff_time: spec.cutoff_time ?? null,
    })
    rules.push({
      id: row.id,
      placeId: 'place_id' in owner ? owner.place_id : null,
      zoneId: 'zone_id' in owner ? owner.zone_id : null,
      weekday: spec.weekday,
      onDate: null,
      startTime: spec.start_time,
      endTime: spec.end_time,
      capacity: spec.capacity ?? null,
      cutoffHours: spec.cutoff_hours ?? null,
      cutoffDaysBefore: spec.cutoff_days_before ?? null,
      cutoffTime: spec.cutoff_time ?? null,
    })
  }
  return rules
}

export type DemoFulfilment = Awaited<ReturnType<typeof seedDemoFulfilment>>

/**
 * The demo farm's places, zone and orders; its places' window rules, its customers' ids and
 * its products (with their options) for what comes after.
 */
export async function seedDemoFulfilment(db: DB, now = new Date()) {
  // Migration 0008 made the farm the first pickup place; it gets the demo farm's details.
  const farmPlace = await db
    .selectFrom('pickup_places')
    .select('id')
    .orderBy('display_order')
    .orderBy('created_at')
    .executeTakeFirst()
  const farmPlaceId =
    farmPlace?.id ?? (await createPickupPlace(db, { name: demoFarmPickup.name })).id
  const { windows: farmWindows, ...farmDetails } = demoFarmPickup
  await db.updateTable('pickup_places').set(farmDetails).where('id', '=', farmPlaceId).execute()
  const { windows: marketWindows, ...marketDetails } = demoMarketPickup
  const market = await createPickupPlace(db, { ...marketDetails, display_order: 1 })
  const { days, ...zoneDetails } = demoDeliveryZone
  const zone = await createDeliveryZone(db, zoneDetails)

  const places = {
    farm: { rules: await addWindows(db, { place_id: farmPlaceId }, farmWindows), ...farmDetails },
    market: {
      rules: await addWindows(db, { place_id: market.id }, marketWindows),
      ...marketDetails,
    },
    delivery: { rules: await addWindows(db, { zone_id: zone.id }, days), ...zoneDetails },
  }

  await db
    .updateTable('products')
    .set({ local_only: true })
    .where('category', 'in', [...DEMO_LOCAL_ONLY_CATEGORIES])
    .execute()

  const products = await db
    .selectFrom('products')
    .leftJoin('product_variants', 'product_variants.product_id', 'products.id')
    .select([
      'products.id',
      'products.name',
      'products.unit',
      'products.price_cents',
      'products.average_weight_centi_lb',
      'product_variants.id as variant_id',
      'product_variants.name as variant_name',
      'product_variants.price_cents as variant_price_cents',
    ])
    .execute()
  const settings = await getPricingSettings(db)

  const customerIds: string[] = []
  for (const person of demoCustomers) {
    const { id } = await createCustomer(db, person)
    customerIds.push(id)
  }

  for (const order of demoOrders) {
    const where = places[order.where]
    // The next open slot of this place (upcoming orders), or a week before today (past ones).
    const next = upcomingSlots({ rules: where.rules, closed: [], booked: new Map(), now })[0]
    const rule = where.rules[0]
    if (!next || !rule) continue
    const date = order.past ? addDays(next.date, -7 * order.past) : next.date
    const pricing: PricingLine[] = []
    const lines = order.items.map((item) => {
      const row = findDemoProduct(products, item)
      // Steaks on card orders were sold before the farm priced them by weight (ADR 30).
      const average = order.paidByCard || item.variant ? null : row.average_weight_centi_lb
      pricing.push(
        average
          ? {
              unitPriceCents: row.price_cents,
              quantity: item.quantity,
              averageWeightCentiLb: average,
            }
          : {
              unitPriceCents: (item.variant ? row.variant_price_cents : null) ?? row.price_cents,
              quantity: item.quantity,
            },
      )
      if (average) {
        const estimate = estimatePieceCents(row.price_cents, average)
        return {
          product_id: row.id,
          product_variant_id: null,
          product_name: row.name,
          variant_name: null,
          unit: row.unit,
          unit_price_cents: estimate,
          quantity: item.quantity,
          sold_by_weight: true,
          price_per_lb_cents: row.price_cents,
          estimated_cents: estimate,
          average_weight_centi_lb: average,
        }
      }
      return {
        product_id: row.id,
        product_variant_id: item.variant ? row.variant_id : null,
        product_name: row.name,
        variant_name: item.variant ? row.variant_name : null,
        unit: sellingUnit(row.unit, item.variant ? row.variant_name : null),
        unit_price_cents: (item.variant ? row.variant_price_cents : null) ?? row.price_cents,
        quantity: item.quantity,
        sold_by_weight: false,
      }
    })
    const method = order.where === 'delivery' ? 'delivery' : 'pickup'
    const totals = priceCart({
      lines: pricing,
      promo: null,
      shippingMethod: method,
      settings,
      delivery: { feeCents: zone.fee_cents, freeOverCents: zone.free_over_cents },
    })
    const customerId = customerIds[order.customer] ?? customerIds[0] ?? ''
    const person = demoCustomers[order.customer] ?? demoCustomers[0]
    const slot = order.past ? { ...next, date } : next
    const placedAt = farmInstant(addDays(slot.date, order.past ? -3 : -2), '10:30')
    await createOrder(db, customerId, lines, {
      status: order.status,
      payment_method: order.paidByCard ? 'stripe' : 'offline',
      payment_status: order.status === 'completed' || order.paidByCard ? 'paid' : 'pending',
      email: person?.email ?? '',
      phone: person?.phone ?? '',
      ship_first_name: person?.first_name ?? '',
      ship_last_name: person?.last_name ?? '',
      ...(method === 'delivery' && order.address
        ? {
            ship_street: order.address.street,
            ship_city: 'Boise',
            ship_state: 'ID',
            ship_zip_code: order.address.zip,
          }
        : {}),
      shipping_method: method,
      subtotal_cents: totals.subtotalCents,
      shipping_cents: totals.shippingCents,
      tax_cents: totals.taxCents,
      total_cents: totals.totalCents,
      tax_rate_basis_points: totals.taxRateBasisPoints,
      authorised_cents: totals.estimated ? totals.maximumTotalCents : null,
      fulfilment_window_id: slot.windowId,
      fulfilment_date: slot.date,
      fulfilment_start: slot.startTime,
      fulfilment_end: slot.endTime,
      fulfilment_place: where.name,
      fulfilment_address: method === 'pickup' && 'address' in where ? where.address : null,
      fulfilment_instructions:
        method === 'pickup' && 'instructions' in where ? where.instructions : null,
      fulfilment_map_url: method === 'pickup' && 'map_url' in where ? where.map_url : null,
      created_at: placedAt < now ? placedAt : now,
      updated_at: placedAt < now ? placedAt : now,
    })
    if (!order.past && order.status !== 'cancelled') {
      await db
        .insertInto('fulfilment_bookings')
        .values({ window_id: slot.windowId, on_date: slot.date, booked: 1 })
        .onConflict((oc) =>
          oc.columns(['window_id', 'on_date']).doUpdateSet((eb) => ({
            booked: eb('fulfilment_bookings.booked', '+', 1),
          })),
        )
        .execute()
    }
  }
  return { places, customerIds, products }
}

/** The product (and option, when named) a demo order or subscription names. */
export function findDemoProduct<Row extends { name: string; variant_name: string | null }>(
  products: readonly Row[],
  item: { product: string; variant?: string },
): Row {
  const row = products.find(
    (p) => p.name === item.product && (item.variant ? p.variant_name === item.variant : true),
  )
  if (!row) throw new Error(`demo data names an unknown product: ${item.product}`)
  return row
}
