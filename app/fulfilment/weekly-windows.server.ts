import type { DB } from '~/platform/db/db.server'

// The weekly windows (a weekday, not a one-off date): what a subscription's box may come in,
// as it comes back every week on the same day.

/** The ids of the active weekly windows. */
export async function weeklyWindowIds(db: DB): Promise<Set<string>> {
  const rows = await db
    .selectFrom('fulfilment_windows')
    .select('id')
    .where('is_active', '=', true)
    .where('weekday', 'is not', null)
    .where('on_date', 'is', null)
    .execute()
  return new Set(rows.map((row) => row.id))
}

/**
 * Every active weekly window with its pickup place or delivery zone (open or not), in no
 * particular order: the reader picks and sorts.
 */
export function listWeeklyWindowsWithOwners(db: DB) {
  return db
    .selectFrom('fulfilment_windows')
    .leftJoin('pickup_places', 'pickup_places.id', 'fulfilment_windows.place_id')
    .leftJoin('delivery_zones', 'delivery_zones.id', 'fulfilment_windows.zone_id')
    .select([
      'fulfilment_windows.id',
      'fulfilment_windows.place_id',
      'fulfilment_windows.zone_id',
      'fulfilment_windows.weekday',
      'fulfilment_windows.start_time',
      'fulfilment_windows.end_time',
      'fulfilment_windows.cutoff_hours',
      'fulfilment_windows.cutoff_days_before',
      'fulfilment_windows.cutoff_time',
      'pickup_places.name as place_name',
      'pickup_places.is_active as place_active',
      'pickup_places.display_order as place_order',
      'delivery_zones.name as zone_name',
      'delivery_zones.is_active as zone_active',
      'delivery_zones.zip_codes',
      'delivery_zones.display_order as zone_order',
    ])
    .where('fulfilment_windows.is_active', '=', true)
    .where('fulfilment_windows.weekday', 'is not', null)
    .where('fulfilment_windows.on_date', 'is', null)
    .execute()
}
