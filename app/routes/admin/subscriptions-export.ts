import { requireAdmin } from '~/auth/guards.server'
import { getDb } from '~/platform/db/db.server'
import { formatFarmDateTime } from '~/platform/farm-clock'
import {
  exportSubscriptionsCsv,
  subscriptionFilter,
} from '~/subscriptions/admin/subscriptions.server'
import type { Route } from './+types/subscriptions-export'

// /admin/subscriptions/export?q=&status=: every subscription the list shows for the same
// search and filter.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const csv = await exportSubscriptionsCsv(getDb(), subscriptionFilter(new URL(request.url)))
  const day = formatFarmDateTime(new Date()).slice(0, 10)
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="subscriptions-${day}.csv"`,
      'Cache-Control': 'no-store',
    },
  })
}
