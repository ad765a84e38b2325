import type {
  Request as ExpressRequest,
  Response as ExpressResponse,
  RequestHandler,
} from 'express'
import { type AppLoadContext, createRequestHandler } from 'react-router'
import type { DB } from '../app/platform/db/db.server'
import { compressDocument, preferredEncoding } from '../app/platform/http/compress-document.server'
import {
  fillTemplate,
  isCacheableRequest,
  newPlaceholder,
  PageCache,
  type PageCacheFigures,
  type PageCacheOptions,
  pageKey,
  toTemplate,
} from './page-cache.server'
import { databaseFreshness, type Freshness } from './page-cache-freshness.server'
import { type PageHandlerOptions, requestOrigin, webRequest } from './page-handler.server'

/**
 * The longest a page is kept. Nothing a cached page shows depends on the clock but the
 * footer's year, and every write empties the cache, so this only bounds what a write the
 * watches cannot see (a table without its trigger, a restored file) could leave stale.
 */
export const PAGE_TTL_MS = 30_000

// What an answer says about its own bytes, or about this one shopper, is not kept.
const UNKEPT_HEADERS = new Set(['content-length', 'content-encoding', 'set-cookie'])

/**
 * Answers guests' storefront pages from the cache, and renders the rest of those requests
 * itself to fill it: with the placeholder for a nonce and uncompressed, then with this answer's
 * nonce put in and compressed, as entry.server.tsx would have. Every other request goes on to
 * React Router's own handler unchanged.
 */
export class GuestPageCache {
  readonly placeholder = newPlaceholder()
  private readonly cache: PageCache

  constructor(
    private readonly freshness: Freshness,
    options: PageCacheOptions,
  ) {
    this.cache = new PageCache(options)
  }

  figures(): PageCacheFigures {
    return this.cache.snapshot()
  }

  stop(): void {
    this.freshness.stop()
    this.cache.clear()
  }

  middleware({ build, mode, getLoadContext }: PageHandlerOptions): RequestHandler {
    return this.around(createRequestHandler(build, mode), getLoadContext)
  }

  /** The middleware around any web handler (React Router's, or a test's). */
  around(
    handleRequest: (request: Request, context: AppLoadContext) => Promise<Response>,
    getLoadContext: PageHandlerOptions['getLoadContext'],
  ): RequestHandler {
    const { cache, freshness, placeholder } = this
    return async (req, res, next) => {
      const cacheable = isCacheableRequest({
        method: req.method,
        path: req.path,
        url: req.originalUrl,
        cookie: req.headers.cookie,
      })
      if (!cacheable) return next()
      const version = freshness.version()
      if (version === undefined) {
        cache.figures.bypassed += 1
        return next()
      }
      try {
        const origin = requestOrigin(req)
        const key = pageKey(origin, req.originalUrl)
        const context = getLoadContext(req, res)
        const page = cache.get(key, version)
        if (page) {
          cache.figures.hits += 1
          sendPage(req, res, 200, page.headers, fillTemplate(page.template, context.cspNonce))
          return
        }
        if (req.method !== 'GET') return next()
        cache.figures.misses += 1
        // Without Accept-Encoding: the page comes back uncompressed, its placeholders readable.
        const request = webRequest(req, res, { origin, withoutHeaders: ['accept-encoding'] })
        const response = await handleRequest(request, {
          ...context,
          cspNonce: placeholder,
        })
        const body = Buffer.from(await response.arrayBuffer())
        const headers = [...response.headers]
        if (!response.headers.get('content-type')?.startsWith('text/html')) {
          sendAsIs(res, response.status, headers, body)
          return
        }
        const template = toTemplate(body, placeholder)
        const kept = headers.filter(([name]) => !UNKEPT_HEADERS.has(name))
        // Kept only if the database did not change while it was rendered.
        if (isKeepable(response) && freshness.version() === version) {
          cache.set(key, version, template, kept)
        }
        sendPage(req, res, response.status, headers, fillTemplate(template, context.cspNonce))
      } catch (error) {
        next(error)
      }
    }
  }
}

function isKeepable(response: Response): boolean {
  const headers = response.headers
  return (
    response.status === 200 &&
    !headers.has('set-cookie') &&
    !headers.has('content-encoding') &&
    !/no-store/i.test(headers.get('cache-control') ?? '')
  )
}

/** The cache, or undefined when PAGE_CACHE_MB is 0. */
export function createGuestPageCache(db: DB, maxBytes: number): GuestPageCache | undefined {
  if (maxBytes <= 0) return undefined
  return new GuestPageCache(databaseFreshness(db), { maxBytes, ttlMs: PAGE_TTL_MS })
}

function isClosed(res: ExpressResponse): boolean {
  return res.destroyed || res.writableEnded
}

function sendPage(
  req: ExpressRequest,
  res: ExpressResponse,
  status: number,
  headers: readonly (readonly [string, string])[],
  html: Buffer,
): void {
  if (isClosed(res)) return
  const encoding = preferredEncoding(req.get('accept-encoding') ?? null)
  const body = encoding ? compressDocument(html, encoding) : html
  res.status(status)
  for (const [name, value] of headers) {
    if (name !== 'content-length' && name !== 'content-encoding') res.append(name, value)
  }
  if (encoding) res.setHeader('Content-Encoding', encoding)
  res.setHeader('Content-Length', body.length)
  res.end(body)
}

function sendAsIs(
  res: ExpressResponse,
  status: number,
  headers: readonly (readonly [string, string])[],
  body: Buffer,
): void {
  if (isClosed(res)) return
  res.status(status)
  for (const [name, value] of headers) res.append(name, value)
  res.end(body)
}
