const ORIGIN = 'http://shop.invalid'

/**
 * Where to go after signing in (or after a cart form without JavaScript): only a path on this
 * site. Anything else (another origin, protocol-relative //host, backslash tricks, missing)
 * goes to `fallback`. The rule is checked on the normalised result too: resolving dot segments
 * turns `/.//evil.example` or `/%2e%2e//evil.example` into `//evil.example`, which a browser
 * reads as another host (issue 31).
 */
export function safeRedirect(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !isSitePath(value)) return fallback
  // Control characters and backslashes: browsers "fix" them into other URLs.
  if ([...value].some((char) => char < ' ' || char === '\\' || char === '\u007f')) return fallback
  let url: URL
  try {
    url = new URL(value, ORIGIN)
  } catch {
    return fallback
  }
  const target = `${url.pathname}${url.search}${url.hash}`
  return url.origin === ORIGIN && isSitePath(target) ? target : fallback
}

/** A path on this site: one leading slash, not `//` or `/\` (another host to a browser). */
function isSitePath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')
}

/** /signin?redirect=<full path and query of the page the guest wanted> */
export function signInUrl(request: Request): string {
  const url = new URL(request.url)
  return `/signin?${new URLSearchParams({ redirect: `${url.pathname}${url.search}` })}`
}

/**
 * The sign-in or sign-up page that brings the shopper back to `redirect` afterwards. Home and
 * the account are each page's own landing, so they need no parameter.
 */
export function authPageUrl(page: '/signin' | '/signup', redirect: string): string {
  if (redirect === '/' || redirect === SIGN_UP_LANDING) return page
  return `${page}?${new URLSearchParams({ redirect })}`
}

/** Where a new account lands when it was not on its way somewhere (the specification's). */
export const SIGN_UP_LANDING = '/account'

/** Why the sign-in page was shown, when the page the shopper wanted says so. */
export function signInReason(redirect: string): string | undefined {
  if (redirect === '/checkout' || redirect.startsWith('/checkout?'))
    return 'Sign in or create an account to check out; your cart is kept.'
  if (redirect.startsWith('/product/'))
    return 'Sign in or create an account to join the waiting list.'
  if (redirect.startsWith('/waiting-list/claim/'))
    return 'Sign in with the account that joined the waiting list to put your reserved item in your cart.'
  return undefined
}
