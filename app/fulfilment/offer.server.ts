import type { DB } from '~/platform/db/db.server'
import { addDays, farmDayOf } from '~/platform/farm-clock'
import { formatCents } from '~/platform/ui/price'
import { farmHoursChoice, farmHoursPickup } from './farm-hours-pickup.server'
import {
  BELOW_DELIVERY_MINIMUM,
  type DeliveryTerms,
  isShipping,
  SHIPPING_NOT_FOR_LOCAL_ONLY,
  SLOT_GONE,
  SLOT_REQUIRED_DELIVERY,
  SLOT_REQUIRED_PICKUP,
  slotFullMessage,
  ZIP_NOT_IN_ZONE,
  ZIP_OUTSIDE_ZONES,
} from './methods'
import {
  type FulfilmentChoice,
  type FulfilmentOffer,
  NO_SNAPSHOT,
  type ResolvedFulfilment,
} from './offer'
import { isShareCart, shareOffer, sharePickupOf, shareProblem } from './share-pickup.server'
import { closedOn, toRule, WINDOW_COLUMNS } from './window-rows.server'
import {
  type ClosedDay,
  cutoffOf,
  HORIZON_DAYS,
  isClosed,
  occursOn,
  parseSlotKey,
  slotLabel,
  upcomingSlots,
  type WindowRule,
} from './windows'
import { zipInList } from './zip-codes'

// What a cart can choose at checkout (ADR 18), and the check of a choice: the checkout's
// steps ask it for early answers, and placeOrder asks it again inside its transaction, where
// the capacity is then taken with one conditional UPDATE (booking.server.ts). A cart of beef
// shares is offered, and checked against, its animal's window (share-pickup.server.ts).

const SLOTS_SHOWN = 6

/** The names of these products that are pickup or local delivery only. */
export async function localOnlyNames(db: DB, productIds: readonly string[]): Promise<string[]> {
  if (productIds.length === 0) return []
  const rows = await db
    .selectFrom('products')
    .select('name')
    .where('id', 'in', [...new Set(productIds)])
    .where('local_only', '=', true)
    .orderBy('name')
    .execute()
  return rows.map((row) => row.name)
}

/** Every pickup place, zone and window the shop offers now, with their slots ahead. */
export async function loadFulfilmentOffer(
  db: DB,
  productIds: readonly string[],
  now = new Date(),
): Promise<FulfilmentOffer> {
  const share = await sharePickupOf(db, productIds)
  if (isShareCart(share)) return shareOffer(db, share, now)
  const today = farmDayOf(now)
  const until = addDays(today, HORIZON_DAYS)
  const [places, zones, windows, closed, booked, localOnly] = await Promise.all([
    db
      .selectFrom('pickup_places')
      .select(['id', 'name', 'address', 'instructions', 'map_url'])
      .where('is_active', '=', true)
      .orderBy('display_order')
      .orderBy('name')
      .execute(),
    db
      .selectFrom('delivery_zones')
      .select(['id', 'name', 'zip_codes', 'fee_cents', 'free_over_cents', 'minimum_cents'])
      .where('is_active', '=', true)
      .orderBy('display_order')
      .orderBy('name')
      .execute(),
    db
      .selectFrom('fulfilment_windows')
      .select(WINDOW_COLUMNS)
      .where('is_active', '=', true)
      // An animal's window is its shares' alone (share-pickup.server.ts).
      .where('animal_id', 'is', null)
      .execute(),
    db
      .selectFrom('closed_dates')
      .select(['on_date', 'place_id', 'zone_id'])
      .where('on_date', '>=', today)
      .where('on_date', '<=', until)
      .execute(),
    db
      .selectFrom('fulfilment_bookings')
      .select(['window_id', 'on_date', 'booked'])
      .where('on_date', '>=', today)
      .where('on_date', '<=', until)
      .execute(),
    localOnlyNames(db, productIds),
  ])
  const closedDays: ClosedDay[] = closed.map((row) => ({
    onDate: row.on_date,
    placeId: row.place_id,
    zoneId: row.zone_id,
  }))
  const bookedBySlot = new Map(
    booked.map((row) => [`${row.window_id}:${row.on_date}`, row.booked] as const),
  )
  const rules = windows.map(toRule)
  // A phone shows a handful of times per place well; more than that is scrolling, not choice.
  const slotsFor = (owner: (rule: WindowRule) => boolean) =>
    upcomingSlots({
      rules: rules.filter(owner),
      closed: closedDays,
      booked: bookedBySlot,
      now,
    }).slice(0, SLOTS_SHOWN)

  const placesWithWindows = places
    .map((place) => ({
      id: place.id,
      name: place.name,
      address: place.address,
      instructions: place.instructions,
      mapUrl: place.map_url,
      hasWindows: rules.some((rule) => rule.placeId === place.id),
      slots: slotsFor((rule) => rule.placeId === place.id),
    }))
    .filter((place) => place.hasWindows)
    .map(({ hasWindows: _, ...place }) => place)

  const pickup: FulfilmentOffer['pickup'] =
    placesWithWindows.length > 0
      ? { kind: 'windows', places: placesWithWindows }
      : await farmHoursPickup(db, places[0])

  const zoneOffers = zones
    .map((zone) => ({
      id: zone.id,
      name: zone.name,
      zipCodes: zone.zip_codes,
      terms: { feeCents: zone.fee_cents, freeOverCents: zone.free_over_cents },
      minimumCents: zone.minimum_cents,
      slots: slotsFor((rule) => rule.zoneId === zone.id),
    }))
    .filter((zone) => rules.some((rule) => rule.zoneId === zone.id))

  return { pickup, delivery: zoneOffers.length > 0 ? zoneOffers : null, localOnly }
}

