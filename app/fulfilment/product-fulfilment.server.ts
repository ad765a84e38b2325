import type { DB } from '~/platform/db/db.server'
import type { FulfilmentSetup } from './product-fulfilment'
import { entryFor, inDisplayOrder, listActiveWindows } from './weekly-schedule.server'

// The farm's fulfilment pattern for the product page's facts (product-fulfilment.ts), from the
// same one query as Home's schedule (a product page has a budget of four, ARCHITECTURE.md).
// Closed dates and capacity are checkout's business, not the pattern's.

type Entry = FulfilmentSetup['places'][number] & { order: number }

/** Active places and zones that have active windows, in their display order. */
export async function loadFulfilmentSetup(db: DB): Promise<FulfilmentSetup> {
  const places = new Map<string, Entry>()
  const zones = new Map<string, Entry>()
  const add = (entry: Entry, weekday: number | null) => {
    if (weekday === null) return
    if (!entry.weekdays.includes(weekday)) entry.weekdays.push(weekday)
    entry.datedOnly = false
  }
  for (const row of await listActiveWindows(db)) {
    const { place_id: placeId, zone_id: zoneId, place_name: placeName, zone_name: zoneName } = row
    if (placeId !== null && placeName !== null) {
      const order = row.place_order ?? 0
      const entry = entryFor(places, placeId, () => ({
        name: placeName,
        order,
        weekdays: [],
        datedOnly: true,
      }))
      add(entry, row.weekday)
    }
    if (zoneId !== null && zoneName !== null) {
      const order = row.zone_order ?? 0
      const entry = entryFor(zones, zoneId, () => ({
        name: zoneName,
        order,
        weekdays: [],
        datedOnly: true,
      }))
      add(entry, row.weekday)
    }
  }
  const pattern = (entries: Iterable<Entry>) =>
    inDisplayOrder(entries).map(({ order: _, ...entry }) => entry)
  return { places: pattern(places.values()), zones: pattern(zones.values()) }
}
