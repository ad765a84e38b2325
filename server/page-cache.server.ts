import { randomBytes } from 'node:crypto'
import type { Written } from '../app/platform/db/write-watch.server'

// The guest page cache (ADR 23): a storefront page as rendered for a shopper with no cookie of
// the shop's, kept with a stand-in where the CSP nonce goes, so that each answer still gets a
// nonce of its own. This module holds the rules and the store; page-cache-middleware.server.ts
// puts it in front of React Router, page-cache-freshness.server.ts says when it must be emptied.

/**
 * The pages kept, as an allow-list: a route missing here is never cached, and a mistake costs
 * only speed. Each one renders the same for every guest. Not here: the cart, checkout, account,
 * admin and sign-in pages (the shopper's own), the newsletter links (a token each, and they
 * write), API and resource routes, /healthz and /metrics.
 */
export const PAGE_PATHS: ReadonlySet<string> = new Set([
  '/',
  '/shop',
  '/about',
  '/grass-fed-beef',
  '/contact',
  '/terms',
  '/privacy',
  '/shipping-pickup',
  '/refunds',
])
// Product ids are UUIDs; a dot would be React Router's data request (/product/x.data).
const PRODUCT_PATH = /^\/product\/[\w%-]{1,100}$/

/** The query string is part of the key; an address longer than this is not worth keeping. */
const MAX_URL_LENGTH = 512

export function isPagePath(path: string): boolean {
  return PAGE_PATHS.has(path) || PRODUCT_PATH.test(path)
}

const SHOP_COOKIE = /^(?:__(?:Secure|Host)-)?farm\./i

/**
 * Whether the Cookie header holds a cookie of the shop's: every cookie the shop sets is named
 * farm.* (better-auth's prefix: the session, its cached data, "don't remember me", the OAuth
 * state; the guest cart), with __Secure- or __Host- before it under https. Any of them may
 * change the page (the header's cart count, the account menu), so a request with one is
 * rendered for itself. Other cookies (a load balancer's) change nothing the shop renders.
 */
export function hasShopCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false
  for (const part of cookieHeader.split(';')) {
    const equals = part.indexOf('=')
    const name = (equals === -1 ? part : part.slice(0, equals)).trim()
    if (SHOP_COOKIE.test(name)) return true
  }
  return false
}

export type PageRequest = {
  method: string
  path: string
  /** path and query, as the client sent them */
  url: string
  cookie: string | undefined
}

/**
 * Tables no cached page shows: a guest page reads none of them. Their writes are the busiest
 * (a session per sign-in, a cart line per click, the outbox every email, a rate-limit row per
 * attempt), and they leave the cache alone. Every other table's write empties it, including
 * tables added later; on PostgreSQL those need the change trigger too (migration 0013, the
 * test in page-cache.db.test.ts).
 */
export const PRIVATE_TABLES: ReadonlySet<string> = new Set([
  'customers',
  'sessions',
  'accounts',
  'verifications',
  'rate_limits',
  'addresses',
  'waiting_list',
  // a hold's row; what pages show of it (free stock) changes with products' held_quantity
  'stock_holds',
  'carts',
  'cart_lines',
  'orders',
  'order_items',
  // each by-weight piece's packed weight (ADR 30)
  'order_item_weights',
  'counters',
  'fulfilment_bookings',
  'contact_submissions',
  'newsletter_subscribers',
  'email_outbox',
  'audit_log',
  'error_reports',
  // Beef shares (ADR 31): no storefront page shows an animal or a share; what the pages show of
  // the pool is the options' stock, written in the same transaction.
  'animals',
  'share_orders',
  // Subscriptions (ADR 32): no storefront page shows one; what the pages show of them is the
  // products' reserved_quantity, written in the same transaction.
  'subscriptions',
  'subscription_items',
  'subscription_cycles',
  // /healthz's write probe (migration 0020): a row every few seconds that no page shows
  'health_probe',
  // the migrator's own bookkeeping (migrate.server.ts)
  'schema_migrations',
  'schema_migrations_lock',
])

export function affectsPages(written: Written): boolean {
  if (written === 'unknown') return true
  for (const table of written) if (!PRIVATE_TABLES.has(table)) return true
  return false
}

/** A request whose answer may come from the cache, or go into it. */
export function isCacheableRequest(request: PageRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    request.url.length <= MAX_URL_LENGTH &&
    isPagePath(request.path) &&
    !hasShopCookie(request.cookie)
  )
}

