import type { DB } from '~/platform/db/db.server'

// Where and when the farm hands orders over in an ordinary week (issue 22, Home's "Pickup
// places and days"): every active pickup place and delivery zone with its weekly windows. One
// query, the windows joined to their owners; one-off dates (on_date) are checkout's business,
// not a week's picture.

export type WeeklyWindow = { weekday: number; startTime: string; endTime: string }

export type WeeklyPlace = { id: string; name: string; address: string; windows: WeeklyWindow[] }

export type WeeklyZone = { id: string; name: string; zipCodes: string; windows: WeeklyWindow[] }

export type WeeklySchedule = { places: WeeklyPlace[]; zones: WeeklyZone[] }

/** Monday first, as a farm's week reads; 0 = Sunday comes last. */
const weekOrder = (weekday: number) => (weekday + 6) % 7

export async function listWeeklySchedule(db: DB): Promise<WeeklySchedule> {
  const rows = await db
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
    .where('w.weekday', 'is not', null)
    .where((eb) => eb.or([eb('p.id', 'is not', null), eb('z.id', 'is not', null)]))
    .execute()

  const places = new Map<string, WeeklyPlace & { order: number }>()
  const zones = new Map<string, WeeklyZone & { order: number }>()
  for (const row of rows) {
    if (row.weekday === null) continue
    const window = { weekday: row.weekday, startTime: row.start_time, endTime: row.end_time }
    if (row.place_id !== null) {
      let place = places.get(row.place_id)
      if (!place) {
        place = {
          id: row.place_id,
          name: row.place_name ?? '',
          address: row.place_address ?? '',
          order: row.place_order ?? 0,
          windows: [],
        }
        places.set(row.place_id, place)
      }
      place.windows.push(window)
    } else if (row.zone_id !== null) {
      let zone = zones.get(row.zone_id)
      if (!zone) {
        zone = {
          id: row.zone_id,
          name: row.zone_name ?? '',
          zipCodes: row.zone_zip_codes ?? '',
          order: row.zone_order ?? 0,
          windows: [],
        }
        zones.set(row.zone_id, zone)
      }
      zone.windows.push(window)
    }
  }
  const byWeek = (a: WeeklyWindow, b: WeeklyWindow) =>
    weekOrder(a.weekday) - weekOrder(b.weekday) || a.startTime.localeCompare(b.startTime)
  const inOrder = <T extends { order: number; name: string; windows: WeeklyWindow[] }>(
    owners: Iterable<T>,
  ) =>
    [...owners]
      .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name))
      .map(({ order: _, ...owner }) => ({ ...owner, windows: owner.windows.sort(byWeek) }))
  return { places: inOrder(places.values()), zones: inOrder(zones.values()) }
}
