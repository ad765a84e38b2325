import { requireAdmin } from '~/auth/guards.server'
import type { Route } from './+types/newsletter-export'

// Placeholder: built in issue 6.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return new Response('', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } })
}
