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
  for (const row of await listActiveWindows(db)) {
    // A window belongs to a place or to a zone; both read the same way here.
    const owners = [
      [places, row.place_id, row.place_name, row.place_order],
      [zones, row.zone_id, row.zone_name, row.zone_order],
    ] as const
    for (const [entries, id, name, order] of owners) {
      if (id === null || name === null) continue
      const entry = entryFor(entries, id, () => ({
        name,
        order: order ?? 0,
        weekdays: [],
        datedOnly: true,
      }))
      if (row.weekday === null) continue
      if (!entry.weekdays.includes(row.weekday)) entry.weekdays.push(row.weekday)
      entry.datedOnly = false
    }
  }
  const pattern = (entries: Iterable<Entry>) =>
    inDisplayOrder(entries).map(({ order: _, ...entry }) => entry)
  return { places: pattern(places.values()), zones: pattern(zones.values()) }
}
