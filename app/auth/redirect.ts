/**
 * Where to go after signing in: only a path on this site. Anything else (another origin,
 * protocol-relative //host, backslash tricks, missing) goes home.
 */
export function safeRedirect(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value === '') return fallback
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback
  // Control characters and backslashes: browsers "fix" them into other URLs.
  if ([...value].some((char) => char < ' ' || char === '\\')) return fallback
  try {
    const url = new URL(value, 'http://shop.invalid')
    if (url.origin !== 'http://shop.invalid') return fallback
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return fallback
  }
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
