import type { DB } from '~/platform/db/db.server'
import type { ClosedDay, WindowRule } from './windows'

// A fulfilment window's row as the checkout reads it, said once for the offer and the check
// of a choice (offer.server.ts) and for a share's own window (share-pickup.server.ts).

export type WindowRow = {
  id: string
  place_id: string | null
  zone_id: string | null
  weekday: number | null
  on_date: string | null
  start_time: string
  end_time: string
  capacity: number | null
  cutoff_hours: number | null
  cutoff_days_before: number | null
  cutoff_time: string | null
}

export const WINDOW_COLUMNS = [
  'fulfilment_windows.id',
  'fulfilment_windows.place_id',
  'fulfilment_windows.zone_id',
  'fulfilment_windows.weekday',
  'fulfilment_windows.on_date',
  'fulfilment_windows.start_time',
  'fulfilment_windows.end_time',
  'fulfilment_windows.capacity',
  'fulfilment_windows.cutoff_hours',
  'fulfilment_windows.cutoff_days_before',
  'fulfilment_windows.cutoff_time',
] as const

export function toRule(row: WindowRow): WindowRule {
  return {
    id: row.id,
    placeId: row.place_id,
    zoneId: row.zone_id,
    weekday: row.weekday,
    onDate: row.on_date,
    startTime: row.start_time,
    endTime: row.end_time,
    capacity: row.capacity,
    cutoffHours: row.cutoff_hours,
    cutoffDaysBefore: row.cutoff_days_before,
    cutoffTime: row.cutoff_time,
  }
}
/** The holidays on one day. */
export async function closedOn(db: DB, date: string): Promise<ClosedDay[]> {
  const rows = await db
    .selectFrom('closed_dates')
    .select(['on_date', 'place_id', 'zone_id'])
    .where('on_date', '=', date)
    .execute()
  return rows.map((row) => ({ onDate: row.on_date, placeId: row.place_id, zoneId: row.zone_id }))
}