/**
 * Checks a shopper's choice against the shop as it is now: the method suits the cart, the
 * window exists, is on, happens that day, is not closed, its cut-off is ahead, it has room
 * (read here; taken for certain by takeSlot), and for delivery the ZIP is in the window's zone
 * and the order reaches the zone's minimum.
 */
export async function resolveFulfilment(
  db: DB,
  choice: FulfilmentChoice,
  now = new Date(),
): Promise<ResolvedFulfilment> {
  const share = await sharePickupOf(db, choice.productIds)
  const refusedForShares = shareProblem(share, choice.method)
  if (refusedForShares) return { ok: false, reason: 'fulfilment', ...refusedForShares }
  const shareCart = isShareCart(share)
  if (isShipping(choice.method)) {
    const localOnly = await localOnlyNames(db, choice.productIds)
    if (localOnly.length > 0) {
      return {
        ok: false,
        reason: 'fulfilment',
        field: 'shippingMethod',
        message: SHIPPING_NOT_FOR_LOCAL_ONLY(localOnly),
      }
    }
    return { ok: true, snapshot: NO_SNAPSHOT, booking: null, delivery: null }
  }

  const kind = choice.method
  const requiredMessage = kind === 'pickup' ? SLOT_REQUIRED_PICKUP : SLOT_REQUIRED_DELIVERY
  if (kind === 'delivery') {
    const zones = await db
      .selectFrom('delivery_zones')
      .select(['id', 'zip_codes'])
      .where('is_active', '=', true)
      .execute()
    if (!zones.some((zone) => zipInList(choice.zipCode, zone.zip_codes))) {
      return {
        ok: false,
        reason: 'fulfilment',
        field: 'zipCode',
        message: ZIP_OUTSIDE_ZONES(choice.zipCode),
      }
    }
  }

  const parsed = parseSlotKey(choice.slot)
  if (!parsed) {
    if (kind === 'pickup' && choice.slot.trim() === '' && !shareCart) {
      // No slot is right only when the farm offers pickup during its hours, without windows.
      const anyWindow = await db
        .selectFrom('fulfilment_windows')
        .innerJoin('pickup_places', 'pickup_places.id', 'fulfilment_windows.place_id')
        .select('fulfilment_windows.id')
        .where('fulfilment_windows.is_active', '=', true)
        .where('fulfilment_windows.animal_id', 'is', null)
        .where('pickup_places.is_active', '=', true)
        .limit(1)
        .executeTakeFirst()
      if (!anyWindow) return farmHoursChoice(db)
    }
    return { ok: false, reason: 'fulfilment', field: 'slot', message: requiredMessage }
  }

  const window = await db
    .selectFrom('fulfilment_windows')
    .leftJoin('pickup_places', 'pickup_places.id', 'fulfilment_windows.place_id')
    .leftJoin('delivery_zones', 'delivery_zones.id', 'fulfilment_windows.zone_id')
    .select([
      ...WINDOW_COLUMNS,
      'fulfilment_windows.is_active',
      'fulfilment_windows.animal_id',
      'pickup_places.name as place_name',
      'pickup_places.address as place_address',
      'pickup_places.instructions as place_instructions',
      'pickup_places.map_url as place_map_url',
      'pickup_places.is_active as place_active',
      'delivery_zones.name as zone_name',
      'delivery_zones.zip_codes',
      'delivery_zones.fee_cents',
      'delivery_zones.free_over_cents',
      'delivery_zones.minimum_cents',
      'delivery_zones.is_active as zone_active',
    ])
    .where('fulfilment_windows.id', '=', parsed.windowId)
    .executeTakeFirst()
  const ownerActive = kind === 'pickup' ? window?.place_active : window?.zone_active
  const belongs = kind === 'pickup' ? window?.place_id : window?.zone_id
  // A pickup time left ticked when the shopper switched to delivery (or the reverse) is no
  // choice for this method at all; nor is a share's window for other carts, or the reverse.
  const sharesWindow = shareCart ? window?.id === share.windowIds[0] : window?.animal_id === null
  if (window && (!belongs || !sharesWindow))
    return { ok: false, reason: 'fulfilment', field: 'slot', message: requiredMessage }
  if (!window?.is_active || !ownerActive) {
    return { ok: false, reason: 'fulfilment', field: 'slot', message: SLOT_GONE }
  }
  const rule = toRule(window)
  const today = farmDayOf(now)
  // An animal's pickup date is offered however far ahead it is.
  const inHorizon =
    parsed.date >= today && (shareCart || parsed.date < addDays(today, HORIZON_DAYS))
  const closedDays = await closedOn(db, parsed.date)
  if (
    !inHorizon ||
    !occursOn(rule, parsed.date) ||
    isClosed(closedDays, rule, parsed.date) ||
    cutoffOf(rule, parsed.date).getTime() <= now.getTime()
  ) {
    return { ok: false, reason: 'fulfilment', field: 'slot', message: SLOT_GONE }
  }
  const label = slotLabel({
    date: parsed.date,
    startTime: rule.startTime,
    endTime: rule.endTime,
  })
  if (rule.capacity !== null) {
    const booking = await db
      .selectFrom('fulfilment_bookings')
      .select('booked')
      .where('window_id', '=', rule.id)
      .where('on_date', '=', parsed.date)
      .executeTakeFirst()
    if ((booking?.booked ?? 0) >= rule.capacity) {
      return { ok: false, reason: 'slot-full', field: 'slot', message: slotFullMessage(label) }
    }
  }

  let delivery: DeliveryTerms | null = null
  if (kind === 'delivery') {
    const zoneName = window.zone_name ?? ''
    if (!zipInList(choice.zipCode, window.zip_codes ?? '')) {
      return { ok: false, reason: 'fulfilment', field: 'slot', message: ZIP_NOT_IN_ZONE(zoneName) }
    }
    const minimum = window.minimum_cents ?? 0
    if (choice.subtotalCents < minimum) {
      return {
        ok: false,
        reason: 'fulfilment',
        field: 'shippingMethod',
        message: BELOW_DELIVERY_MINIMUM(formatCents(minimum), zoneName),
      }
    }
    delivery = { feeCents: window.fee_cents ?? 0, freeOverCents: window.free_over_cents ?? null }
  }

  return {
    ok: true,
    booking: { windowId: rule.id, date: parsed.date, label },
    delivery,
    snapshot: {
      fulfilment_window_id: rule.id,
      fulfilment_date: parsed.date,
      fulfilment_start: rule.startTime,
      fulfilment_end: rule.endTime,
      fulfilment_place: kind === 'pickup' ? window.place_name : window.zone_name,
      fulfilment_address: kind === 'pickup' ? window.place_address : null,
      fulfilment_instructions: kind === 'pickup' ? window.place_instructions || null : null,
      fulfilment_map_url: kind === 'pickup' ? window.place_map_url : null,
    },
  }
}
