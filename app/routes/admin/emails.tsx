import { AdminPageHeader } from '~/admin/ui/admin-page'
import { requireAdmin } from '~/auth/guards.server'
import type { Route } from './+types/emails'

// Placeholder: built in issue 6.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return null
}

export default function AdminEmails() {
  return <AdminPageHeader title="Emails" />
}
