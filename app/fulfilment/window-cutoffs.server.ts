import type { DB } from '~/platform/db/db.server'
import type { WindowRule } from './windows'

// What a window's cut-off is computed from (cutoffOf), for whoever makes an order on a
// window's day ahead of time: a subscription's box is made when its cut-off passes.

export type CutoffRule = Pick<
  WindowRule,
  'startTime' | 'cutoffHours' | 'cutoffDaysBefore' | 'cutoffTime'
>

const CUTOFF_COLUMNS = ['start_time', 'cutoff_hours', 'cutoff_days_before', 'cutoff_time'] as const

type CutoffColumns = {
  start_time: string
  cutoff_hours: number | null
  cutoff_days_before: number | null
  cutoff_time: string | null
}

const toCutoffRule = (row: CutoffColumns): CutoffRule => ({
  startTime: row.start_time,
  cutoffHours: row.cutoff_hours,
  cutoffDaysBefore: row.cutoff_days_before,
  cutoffTime: row.cutoff_time,
})

/** The window's cut-off rule and whether it is still offered; undefined when it is gone. */
export async function getWindowCutoff(
  db: DB,
  windowId: string,
): Promise<(CutoffRule & { isActive: boolean }) | undefined> {
  const row = await db
    .selectFrom('fulfilment_windows')
    .select([...CUTOFF_COLUMNS, 'is_active'])
    .where('id', '=', windowId)
    .executeTakeFirst()
  return row && { ...toCutoffRule(row), isActive: Boolean(row.is_active) }
}

/** The cut-off rules of these windows, by id; a window gone from the table is not there. */
export async function windowCutoffsById(
  db: DB,
  windowIds: readonly string[],
): Promise<Map<string, CutoffRule>> {
  if (windowIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('fulfilment_windows')
    .select(['id', ...CUTOFF_COLUMNS])
    .where('id', 'in', [...new Set(windowIds)])
    .execute()
  return new Map(rows.map((row) => [row.id, toCutoffRule(row)]))
}

/** At most this many whole days separate any window's cut-off from its day. */
export async function longestCutoffLeadDays(db: DB): Promise<number> {
  const lead = await db
    .selectFrom('fulfilment_windows')
    .select((eb) => [
      eb.fn.max('cutoff_days_before').as('days'),
      eb.fn.max('cutoff_hours').as('hours'),
    ])
    .executeTakeFirst()
  return Math.max(Number(lead?.days ?? 0), Math.ceil(Number(lead?.hours ?? 0) / 24))
}
