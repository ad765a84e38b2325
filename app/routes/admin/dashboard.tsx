import { requireAdmin } from '~/auth/guards.server'
import { getDashboard } from '~/dashboard/dashboard.server'
import { DashboardPage } from '~/dashboard/dashboard-page'
import { pageMeta } from '~/farm/meta'
import { nextFulfilmentDay } from '~/fulfilment/admin/this-week.server'
import { getDb } from '~/platform/db/db.server'
import { subscriptionDashboard } from '~/subscriptions/admin/coming-boxes.server'
import type { Route } from './+types/dashboard'

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request)
  const db = getDb()
  const [dashboard, nextDay, subscriptions] = await Promise.all([
    getDashboard(db),
    nextFulfilmentDay(db),
    subscriptionDashboard(db),
  ])
  return {
    firstName: admin.firstName,
    ...dashboard,
    nextDay,
    subscriptions,
  }
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  return <DashboardPage {...loaderData} />
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Admin Dashboard' })
