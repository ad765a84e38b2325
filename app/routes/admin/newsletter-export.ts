import { requireAdmin } from '~/auth/guards.server'
import { exportSubscribersCsv, isSubscriberStatus } from '~/newsletter/admin/newsletter.server'
import { getDb } from '~/platform/db/db.server'
import type { Route } from './+types/newsletter-export'

// The subscriber list as a CSV file (D13), for the farm's mailing tool: every subscriber, or
// one status with ?status=confirmed. Addresses are personal data: never cached.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const requested = new URL(request.url).searchParams.get('status')
  const status = isSubscriberStatus(requested) ? requested : null
  const csv = await exportSubscribersCsv(getDb(), status)
  const day = new Date().toISOString().slice(0, 10)
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="newsletter-${status ?? 'all'}-${day}.csv"`,
      'Cache-Control': 'no-store',
    },
  })
}
