import type { DB } from '~/platform/db/db.server'

// Where and when the farm hands orders over (issue 22): Home's "Pickup places and days" (every
// active pickup place and delivery zone with its weekly windows) and the product page's facts
// (product-fulfilment.server.ts) both read the one query below.

export type WeeklyWindow = { weekday: number; startTime: string; endTime: string }

export type WeeklyPlace = { id: string; name: string; address: string; windows: WeeklyWindow[] }

export type WeeklyZone = { id: string; name: string; zipCodes: string; windows: WeeklyWindow[] }

export type WeeklySchedule = { places: WeeklyPlace[]; zones: WeeklyZone[] }

/**
 * Every active window of an active place or zone, joined to its owner; one-off windows
 * (`on_date`, no weekday) included. In no particular order: the readers sort. An animal's
 * window is left out: it is its beef shares' pickup (share-pickup.server.ts), not a farm day.
 */
export function listActiveWindows(db: DB) {
  return db
    .selectFrom('fulfilment_windows as w')
    .leftJoin('pickup_places as p', (join) =>
      join.onRef('p.id', '=', 'w.place_id').on('p.is_active', '=', true),
    )
    .leftJoin('delivery_zones as z', (join) =>
      join.onRef('z.id', '=', 'w.zone_id').on('z.is_active', '=', true),
    )
    .select([
      'w.weekday',
      'w.start_time',
      'w.end_time',
      'p.id as place_id',
      'p.name as place_name',
      'p.address as place_address',
      'p.display_order as place_order',
      'z.id as zone_id',
      'z.name as zone_name',
      'z.zip_codes as zone_zip_codes',
      'z.display_order as zone_order',
    ])
    .where('w.is_active', '=', true)
    .where('w.animal_id', 'is', null)
    .where((eb) => eb.or([eb('p.id', 'is not', null), eb('z.id', 'is not', null)]))
    .execute()
}

/** The entry kept under `key`, made and kept first when there is none. */
export function entryFor<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  const found = map.get(key)
  if (found !== undefined) return found
  const made = make()
  map.set(key, made)
  return made
}

/** Owners as the admin ordered them (display order, then name). */
export function inDisplayOrder<T extends { order: number; name: string }>(owners: Iterable<T>) {
  return [...owners].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name))
}

/** Monday first, as a farm's week reads; 0 = Sunday comes last. */
const weekOrder = (weekday: number) => (weekday + 6) % 7

export async function listWeeklySchedule(db: DB): Promise<WeeklySchedule> {
  const places = new Map<string, WeeklyPlace & { order: number }>()
  const zones = new Map<string, WeeklyZone & { order: number }>()
  for (const row of await listActiveWindows(db)) {
    // A one-off date is checkout's business, not a week's picture.
    if (row.weekday === null) continue
    const { place_id: placeId, zone_id: zoneId } = row
    const owner =
      placeId !== null
        ? entryFor(places, placeId, () => ({
            id: placeId,
            name: row.place_name ?? '',
            address: row.place_address ?? '',
            order: row.place_order ?? 0,
            windows: [],
          }))
        : zoneId !== null
          ? entryFor(zones, zoneId, () => ({
              id: zoneId,
              name: row.zone_name ?? '',
              zipCodes: row.zone_zip_codes ?? '',
              order: row.zone_order ?? 0,
              windows: [],
            }))
          : null
    owner?.windows.push({ weekday: row.weekday, startTime: row.start_time, endTime: row.end_time })
  }
  const byWeek = (a: WeeklyWindow, b: WeeklyWindow) =>
    weekOrder(a.weekday) - weekOrder(b.weekday) || a.startTime.localeCompare(b.startTime)
  const tidy = <T extends { order: number; name: string; windows: WeeklyWindow[] }>(
    owners: Iterable<T>,
  ) =>
    inDisplayOrder(owners).map(({ order: _, ...owner }) => ({
      ...owner,
      windows: owner.windows.sort(byWeek),
    }))
  return { places: tidy(places.values()), zones: tidy(zones.values()) }
}
