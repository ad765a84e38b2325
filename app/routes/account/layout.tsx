import { Form, NavLink, Outlet } from 'react-router'
import { requireUser } from '~/auth/guards.server'
import type { Route } from './+types/layout'

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const fullName = `${user.firstName} ${user.lastName}`.trim()
  return { fullName: fullName || 'User', email: user.email }
}

const LINKS = [
  { to: '/account/profile', label: 'Profile' },
  { to: '/account/orders', label: 'Orders' },
  { to: '/account/subscriptions', label: 'Subscriptions' },
  { to: '/account/addresses', label: 'Addresses' },
  { to: '/account/waiting-list', label: 'Waiting List' },
] as const

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-[16rem_1fr]">
      <aside aria-label="Account" className="h-fit rounded-lg border border-earth-100 bg-white p-5">
        <p className="font-display text-lg font-bold text-ink">{loaderData.fullName}</p>
        <p className="break-all text-sm text-muted">{loaderData.email}</p>
        <nav aria-label="Account sections" className="mt-5">
          <ul className="space-y-1">
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={({ isActive }) =>
                    `block rounded px-3 py-2 font-medium ${
                      isActive ? 'bg-pasture-50 text-pasture-800' : 'text-ink hover:bg-earth-50'
                    }`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li>
              <Form method="post" action="/signout">
                <button
                  type="submit"
                  className="w-full rounded px-3 py-2 text-left font-medium text-ink hover:bg-earth-50"
                >
                  Sign Out
                </button>
              </Form>
            </li>
          </ul>
        </nav>
      </aside>
      <div>
        <Outlet />
      </div>
    </div>
  )
}
