import { useEffect, useId, useRef, useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router'

const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/shop', label: 'Shop' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
] as const

function navClass({ isActive }: { isActive: boolean }) {
  return `rounded px-3 py-2 font-medium ${
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

function NavItems({ withSignIn }: { withSignIn: boolean }) {
  const links = withSignIn ? [...NAV_LINKS, { to: '/signin', label: 'Sign In' }] : NAV_LINKS
  return links.map((link) => (
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
      <span
        aria-hidden="true"
        className="absolute -right-1 -top-1 min-w-5 rounded-full bg-earth-700 px-1.5 text-center text-xs font-bold leading-5 text-white"
      >
        {count}
      </span>
    </Link>
  )
}

/**
 * The small-screen menu: a disclosure button (aria-expanded) that closes on Escape, on a click
 * outside and on navigation. Without JavaScript the same links are in the footer.
 */
function MobileMenu() {
  const location = useLocation()
  // Open "at" one location: any navigation changes the key and so closes the menu.
  const [openAt, setOpenAt] = useState<string | null>(null)
  const open = openAt === location.key
  const menuId = useId()
  const container = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpenAt(null)
      button.current?.focus()
    }
    const onClick = (event: MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpenAt(null)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('click', onClick)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('click', onClick)
    }
  }, [open])

  return (
    <div ref={container} className="relative md:hidden">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpenAt(open ? null : location.key)}
        className="rounded p-2 text-ink hover:text-pasture-700"
      >
        <span className="sr-only">Menu</span>
        <Icon>
          <path d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 6h16M4 12h16M4 18h16'} />
        </Icon>
      </button>
      <nav
        id={menuId}
        aria-label="Mobile"
        hidden={!open}
        className="absolute right-0 mt-2 w-56 rounded-md border border-earth-100 bg-white p-2 shadow-lg"
      >
        <ul className="flex flex-col">
          <NavItems withSignIn />
        </ul>
      </nav>
    </div>
  )
}

/** The navigation bar: brand, main links, cart with its count, Sign In, and the mobile menu. */
export function SiteHeader({ siteName, cartCount }: { siteName: string; cartCount: number }) {
  return (
    <header className="sticky top-0 z-40 border-b border-earth-100 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Link
          to="/"
          className="flex items-center gap-2 font-display text-xl font-bold text-pasture-800"
        >
          <img src="/images/demo/logo.svg" alt="" width="36" height="36" className="h-9 w-9" />
          {siteName}
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            <NavItems withSignIn={false} />
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <CartLink count={cartCount} />
          <Link
            to="/signin"
            className="hidden rounded-md bg-pasture-700 px-4 py-2 font-semibold text-white hover:bg-pasture-800 md:inline-block"
          >
            Sign In
          </Link>
          <MobileMenu />
        </div>
      </div>
    </header>
  )
}
