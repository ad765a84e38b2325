import { Link, NavLink } from 'react-router'
import { useDisclosure, useHydrated } from '~/platform/ui/disclosure'
import {
  AccountItems,
  AccountMenu,
  type HeaderUser,
  NoScriptMenu,
  panelClass,
} from './account-menu'
import type { Chrome } from './chrome'

const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/shop', label: 'Shop' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
] as const

function navClass({ isActive }: { isActive: boolean }) {
  return `block rounded px-3 py-2 font-medium ${
    isActive ? 'text-pasture-800 underline underline-offset-8' : 'text-ink hover:text-pasture-700'
  }`
}

function Icon({ children }: { children: React.ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-6 w-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      {children}
    </svg>
  )
}

function NavItems() {
  return NAV_LINKS.map((link) => (
    <li key={link.to}>
      <NavLink to={link.to} end={link.to === '/'} className={navClass}>
        {link.label}
      </NavLink>
    </li>
  ))
}

function CartLink({ count }: { count: number }) {
  const label = count === 1 ? 'Cart, 1 item' : `Cart, ${count} items`
  return (
    <Link
      to="/cart"
      aria-label={label}
      className="relative rounded p-2 text-ink hover:text-pasture-700"
    >
      <Icon>
        <path d="M3 3h2l2.4 12.2a2 2 0 0 0 2 1.8h8.7a2 2 0 0 0 2-1.6L21 8H6" />
        <circle cx="10" cy="20.5" r="1.5" />
        <circle cx="18" cy="20.5" r="1.5" />
      </Icon>
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="absolute -right-1 -top-1 min-w-5 rounded-full bg-earth-700 px-1.5 text-center text-xs font-bold leading-5 text-white"
        >
          {count}
        </span>
      ) : null}
    </Link>
  )
}

/** The small-screen menu: the main links and the account's, or Sign In. */
function MobileMenu({ user }: { user: HeaderUser | null }) {
  const hydrated = useHydrated()
  const { open, containerRef, buttonProps, panelProps } = useDisclosure()
  const links = (
    <ul className="flex flex-col">
      <NavItems />
      {user ? (
        <AccountItems user={user} />
      ) : (
        <li>
          <NavLink to="/signin" className={navClass}>
            Sign In
          </NavLink>
        </li>
      )}
    </ul>
  )
  const icon = (cross: boolean) => (
    <Icon>
      <path d={cross ? 'M6 6l12 12M18 6L6 18' : 'M4 6h16M4 12h16M4 18h16'} />
    </Icon>
  )
  if (!hydrated) {
    return (
      <div className="md:hidden">
        <NoScriptMenu
          summary={
            <>
              <span className="sr-only">Menu</span>
              {icon(false)}
            </>
          }
        >
          <nav aria-label="Mobile">{links}</nav>
        </NoScriptMenu>
      </div>
    )
  }
  return (
    <div ref={containerRef} className="relative md:hidden">
      <button {...buttonProps} className="rounded p-2 text-ink hover:text-pasture-700">
        <span className="sr-only">Menu</span>
        {icon(open)}
      </button>
      <nav {...panelProps} aria-label="Mobile" className={panelClass}>
        {links}
      </nav>
    </div>
  )
}

/**
 * The farm's logo and name, a link home; a long name wraps to two lines, then ends in "…".
 * On a phone it is always two lines tall (2.5em at leading-tight), so the header keeps its
 * height when the heading font arrives and the name rewraps: a phone's own serif is wider than
 * Fraunces (Lighthouse measured a layout shift of 0.010 on every page before).
 */
function Brand({ siteName }: { siteName: string }) {
  return (
    // The full name stays the link's name (and its title) when the text is cut.
    <Link
      to="/"
      title={siteName}
      className="flex min-h-[2.5em] min-w-0 items-center gap-2 font-display text-lg font-bold text-pasture-800 sm:min-h-0 sm:text-xl"
    >
      <img src="/images/demo/logo.svg" alt="" width="36" height="36" className="h-9 w-9 shrink-0" />
      <span className="line-clamp-2 leading-tight">{siteName}</span>
    </Link>
  )
}

/**
 * The checkout's header: the logo and the way back to the cart, nothing else to wander off to
 * halfway through paying. Not sticky: the form needs the height on a phone.
 */
function CheckoutHeader({ siteName }: { siteName: string }) {
  return (
    <header className="border-b border-earth-100 bg-white">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-2.5 sm:py-3">
        <Brand siteName={siteName} />
        <Link
          to="/cart"
          className="inline-flex shrink-0 items-center gap-1 rounded-md px-3 py-2 font-semibold text-pasture-800 underline-offset-4 hover:bg-pasture-50 hover:underline"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="h-5 w-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M12.5 15l-5-5 5-5" />
          </svg>
          Back to Cart
        </Link>
      </div>
    </header>
  )
}

/**
 * The navigation bar: brand, main links, cart with its count, account or Sign In, mobile menu;
 * in the checkout (`chrome` "checkout") only the brand and Back to Cart.
 */
export function SiteHeader({
  siteName,
  cartCount,
  user,
  chrome = 'site',
}: {
  siteName: string
  cartCount: number
  user: HeaderUser | null
  chrome?: Chrome
}) {
  if (chrome === 'checkout') return <CheckoutHeader siteName={siteName} />
  return (
    <header className="sticky top-0 z-40 border-b border-earth-100 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-2.5 sm:py-3">
        <Brand siteName={siteName} />
        <nav aria-label="Main" className="hidden shrink-0 md:block">
          <ul className="flex items-center gap-1">
            <NavItems />
          </ul>
        </nav>
        <div className="flex shrink-0 items-center gap-2">
          <CartLink count={cartCount} />
          <div className="hidden md:block">
            {user ? (
              <AccountMenu user={user} />
            ) : (
              <Link
                to="/signin"
                className="inline-block rounded-md bg-pasture-700 px-4 py-2 font-semibold text-white hover:bg-pasture-800"
              >
                Sign In
              </Link>
            )}
          </div>
          <MobileMenu user={user} />
        </div>
      </div>
    </header>
  )
}
