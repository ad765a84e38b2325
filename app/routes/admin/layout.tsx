import { NavLink, Outlet } from 'react-router'
import { getCurrentUser } from '~/auth/session.server'
import { pageMeta } from '~/farm/meta'
import type { Route } from './+types/layout'

// The back-office frame. It is not the guard: every admin loader and action calls requireAdmin
// itself. Its loader must not redirect either: after a refused (403) form post React Router runs
// the loaders above the error boundary, and a redirect here would turn the 403 into a 302.

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request)
  if (!user?.isAdmin) return { name: '' }
  return { name: `${user.firstName} ${user.lastName}`.trim() || user.email }
}

export const ADMIN_SECTIONS = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/orders', label: 'Orders' },
  { to: '/admin/fulfilment', label: 'Fulfilment' },
  { to: '/admin/products', label: 'Products' },
  { to: '/admin/subscriptions', label: 'Subscriptions' },
  { to: '/admin/shares', label: 'Beef Shares' },
  { to: '/admin/customers', label: 'Customers' },
  { to: '/admin/waiting-list', label: 'Waiting List' },
  { to: '/admin/messages', label: 'Messages' },
  { to: '/admin/content', label: 'Content' },
  { to: '/admin/promo-codes', label: 'Promo Codes' },
  { to: '/admin/settings', label: 'Settings' },
  { to: '/admin/emails', label: 'Emails' },
  { to: '/admin/activity', label: 'Activity' },
] as const

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 lg:grid-cols-[13rem_1fr] lg:py-10">
      <aside aria-label="Admin" className="min-w-0 print:hidden">
        <p className="hidden text-sm text-muted lg:block">
          Signed in as <span className="font-semibold text-ink">{loaderData.name}</span>
        </p>
        <nav aria-label="Admin sections" className="lg:mt-4">
          {/* A row that scrolls sideways on a phone, a column beside the page on a laptop. */}
          <ul className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-2 lg:mx-0 lg:flex-col lg:overflow-visible lg:px-0">
            {ADMIN_SECTIONS.map((section) => (
              <li key={section.to} className="shrink-0">
                <NavLink
                  to={section.to}
                  end={'end' in section}
                  className={({ isActive }) =>
                    `block rounded px-3 py-2 font-medium whitespace-nowrap ${
                      isActive
                        ? 'bg-pasture-700 text-white'
                        : 'bg-white text-ink hover:bg-earth-100 lg:bg-transparent'
                    }`
                  }
                >
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  )
}

// Each admin page names itself; this is the fallback, and admin pages are never indexed.
export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: 'Admin' }),
  { name: 'robots', content: 'noindex' },
]
