import { Outlet } from 'react-router'
import { getCurrentUser } from '~/auth/session.server'
import { pageMeta } from '~/farm/meta'
import type { ChromeHandle } from '~/shell/chrome'
import type { Route } from './+types/layout'

// The back office. It is not the guard: every admin loader and action calls requireAdmin
// itself. Its loader must not redirect either: after a refused (403) form post React Router runs
// the loaders above the error boundary, and a redirect here would turn the 403 into a 302.
// The frame (top bar, sections) is the root layout's, chosen by this handle, so an error page
// under /admin keeps it too (app/shell/admin/frame.tsx).

export const handle: ChromeHandle = { chrome: 'admin' }

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request)
  if (!user?.isAdmin) return { name: '' }
  return { name: `${user.firstName} ${user.lastName}`.trim() || user.email }
}

export default function AdminLayout() {
  return <Outlet />
}

// Each admin page names itself; this is the fallback, and admin pages are never indexed.
export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: 'Admin' }),
  { name: 'robots', content: 'noindex' },
]
