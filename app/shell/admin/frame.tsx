import { useEffect, useRef } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { useDisclosure, useHydrated } from '~/platform/ui/disclosure'
import { AccountItems, AccountMenu, type HeaderUser } from '../account-menu'

// The back office's own frame (issue 33): a top bar (the farm, the way back to the shop, the
// account menu) and the sections beside the page; on a phone the sections and the account's
// links are behind one Menu button, so the page gets the whole width. No shop header or
// footer: the farmer is at work, not shopping.

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

function SectionList({ className = '' }: { className?: string }) {
  return (
    <ul className={`flex flex-col gap-1 ${className}`}>
      {ADMIN_SECTIONS.map((section) => (
        <li key={section.to}>
          <NavLink
            to={section.to}
            end={'end' in section}
            // At least 44 px tall: a thumb's target on a phone.
            className={({ isActive }) =>
              `flex min-h-11 items-center rounded px-3 font-medium ${
                isActive ? 'bg-pasture-700 text-white' : 'text-ink hover:bg-earth-100'
              }`
            }
          >
            {section.label}
          </NavLink>
        </li>
      ))}
    </ul>
  )
}

const menuButtonClass =
  'flex min-h-11 w-full cursor-pointer list-none items-center justify-between rounded-md border border-stone-500 bg-white px-3 font-semibold text-ink lg:hidden [&::-webkit-details-marker]:hidden'

function Chevron({ open }: { open: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
      <path d={open ? 'M5 12l5-5 5 5z' : 'M5 8l5 5 5-5z'} />
    </svg>
  )
}

/**
 * On a phone the account's links come after the sections, as in the shop's own phone menu:
 * the top bar has room for the farm and View shop only.
 */
function PhoneAccount({ user }: { user: HeaderUser }) {
  return (
    <ul className="mt-2 border-t border-earth-100 pt-2 lg:hidden">
      <AccountItems user={user} adminLink={false} />
    </ul>
  )
}

/**
 * The sections: always shown beside the page on a wide screen; on a phone a disclosure whose
 * button opens the list just below it, so Tab goes from the button into the links. Choosing a
 * section closes the list and puts focus on the new page (the link that had it is hidden).
 * Before JavaScript runs the phone's menu is a native <details>, which needs no script.
 */
function SectionNav({ user }: { user: HeaderUser }) {
  const hydrated = useHydrated()
  const { open, containerRef, buttonProps, panelProps } = useDisclosure()
  const location = useLocation()
  const listRef = useRef<HTMLDivElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation
  useEffect(() => {
    const focused = document.activeElement
    if (focused && listRef.current?.contains(focused) && listRef.current.offsetParent === null)
      document.getElementById('main')?.focus()
  }, [location.key])
  if (!hydrated) {
    return (
      <nav aria-label="Admin sections">
        <details className="lg:hidden">
          <summary className={menuButtonClass}>
            Menu
            <Chevron open={false} />
          </summary>
          <SectionList className="mt-2" />
          <PhoneAccount user={user} />
        </details>
        <SectionList className="max-lg:hidden" />
      </nav>
    )
  }
  return (
    <nav aria-label="Admin sections">
      <div ref={containerRef}>
        <button {...buttonProps} className={menuButtonClass}>
          Menu
          <Chevron open={open} />
        </button>
        {/* Not the `hidden` attribute: the list is always shown on a wide screen. */}
        <div ref={listRef} id={panelProps.id} className={open ? 'mt-2 lg:mt-0' : 'max-lg:hidden'}>
          <SectionList />
          <PhoneAccount user={user} />
        </div>
      </div>
    </nav>
  )
}

export function AdminFrame({
  siteName,
  user,
  fullName,
  children,
}: {
  siteName: string
  user: HeaderUser
  /** The admin's full name, when the admin layout's loader has run. */
  fullName: string | undefined
  children: React.ReactNode
}) {
  return (
    <div className="flex flex-1 flex-col">
      <header className="border-b border-earth-100 bg-white">
        <div className="flex items-center justify-between gap-2 px-4 py-2">
          <Link
            to="/admin"
            title={siteName}
            className="min-w-0 truncate font-display text-lg font-bold text-pasture-800"
          >
            {siteName}
          </Link>
          <div className="flex shrink-0 items-center gap-1">
            <Link
              to="/"
              className="flex min-h-11 items-center rounded-md px-3 font-semibold text-pasture-800 underline-offset-4 hover:bg-pasture-50 hover:underline"
            >
              View shop
            </Link>
            <div className="max-lg:hidden">
              <AccountMenu user={user} />
            </div>
          </div>
        </div>
      </header>
      <div className="flex flex-1 flex-col lg:flex-row">
        <aside
          aria-label="Admin"
          className="border-b border-earth-100 bg-earth-50 p-4 lg:w-56 lg:shrink-0 lg:border-r lg:border-b-0 print:hidden"
        >
          {fullName ? (
            <p className="mb-4 hidden text-sm text-muted lg:block">
              Signed in as <span className="font-semibold text-ink">{fullName}</span>
            </p>
          ) : null}
          <SectionNav user={user} />
        </aside>
        {/* Focusable (not in the tab order) so the skip link and a section change can land here. */}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 lg:px-8 lg:py-8">
          <div className="mx-auto max-w-6xl">{children}</div>
        </main>
      </div>
    </div>
  )
}
