import type { DB } from '~/platform/db/db.server'
import { shareProductExpression } from '~/shares/share-product.server'
import {
  SHARE_ORDERED_ALONE,
  SHARE_PICKUP_NOT_SET,
  SHARE_PICKUP_ONLY,
  SHARES_OF_ONE_ANIMAL,
} from '~/shares/shares'
import type { FulfilmentMethod } from './methods'
import type { FulfilmentOffer, PickupPlaceOffer } from './offer'
import { closedOn, toRule, WINDOW_COLUMNS } from './window-rows.server'
import { slotKey, slotOn } from './windows'

// Beef shares are collected on their animal's pickup date, at the place the farm names (issue 32
// item 4): each animal has one one-off window of its own (`fulfilment_windows.animal_id`), with
// its own capacity. The animal's admin keeps it in step (shares/admin calls saveAnimalWindow in
// the transaction that saves the animal); checkout offers a cart of shares that window alone and
// never offers it to any other cart (shareOffer and shareProblem here, asked by offer.server.ts); This week lists its orders as "Beef
// shares" rather than in a pickup window's pack list.

export type AnimalWindowSpec = {
  placeId: string
  /** the animal's pickup date, 'YYYY-MM-DD' */
  date: string
  /** 'HH:MM' on the farm's clock */
  startTime: string
  endTime: string
  /** orders at most; null for no limit */
  capacity: number | null
}

/** The active pickup places an animal's shares can be collected at, for the animal's form. */
export async function listSharePickupPlaces(db: DB): Promise<Array<{ id: string; name: string }>> {
  return db
    .selectFrom('pickup_places')
    .select(['id', 'name'])
    .where('is_active', '=', true)
    .orderBy('display_order')
    .orderBy('name')
    .execute()
}

/** Where and when an animal's shares are collected, or null before the farm has said. */
export async function getAnimalWindow(
  db: DB,
  animalId: string,
): Promise<(AnimalWindowSpec & { id: string; placeName: string }) | null> {
  const row = await db
    .selectFrom('fulfilment_windows')
    .innerJoin('pickup_places', 'pickup_places.id', 'fulfilment_windows.place_id')
    .select([
      'fulfilment_windows.id',
      'fulfilment_windows.place_id',
      'fulfilment_windows.on_date',
      'fulfilment_windows.start_time',
      'fulfilment_windows.end_time',
      'fulfilment_windows.capacity',
      'pickup_places.name',
    ])
    .where('fulfilment_windows.animal_id', '=', animalId)
    .executeTakeFirst()
  if (!row?.place_id || !row.on_date) return null
  return {
    id: row.id,
    placeId: row.place_id,
    placeName: row.name,
    date: row.on_date,
    startTime: row.start_time,
    endTime: row.end_time,
    capacity: row.capacity,
  }
}

/**
 * Makes or moves the animal's window, in the caller's transaction (which has checked that the
 * place is one of listSharePickupPlaces). Shares already booked move with it: their booking row
 * follows the date, so the capacity still counts them. Orders keep their own copy of where and
 * when (ADR 18); This week lists shares on the animal's date.
 */
export async function saveAnimalWindow(
  trx: DB,
  animalId: string,
  spec: AnimalWindowSpec,
): Promise<void> {
  const values = {
    place_id: spec.placeId,
    on_date: spec.date,
    start_time: spec.startTime,
    end_time: spec.endTime,
    capacity: spec.capacity,
    is_active: true,
  }
  const existing = await trx
    .selectFrom('fulfilment_windows')
    .select(['id', 'on_date'])
    .where('animal_id', '=', animalId)
    .executeTakeFirst()
  if (!existing) {
    await trx
      .insertInto('fulfilment_windows')
      .values({
        id: crypto.randomUUID(),
        animal_id: animalId,
        zone_id: null,
        weekday: null,
        cutoff_hours: null,
        cutoff_days_before: null,
        cutoff_time: null,
        ...values,
      })
      .execute()
    return
  }
  await trx.updateTable('fulfilment_windows').set(values).where('id', '=', existing.id).execute()
  if (existing.on_date !== null && existing.on_date !== spec.date) {
    await trx
      .updateTable('fulfilment_bookings')
      .set({ on_date: spec.date })
      .where('window_id', '=', existing.id)
      .where('on_date', '=', existing.on_date)
      .execute()
  }
}

