import { requireAdmin } from '~/auth/guards.server'
import { exportOrdersCsv } from '~/orders/admin/order-csv.server'
import { orderFilter } from '~/orders/admin/orders.server'
import { getDb } from '~/platform/db/db.server'
import { formatFarmDateTime } from '~/platform/farm-clock'
import type { Route } from './+types/orders-export'

// /admin/orders.csv?q=&status=: every order the list shows for the same search and filter.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const csv = await exportOrdersCsv(getDb(), orderFilter(new URL(request.url)))
  const day = formatFarmDateTime(new Date()).slice(0, 10)
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="orders-${day}.csv"`,
      'Cache-Control': 'no-store',
    },
  })
}
