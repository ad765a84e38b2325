// The sitemap and robots.txt as text, from plain data (sitemaps.org protocol, RFC 9309).
// Browser-safe and pure; the routes in routes/seo/ fill in the shop's pages and products.

/** Public pages every shop has; product pages are added from the catalog. */
export const PUBLIC_PAGES = ['/', '/shop', '/about', '/grass-fed-beef', '/contact'] as const

/** Private or per-visitor pages crawlers have no business in. */
export const DISALLOWED_PATHS = [
  '/account',
  '/admin',
  '/checkout',
  '/cart',
  '/order-confirmation',
  '/api',
  '/signin',
  '/signup',
  '/reset-password',
] as const

export type SitemapEntry = { path: string; lastmod?: Date }

const xmlEscape = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')

/** W3C datetime without milliseconds, e.g. 2026-10-01T12:00:00Z. */
const w3cDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z')

export function sitemapXml(baseUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const loc = `<loc>${xmlEscape(new URL(entry.path, baseUrl).href)}</loc>`
    const lastmod = entry.lastmod ? `<lastmod>${w3cDate(entry.lastmod)}</lastmod>` : ''
    return `  <url>${loc}${lastmod}</url>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

export function robotsTxt(baseUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', baseUrl).href}`,
    '',
  ].join('\n')
}
