import type { DB } from '~/platform/db/db.server'
import type { FulfilmentSetup } from './product-fulfilment'

// The farm's weekly fulfilment pattern for the product page's facts (product-fulfilment.ts):
// the active windows of active places and zones, in one query (a product page has a budget of
// four, ARCHITECTURE.md). Closed dates and capacity are checkout's business, not the pattern's.

/** Active places and zones that have active windows, in their display order. */
export async function loadFulfilmentSetup(db: DB): Promise<FulfilmentSetup> {
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
      'p.id as place_id',
      'p.name as place_name',
      'z.id as zone_id',
      'z.name as zone_name',
    ])
    .where('w.is_active', '=', true)
    .where((eb) => eb.or([eb('p.id', 'is not', null), eb('z.id', 'is not', null)]))
    .orderBy('p.display_order')
    .orderBy('p.name')
    .orderBy('z.display_order')
    .orderBy('z.name')
    .execute()

  type Entry = FulfilmentSetup['places'][number]
  const places = new Map<string, Entry>()
  const zones = new Map<string, Entry>()
  const add = (into: Map<string, Entry>, id: string, name: string, weekday: number | null) => {
    const entry = into.get(id) ?? { name, weekdays: [], datedOnly: true }
    if (weekday !== null) {
      if (!entry.weekdays.includes(weekday)) entry.weekdays.push(weekday)
      entry.datedOnly = false
    }
    into.set(id, entry)
  }
  for (const row of rows) {
    if (row.place_id && row.place_name) add(places, row.place_id, row.place_name, row.weekday)
    if (row.zone_id && row.zone_name) add(zones, row.zone_id, row.zone_name, row.weekday)
  }
  return { places: [...places.values()], zones: [...zones.values()] }
}
