// First, before any zod schema is built in the browser (http/zod-config.ts).
import './platform/forms/zod-config'
import fraunces from '@fontsource/fraunces/files/fraunces-latin-700-normal.woff2?url'
import sourceSans from '@fontsource-variable/source-sans-3/files/source-sans-3-latin-wght-normal.woff2?url'
import { useEffect } from 'react'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from 'react-router'
import type { Route } from './+types/root'
import { getCurrentUser } from './auth/session.server'
import { headerCartCount } from './cart/cart.server'
import { getFarmBasics } from './farm/farm.server'
import { getDb } from './platform/db/db.server'
import { GlobalErrorHandling, reportError } from './platform/errors/global-error-handling'
import { refusalOf } from './platform/errors/refusal'
import { useNonce } from './platform/ui/nonce'
import { ToastProvider } from './platform/ui/toasts'
import type { loader as adminLoader } from './routes/admin/layout'
import { AdminFrame } from './shell/admin/frame'
import { chromeOf } from './shell/chrome'
import { InlineStylesheet } from './shell/inline-stylesheet'
import { SiteFooter } from './shell/site-footer'
import { SiteHeader } from './shell/site-header'

export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb()
  const [farm, user, cartCount] = await Promise.all([
    getFarmBasics(db),
    getCurrentUser(request),
    headerCartCount(db, request),
  ])
  return {
    farm,
    cartCount,
    user: user && { firstName: user.firstName, isAdmin: user.isAdmin },
  }
}

// The same files app.css names (same content, same hashed name): the browser would otherwise
// find them only after laying out the inlined stylesheet, and every page's first paint uses both.
// `crossorigin` because fonts are always fetched in CORS mode; without it the preload is wasted.
const FONTS = [sourceSans, fraunces]

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  ...FONTS.map((href) => ({
    rel: 'preload',
    href,
    as: 'font',
    type: 'font/woff2',
    crossOrigin: 'anonymous' as const,
  })),
]

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  const data = useRouteLoaderData<typeof loader>('root')
  const chrome = chromeOf(useMatches())
  const admin = useRouteLoaderData<typeof adminLoader>('routes/admin/layout')
  const siteName = data?.farm.name ?? 'Farm Shop'
  // The back office's frame is for admins only: anyone else refused there (403) sees the shop's.
  const adminUser = chrome === 'admin' && data?.user?.isAdmin ? data.user : null
  // Inside <main>: the page and the error boundary both get toasts, in a landmark.
  const page = (
    <ToastProvider>
      <GlobalErrorHandling />
      {children}
    </ToastProvider>
  )
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        <InlineStylesheet />
      </head>
      <body className="flex min-h-screen flex-col font-sans antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
        >
          Skip to content
        </a>
        {adminUser ? (
          <AdminFrame siteName={siteName} user={adminUser} fullName={admin?.name}>
            {page}
          </AdminFrame>
        ) : (
          <>
            <SiteHeader
              siteName={siteName}
              cartCount={data?.cartCount ?? 0}
              user={data?.user ?? null}
              chrome={chrome}
            />
            <main id="main" className="flex-1">
              {page}
            </main>
            {data ? <SiteFooter farm={data.farm} chrome={chrome} /> : null}
          </>
        )}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Responses the server chose to send (404, 403) are not faults; anything thrown is.
  useEffect(() => {
    if (!isRouteErrorResponse(error)) reportError(error)
  }, [error])
  const status = isRouteErrorResponse(error) ? error.status : 500
  const refusal = refusalOf(error)
  // 503: the database took no write (a full disk, a read-only file). A form posted without
  // JavaScript gets the server's own page for it; one posted by a fetcher lands here.
  const words =
    status === 404
      ? {
          title: 'Page Not Found',
          message: "The page you're looking for doesn't exist or has been moved.",
        }
      : status === 503
        ? {
            title: "We'll be right back",
            message:
              'The shop is taking a short break. Your cart and orders are safe. Please try again in a minute.',
          }
        : (refusal ?? {
            title: 'Something went wrong',
            message: 'An unexpected error occurred. Please try again.',
          })
  const { title, message } = words
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <title>{title}</title>
      <h1 className="font-display text-4xl font-bold text-pasture-800">{title}</h1>
      <p className="mt-4 text-muted">{message}</p>
      <a
        href="/"
        className="mt-8 inline-block rounded-md bg-pasture-700 px-5 py-3 font-semibold text-white hover:bg-pasture-800"
      >
        Back to Home
      </a>
    </section>
  )
}