/**
 * The key: the origin the page was rendered for, the path and the whole query (the pages read
 * some of it, ?variant= or ?q=; others only split the entries). Not the Content-Encoding: the
 * page is kept uncompressed, because its nonce changes on every answer and compressing comes
 * after it.
 */
export function pageKey(origin: string, url: string): string {
  return `${origin}${url}`
}

/** A page cut at its nonces: the pieces between, to be joined with each answer's own nonce. */
export type PageTemplate = readonly Buffer[]

/** A stand-in for the nonce in pages rendered for keeping, random per process. */
export function newPlaceholder(): string {
  // Letters and digits only: React writes it into attributes and scripts as it is.
  return `nonce${randomBytes(12).toString('hex')}`
}

export function toTemplate(html: Buffer, placeholder: string): PageTemplate {
  const marker = Buffer.from(placeholder)
  const parts: Buffer[] = []
  let from = 0
  for (let at = html.indexOf(marker); at !== -1; at = html.indexOf(marker, from)) {
    parts.push(html.subarray(from, at))
    from = at + marker.length
  }
  parts.push(html.subarray(from))
  return parts
}

export function fillTemplate(template: PageTemplate, nonce: string): Buffer {
  if (template.length === 1) return template[0] ?? Buffer.alloc(0)
  const value = Buffer.from(nonce)
  const pieces: Buffer[] = []
  template.forEach((part, index) => {
    if (index > 0) pieces.push(value)
    pieces.push(part)
  })
  return Buffer.concat(pieces)
}

export type CachedPage = {
  template: PageTemplate
  /** The answer's headers but its length, encoding and cookies (it had none) */
  headers: readonly (readonly [string, string])[]
  bytes: number
  storedAt: number
}

export type PageCacheFigures = {
  hits: number
  misses: number
  /** cacheable requests rendered afresh because nothing may be kept now (no change notices) */
  bypassed: number
  /** times the store was emptied because the database changed */
  invalidations: number
  evictions: number
  entries: number
  bytes: number
}

export type PageCacheOptions = {
  maxBytes: number
  ttlMs: number
  now?: () => number
}

/**
 * Pages by key, least recently used dropped first once they hold more than maxBytes, none kept
 * past ttlMs. Every entry belongs to one version of the database (freshness): a lookup or a
 * store with another version empties the store first.
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>()
  private version: number | undefined
  private bytes = 0
  private readonly now: () => number
  readonly figures = { hits: 0, misses: 0, bypassed: 0, invalidations: 0, evictions: 0 }

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? (() => performance.now())
  }

  get(key: string, version: number): CachedPage | undefined {
    this.adoptVersion(version)
    const page = this.pages.get(key)
    if (!page) return undefined
    if (this.now() - page.storedAt >= this.options.ttlMs) {
      this.remove(key, page)
      return undefined
    }
    // Most recently used last: a Map keeps insertion order.
    this.pages.delete(key)
    this.pages.set(key, page)
    return page
  }

  /** Keeps the page if `version` is still the database's: a write during its render drops it. */
  set(
    key: string,
    version: number,
    template: PageTemplate,
    headers: readonly (readonly [string, string])[],
  ): boolean {
    if (this.version !== undefined && version !== this.version) return false
    this.adoptVersion(version)
    const bytes =
      key.length +
      template.reduce((sum, part) => sum + part.length, 0) +
      headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0)
    // One page may take an eighth of the store at most, so one huge page cannot empty it.
    if (bytes > this.options.maxBytes / 8) return false
    const old = this.pages.get(key)
    if (old) this.remove(key, old)
    this.pages.set(key, { template, headers, bytes, storedAt: this.now() })
    this.bytes += bytes
    for (const [oldest, page] of this.pages) {
      if (this.bytes <= this.options.maxBytes) break
      this.remove(oldest, page)
      this.figures.evictions += 1
    }
    return true
  }

  clear(): void {
    this.pages.clear()
    this.bytes = 0
  }

  snapshot(): PageCacheFigures {
    return { ...this.figures, entries: this.pages.size, bytes: this.bytes }
  }

  private adoptVersion(version: number): void {
    if (version === this.version) return
    if (this.pages.size > 0) this.figures.invalidations += 1
    this.clear()
    this.version = version
  }

  private remove(key: string, page: CachedPage): void {
    this.pages.delete(key)
    this.bytes -= page.bytes
  }
}
