import { randomBytes } from 'node:crypto'

/** A fresh CSP nonce per response: scripts we render carry it, injected ones do not. */
/** Random bytes are drawn a page at a time and each nonce takes its own 16 (128 bits). */
const NONCE_BYTES = 16
let noncePool = Buffer.alloc(0)
let nonceOffset = 0

export function createNonce(): string {
  if (nonceOffset + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_BYTES * 256)
    nonceOffset = 0
  }
  const nonce = noncePool.toString('base64', nonceOffset, nonceOffset + NONCE_BYTES)
  nonceOffset += NONCE_BYTES
  return nonce
}

export function contentSecurityPolicy(
  nonce: string,
  options: { development: boolean; mapsEmbed?: boolean },
): string {
  const scriptSrc = options.development
    ? // Vite's dev client and React Refresh preamble; never in production.
      `'self' 'nonce-${nonce}' 'unsafe-eval'`
    : `'self' 'nonce-${nonce}' 'strict-dynamic'`
  return [
    `default-src 'self'`,
    `script-src ${scriptSrc}`,
    // Tailwind ships one stylesheet; inline style attributes are allowed for small dynamic
    // values (progress bars, image aspect ratios) and carry no script.
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:`,
    `font-src 'self'`,
    `connect-src 'self'${options.development ? ' ws: wss:' : ''}`,
    // The contact page embeds Google Maps only when MAPS_EMBED_KEY is set.
    `frame-src ${options.mapsEmbed ? 'https://www.google.com' : "'none'"}`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
    `base-uri 'self'`,
    `object-src 'none'`,
  ].join('; ')
}

export function securityHeaders(
  nonce: string,
  options: { development: boolean; https: boolean; mapsEmbed?: boolean },
): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': contentSecurityPolicy(nonce, options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  }
  if (options.https) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains'
  return headers
}

/**
 * The build's files (scripts) get only what a file needs of the page headers above. The CSP,
 * frame, opener, referrer and permissions policies govern a document, and HSTS is learnt from
 * the pages; a script with them spends about half a kilobyte of headers on each request.
 */
export const ASSET_HEADERS: Readonly<Record<string, string>> = {
  // A script or stylesheet is used only when served with its own type.
  'X-Content-Type-Options': 'nosniff',
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Cross-site request forgery guard for every state-changing request. Browsers send Origin on
 * every non-GET request, so a foreign or "null" Origin is refused. With BASE_URL set, only that
 * origin is the shop's own; without it the shop may be reached by any name (localhost, a LAN
 * address), so the Host the browser addressed counts as own. Requests with no Origin at all
 * come from non-browser clients (webhooks, curl), which cannot carry a victim's cookies.
 */
export function isAllowedOrigin(request: {
  method: string
  origin: string | undefined
  secFetchSite: string | undefined
  host: string | undefined
  protocol: string
  baseUrl: string
  baseUrlExplicit: boolean
}): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true
  if (request.origin === undefined) return request.secFetchSite !== 'cross-site'
  if (request.origin === request.baseUrl) return true
  if (!request.baseUrlExplicit && request.host) {
    return request.origin === `${request.protocol}://${request.host}`
  }
  return false
}
