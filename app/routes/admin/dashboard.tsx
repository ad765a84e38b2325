import { requireAdmin } from '~/auth/guards.server'
import { pageMeta } from '~/content/meta'
import type { Route } from './+types/dashboard'

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request)
  return { firstName: admin.firstName }
}

// The back-office itself arrives with the admin issue; this page holds its place and its guard.
export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="font-display text-3xl font-bold text-pasture-800">Admin Dashboard</h1>
      <p className="mt-4 text-muted">Welcome, {loaderData.firstName}.</p>
    </section>
  )
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Admin Dashboard' })
