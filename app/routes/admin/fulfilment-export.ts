import { requireAdmin } from '~/auth/guards.server'
import { type ExportList, loadThisWeek, thisWeekCsv } from '~/fulfilment/admin/this-week.server'
import { getDb } from '~/platform/db/db.server'
import type { Route } from './+types/fulfilment-export'

// /admin/fulfilment/export.csv?list=pick|pack|run&day=YYYY-MM-DD: This week's lists for a
// spreadsheet or the driver's phone.
const LISTS: Record<string, ExportList> = { pick: 'pick', pack: 'pack', run: 'run' }
const NAMES: Record<ExportList, string> = {
  pick: 'pick-list',
  pack: 'pack-list',
  run: 'delivery-run',
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const url = new URL(request.url)
  const list = LISTS[url.searchParams.get('list') ?? 'pick'] ?? 'pick'
  const week = await loadThisWeek(getDb(), url.searchParams.get('day'))
  return new Response(thisWeekCsv(week, list), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${NAMES[list]}-${week.day}.csv"`,
      'Cache-Control': 'no-store',
    },
  })
}