export type SharePickup = {
  /** the names of the cart's share products */
  shareNames: string[]
  /** whether the cart holds anything that is not a share */
  others: boolean
  /** the windows of the animals on sale through those products (one per animal) */
  windowIds: string[]
}

/**
 * What a cart's products say about share pickup: which are shares (a product with a Quarter,
 * Half or Whole option, ADR 31), whether anything else is in it, and their animals' windows.
 */
export async function sharePickupOf(db: DB, productIds: readonly string[]): Promise<SharePickup> {
  const ids = [...new Set(productIds)]
  if (ids.length === 0) return { shareNames: [], others: false, windowIds: [] }
  const shares = await db
    .selectFrom('products')
    .leftJoin('animals', (join) =>
      join
        .onRef('animals.product_id', '=', 'products.id')
        .on('animals.hanging_weight_centi_lb', 'is', null),
    )
    .leftJoin('fulfilment_windows', 'fulfilment_windows.animal_id', 'animals.id')
    .select(['products.id', 'products.name', 'fulfilment_windows.id as window_id'])
    .where('products.id', 'in', ids)
    .where(shareProductExpression())
    .orderBy('products.name')
    .execute()
  return {
    shareNames: shares.map((row) => row.name),
    others: shares.length < ids.length,
    windowIds: [
      ...new Set(shares.flatMap((row) => (row.window_id === null ? [] : [row.window_id]))),
    ],
  }
}

/** A cart of beef shares and nothing else: it is collected in its animal's own window. */
export const isShareCart = (share: SharePickup) => share.shareNames.length > 0 && !share.others

/** Why a cart with shares cannot have this method, or null when it can (or has no shares). */
export function shareProblem(share: SharePickup, method: FulfilmentMethod) {
  if (share.shareNames.length === 0) return null
  if (share.others) return { field: 'shippingMethod', message: SHARE_ORDERED_ALONE } as const
  if (share.windowIds.length > 1) {
    return { field: 'shippingMethod', message: SHARES_OF_ONE_ANIMAL } as const
  }
  if (method !== 'pickup') return { field: 'shippingMethod', message: SHARE_PICKUP_ONLY } as const
  if (share.windowIds.length === 0) return { field: 'slot', message: SHARE_PICKUP_NOT_SET } as const
  return null
}

/**
 * A share-only cart's offer: its animal's pickup date at the place the farm named, however far
 * ahead (the animal's date is often weeks away), and neither delivery nor shipping.
 */
export async function shareOffer(db: DB, share: SharePickup, now: Date): Promise<FulfilmentOffer> {
  const [windowId] = share.windowIds
  const window =
    windowId && share.windowIds.length === 1
      ? await db
          .selectFrom('fulfilment_windows')
          .innerJoin('pickup_places', 'pickup_places.id', 'fulfilment_windows.place_id')
          .select([
            ...WINDOW_COLUMNS,
            'pickup_places.name',
            'pickup_places.address',
            'pickup_places.instructions',
            'pickup_places.map_url',
          ])
          .where('fulfilment_windows.id', '=', windowId)
          .where('fulfilment_windows.is_active', '=', true)
          .where('pickup_places.is_active', '=', true)
          .executeTakeFirst()
      : undefined
  const places: PickupPlaceOffer[] = []
  if (window?.place_id && window.on_date) {
    const date = window.on_date
    const [closed, booking] = await Promise.all([
      closedOn(db, date),
      db
        .selectFrom('fulfilment_bookings')
        .select('booked')
        .where('window_id', '=', window.id)
        .where('on_date', '=', date)
        .executeTakeFirst(),
    ])
    const rule = toRule(window)
    const booked = new Map([[slotKey(rule.id, date), booking?.booked ?? 0]])
    const slot = slotOn(rule, date, { closed, booked, now })
    places.push({
      id: window.place_id,
      name: window.name,
      address: window.address,
      instructions: window.instructions,
      mapUrl: window.map_url,
      slots: slot ? [slot] : [],
    })
  }
  return { pickup: { kind: 'windows', places }, delivery: null, localOnly: share.shareNames }
}
