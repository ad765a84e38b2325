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
