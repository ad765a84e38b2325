import { Form, Link } from 'react-router'
import { useDisclosure, useHydrated } from '~/platform/ui/disclosure'

// The signed-in user's menu, shared by the shop's header and the back office's top bar: one
// way to sign out wherever you are.

export type HeaderUser = { firstName: string; isAdmin: boolean }

const menuItemClass =
  'block w-full rounded px-3 py-2 text-left font-medium text-ink hover:bg-earth-50'

/** My Account, Admin Dashboard (admins only), Sign Out: for the account menu and the mobile menu. */
export function AccountItems({
  user,
  adminLink = true,
}: {
  user: HeaderUser
  /** False inside the back office's own sections, which start at its Dashboard. */
  adminLink?: boolean
}) {
  return (
    <>
      <li>
        <Link to="/account" className={menuItemClass}>
          My Account
        </Link>
      </li>
      {user.isAdmin && adminLink ? (
        <li>
          <Link to="/admin" className={menuItemClass}>
            Admin Dashboard
          </Link>
        </li>
      ) : null}
      <li>
        <Form method="post" action="/signout">
          <button type="submit" className={menuItemClass}>
            Sign Out
          </button>
        </Form>
      </li>
    </>
  )
}

export const panelClass =
  'absolute right-0 z-50 mt-2 w-56 rounded-md border border-earth-100 bg-white p-2 shadow-lg'

/**
 * Before JavaScript runs (or without it) a menu is a native <details> disclosure, which opens
 * and closes with no script; once React runs it becomes a button that also closes on Escape,
 * a click outside and navigation.
 */
export function NoScriptMenu({
  summary,
  children,
}: {
  summary: React.ReactNode
  children: React.ReactNode
}) {
  return (
    <details className="relative">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md px-3 py-2 font-semibold text-pasture-800 hover:bg-pasture-50 [&::-webkit-details-marker]:hidden">
        {summary}
      </summary>
      <div className={panelClass}>{children}</div>
    </details>
  )
}

/** The signed-in user's menu. */
export function AccountMenu({ user }: { user: HeaderUser }) {
  const hydrated = useHydrated()
  const { open, containerRef, buttonProps, panelProps } = useDisclosure()
  const name = user.firstName || 'User'
  const trigger =
    'flex max-w-48 items-center gap-1 rounded-md px-3 py-2 font-semibold text-pasture-800 hover:bg-pasture-50'
  if (!hydrated) {
    return (
      <NoScriptMenu
        summary={
          <>
            <span className="sr-only">Account menu for </span>
            <span className="truncate">{name}</span>
          </>
        }
      >
        <ul>
          <AccountItems user={user} />
        </ul>
      </NoScriptMenu>
    )
  }
  return (
    <div ref={containerRef} className="relative">
      <button {...buttonProps} className={trigger}>
        <span className="sr-only">Account menu for </span>
        <span className="truncate">{name}</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
          <path d={open ? 'M5 12l5-5 5 5z' : 'M5 8l5 5 5-5z'} />
        </svg>
      </button>
      <ul {...panelProps} className={panelClass}>
        <AccountItems user={user} />
      </ul>
    </div>
  )
}
