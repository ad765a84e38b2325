// First, before any zod schema is built in the browser (http/zod-config.ts).
import './platform/forms/zod-config'
import fraunces from '@fontsource/fraunces/files/fraunces-latin-700-normal.woff2?url'
import sourceSans from '@fontsource-variable/source-sans-3/files/source-sans-3-latin-wght-normal.woff2?url'
import {
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
import { headerCartCount } from './cart/cart-summary.server'
import { getFarmBasics } from './farm/farm.server'
import { getDb } from './platform/db/db.server'
import { GlobalErrorHandling } from './platform/errors/global-error-handling'
import { errorWords, GeneralErrorBoundary } from './platform/ui/error-boundary'
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
  // The header's count first: the request's first session lookup reads it in the same query.
  const [cartCount, farm, user] = await Promise.all([
    headerCartCount(db, request),
    getFarmBasics(db),
    getCurrentUser(request),
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
  // No route's meta speaks for a page that failed here, so the title is said here.
  return (
    <>
      <title>{errorWords(error).title}</title>
      <GeneralErrorBoundary error={error} look="page" back={{ to: '/', label: 'Back to Home' }} />
    </>
  )
}
