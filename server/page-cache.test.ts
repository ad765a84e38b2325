import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import express from 'express'
import type { Logger } from 'pino'
import type { AppLoadContext } from 'react-router'
import { afterEach, describe, expect, test } from 'vitest'
import { loadEnv } from '../app/platform/env.server'
import {
  affectsPages,
  fillTemplate,
  hasShopCookie,
  isCacheableRequest,
  newPlaceholder,
  PageCache,
  pageKey,
  toTemplate,
} from './page-cache.server'
import { GuestPageCache } from './page-cache-middleware.server'
import { createNonce } from './security.server'

const guest = (url: string, extra: Partial<Parameters<typeof isCacheableRequest>[0]> = {}) => ({
  method: 'GET',
  path: new URL(url, 'http://shop').pathname,
  url,
  cookie: undefined,
  ...extra,
})

describe('which requests are kept', () => {
  test('the storefront pages, product pages with their query, and nothing else', () => {
    for (const url of [
      '/',
      '/shop',
      '/shop?category=Beef&page=2',
      '/product/0b7c4e0e-2a47-4c8e-9a43-5d7bd1c6f001',
      '/product/0b7c4e0e-2a47-4c8e-9a43-5d7bd1c6f001?variant=v1',
      '/about',
      '/grass-fed-beef',
      '/contact',
      '/terms',
      '/privacy',
      '/shipping-pickup',
      '/refunds',
    ]) {
      expect(isCacheableRequest(guest(url)), url).toBe(true)
    }
    for (const url of [
      '/cart',
      '/checkout',
      '/account',
      '/account/orders',
      '/admin',
      '/admin/products',
      '/signin',
      '/signup',
      '/reset-password',
      '/newsletter/confirm?token=abc',
      '/newsletter/unsubscribe?token=abc',
      '/order-confirmation/1',
      '/healthz',
      '/metrics',
      '/api/auth/session',
      '/api/errors',
      '/images/a.webp',
      '/sitemap.xml',
      '/robots.txt',
      '/_root.data',
      '/shop.data',
      '/product/abc.data',
      '/product/abc/more',
      '/__manifest?p=/shop',
      '/shop/',
    ]) {
      expect(isCacheableRequest(guest(url)), url).toBe(false)
    }
  })

  test('only GET and HEAD, and not an endless address', () => {
    expect(isCacheableRequest(guest('/shop', { method: 'HEAD' }))).toBe(true)
    expect(isCacheableRequest(guest('/shop', { method: 'POST' }))).toBe(false)
    expect(isCacheableRequest(guest(`/shop?q=${'a'.repeat(600)}`))).toBe(false)
  })

  test("a cookie of the shop's means the page is rendered for that shopper", () => {
    for (const cookie of [
      'farm.session_token=abc.def',
      '__Secure-farm.session_token=abc.def',
      'farm.session_data=x',
      'farm.dont_remember=true',
      'farm.cart=eyJ9',
      '__Host-farm.cart=eyJ9',
      'farm.state=x',
      'other=1; farm.cart=eyJ9',
      'other=1;farm.session_token=a',
      'FARM.cart=1',
    ]) {
      expect(hasShopCookie(cookie), cookie).toBe(true)
      expect(isCacheableRequest(guest('/', { cookie })), cookie).toBe(false)
    }
    for (const cookie of [undefined, '', 'AWSALB=abc', 'theme=dark; _ga=1', 'myfarm.cart=1', 'x']) {
      expect(hasShopCookie(cookie), String(cookie)).toBe(false)
    }
    expect(isCacheableRequest(guest('/', { cookie: 'AWSALB=abc' }))).toBe(true)
  })

  test('the key is the origin, the path and the whole query', () => {
    expect(pageKey('http://shop', '/shop?page=2')).toBe('http://shop/shop?page=2')
    expect(pageKey('http://shop', '/shop?page=2')).not.toBe(pageKey('http://other', '/shop?page=2'))
  })
})

describe('the nonce', () => {
  test('every placeholder is replaced by the answer’s nonce, and nothing else changes', () => {
    const placeholder = newPlaceholder()
    expect(placeholder).toMatch(/^[a-z0-9]+$/)
    expect(newPlaceholder()).not.toBe(placeholder)
    const html = `<script nonce="${placeholder}">a</script><p>x</p><script nonce="${placeholder}"></script>`
    const template = toTemplate(Buffer.from(html), placeholder)
    expect(template).toHaveLength(3)
    const nonce = createNonce()
    expect(fillTemplate(template, nonce).toString()).toBe(html.replaceAll(placeholder, nonce))
    const other = createNonce()
    expect(fillTemplate(template, other).toString()).toBe(html.replaceAll(placeholder, other))
  })

  test('a page without a placeholder comes back whole', () => {
    const template = toTemplate(Buffer.from('<p>plain</p>'), newPlaceholder())
    expect(fillTemplate(template, 'n').toString()).toBe('<p>plain</p>')
  })
})

describe('the store', () => {
  const page = (size: number) => [Buffer.alloc(size, 'a')]

  test('least recently used pages go first once it holds more than its bytes', () => {
    const cache = new PageCache({ maxBytes: 8_000, ttlMs: 60_000 })
    expect(cache.set('a', 1, page(900), [])).toBe(true)
    expect(cache.set('b', 1, page(900), [])).toBe(true)
    for (const key of 'cdefgh') cache.set(key, 1, page(900), [])
    expect(cache.snapshot().entries).toBe(8)
    expect(cache.get('a', 1)).toBeDefined()
    cache.set('i', 1, page(900), [])
    // 'a' was used, so 'b' (the oldest unused) made way.
    expect(cache.get('b', 1)).toBeUndefined()
    expect(cache.get('a', 1)).toBeDefined()
    expect(cache.snapshot().bytes).toBeLessThanOrEqual(8_000)
    expect(cache.snapshot().evictions).toBe(1)
  })

  test('a page larger than an eighth of it is not kept', () => {
    const cache = new PageCache({ maxBytes: 8_000, ttlMs: 60_000 })
    expect(cache.set('big', 1, page(1_100), [])).toBe(false)
    expect(cache.snapshot().entries).toBe(0)
  })

  test('a page is kept for its time to live only', () => {
    let now = 0
    const cache = new PageCache({ maxBytes: 1e6, ttlMs: 30_000, now: () => now })
    cache.set('a', 1, page(10), [])
    now = 29_999
    expect(cache.get('a', 1)).toBeDefined()
    now = 30_000
    expect(cache.get('a', 1)).toBeUndefined()
    expect(cache.snapshot()).toMatchObject({ entries: 0, bytes: 0 })
  })

  test('another version of the database empties it; a page of an old version is refused', () => {
    const cache = new PageCache({ maxBytes: 1e6, ttlMs: 60_000 })
    cache.set('a', 1, page(10), [])
    expect(cache.get('a', 2)).toBeUndefined()
    expect(cache.snapshot().invalidations).toBe(1)
    expect(cache.set('b', 1, page(10), [])).toBe(false)
    expect(cache.set('b', 2, page(10), [])).toBe(true)
    expect(cache.get('b', 2)).toBeDefined()
  })
})

test('writes to the shoppers’ own tables leave pages alone; any other or an unknown one not', () => {
  expect(affectsPages(new Set(['sessions', 'cart_lines', 'email_outbox']))).toBe(false)
  expect(affectsPages(new Set(['sessions', 'products']))).toBe(true)
  expect(affectsPages(new Set(['a_table_added_later']))).toBe(true)
  expect(affectsPages('unknown')).toBe(true)
})

test('PAGE_CACHE_MB: 32 MB unless set, 0 turns it off', () => {
  const file = 'file:/tmp/farm-page-cache-env/shop.db'
  const env = { DATABASE_URL: file, AUTH_SECRET: 'x'.repeat(32) }
  expect(loadEnv(env).pageCacheBytes).toBe(32 * 1024 * 1024)
  expect(loadEnv({ ...env, PAGE_CACHE_MB: '0' }).pageCacheBytes).toBe(0)
  expect(loadEnv({ ...env, PAGE_CACHE_MB: '64' }).pageCacheBytes).toBe(64 * 1024 * 1024)
  expect(() => loadEnv({ ...env, PAGE_CACHE_MB: 'lots' })).toThrow(/PAGE_CACHE_MB/)
})

describe('in front of a handler', () => {
  type Answer = { status: number; headers: http.IncomingHttpHeaders; html: string }
  let server: http.Server | undefined
  afterEach(
    () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  )

  /** An Express app as server.ts has it: a nonce and its CSP per response, then the cache. */
  async function start(
    render: (request: Request, context: AppLoadContext) => Response | Promise<Response>,
  ) {
    let version = 1
    const freshness = { version: () => version, stop: () => {} }
    const pages = new GuestPageCache(freshness, { maxBytes: 1e6, ttlMs: 60_000 })
    let renders = 0
    const app = express()
    app.use((_req, res, next) => {
      res.locals.cspNonce = createNonce()
      res.set('Content-Security-Policy', `script-src 'nonce-${res.locals.cspNonce}'`)
      res.set('X-Request-Id', String(Math.random()))
      next()
    })
    app.use(
      pages.around(
        async (request, context) => {
          renders += 1
          return render(request, context)
        },
        (_req, res) => ({
          cspNonce: res.locals.cspNonce as string,
          clientIp: '',
          requestId: '',
          log: undefined as unknown as Logger,
        }),
      ),
    )
    app.use((_req, res) => {
      res.status(299).send('passed on')
    })
    server = app.listen(0)
    await new Promise((resolve) => server?.once('listening', resolve))
    const port = (server.address() as AddressInfo).port
    const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
      new Promise<Answer>((resolve, reject) => {
        http
          .request({ port, path, headers, method }, (response) => {
            const chunks: Buffer[] = []
            response.on('data', (chunk: Buffer) => chunks.push(chunk))
            response.on('end', () => {
              const body = Buffer.concat(chunks)
              const encoding = response.headers['content-encoding']
              const plain =
                encoding === 'br'
                  ? brotliDecompressSync(body)
                  : encoding === 'gzip'
                    ? gunzipSync(body)
                    : body
              resolve({
                status: response.statusCode ?? 0,
                headers: response.headers,
                html: plain.toString(),
              })
            })
          })
          .on('error', reject)
          .end()
      })
    return {
      get,
      pages,
      renders: () => renders,
      bump: () => {
        version += 1
      },
      setVersion: (value: number) => {
        version = value
      },
    }
  }

  let stock = 5
  const productPage = (request: Request, context: AppLoadContext) => {
    // As entry.server.tsx: compressed only when the client accepts it.
    expect(request.headers.get('accept-encoding')).toBeNull()
    return new Response(
      `<html><script nonce="${context.cspNonce}">x</script><p>${stock} in stock</p>` +
        `<script nonce="${context.cspNonce}"></script></html>`,
      {
        headers: {
          'Content-Type': 'text/html; charset=utf-8',
          'Cache-Control': 'private, no-cache',
          Vary: 'Accept-Encoding',
        },
      },
    )
  }
  const nonceOf = (answer: Answer) =>
    /'nonce-([^']+)'/.exec(String(answer.headers['content-security-policy']))?.[1]

  test('a guest gets the kept page, with a nonce of its own that its CSP names', async () => {
    stock = 5
    const shop = await start(productPage)
    const first = await shop.get('/product/p1', { 'accept-encoding': 'gzip, br' })
    const second = await shop.get('/product/p1', { 'accept-encoding': 'gzip' })
    const third = await shop.get('/product/p1')
    expect(shop.renders()).toBe(1)
    expect(shop.pages.figures()).toMatchObject({ hits: 2, misses: 1, entries: 1 })
    const nonces = [first, second, third].map(nonceOf)
    expect(new Set(nonces).size).toBe(3)
    for (const [index, answer] of [first, second, third].entries()) {
      expect(answer.status).toBe(200)
      expect(answer.html).toContain('5 in stock')
      expect(answer.html).not.toContain(shop.pages.placeholder)
      expect(answer.html.match(/nonce="([^"]+)"/g)).toEqual([
        `nonce="${nonces[index]}"`,
        `nonce="${nonces[index]}"`,
      ])
      expect(answer.headers['cache-control']).toBe('private, no-cache')
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(answer.headers.vary).toBe('Accept-Encoding')
    }
    expect(first.headers['content-encoding']).toBe('br')
    expect(second.headers['content-encoding']).toBe('gzip')
    expect(third.headers['content-encoding']).toBeUndefined()
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id'])
  })

  test('a new version of the database renders again', async () => {
    stock = 5
    const shop = await start(productPage)
    expect((await shop.get('/product/p1')).html).toContain('5 in stock')
    stock = 0
    shop.bump()
    expect((await shop.get('/product/p1')).html).toContain('0 in stock')
    expect(shop.renders()).toBe(2)
  })

  test('a page whose data changed while it was rendered is sent but not kept', async () => {
    stock = 5
    let bumpDuringRender: (() => void) | undefined
    const shop = await start((request, context) => {
      bumpDuringRender?.()
      return productPage(request, context)
    })
    bumpDuringRender = () => shop.bump()
    expect((await shop.get('/shop')).html).toContain('5 in stock')
    bumpDuringRender = undefined
    await shop.get('/shop')
    await shop.get('/shop')
    expect(shop.renders()).toBe(2)
  })

  test('nothing is kept, and nothing served, while the version is unknown', async () => {
    const shop = await start(productPage)
    shop.setVersion(undefined as unknown as number)
    expect((await shop.get('/shop')).html).toBe('passed on')
    expect(shop.pages.figures().bypassed).toBe(1)
  })

  test("a shopper with the shop's cookies, and pages outside the list, pass on", async () => {
    const shop = await start(productPage)
    expect((await shop.get('/shop', { cookie: 'farm.cart=abc' })).html).toBe('passed on')
    expect((await shop.get('/cart')).html).toBe('passed on')
    expect((await shop.get('/shop', {}, 'POST')).html).toBe('passed on')
    expect(shop.renders()).toBe(0)
  })

  test('HEAD is answered from a kept page, and passes on when there is none', async () => {
    const shop = await start(productPage)
    expect((await shop.get('/about', {}, 'HEAD')).html).toBe('')
    expect(shop.renders()).toBe(0)
    await shop.get('/about')
    const head = await shop.get('/about', {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.html).toBe('')
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0)
    expect(shop.renders()).toBe(1)
  })

  test('an error page, a redirect or an answer with a cookie is sent as it is, not kept', async () => {
    let answer = (context: AppLoadContext): Response =>
      new Response(`<p nonce="${context.cspNonce}">Not found</p>`, {
        status: 404,
        headers: { 'Content-Type': 'text/html; charset=utf-8' },
      })
    const shop = await start((_request, context) => answer(context))
    const missing = await shop.get('/product/nope', { 'accept-encoding': 'br' })
    expect(missing.status).toBe(404)
    expect(missing.html).toBe(`<p nonce="${nonceOf(missing)}">Not found</p>`)
    await shop.get('/product/nope')
    expect(shop.renders()).toBe(2)

    answer = () =>
      new Response(null, { status: 302, headers: { Location: '/shop', 'Set-Cookie': 'a=b' } })
    const moved = await shop.get('/shop?old=1')
    expect(moved.status).toBe(302)
    expect(moved.headers.location).toBe('/shop')
    expect(moved.headers['set-cookie']).toEqual(['a=b'])

    answer = () =>
      new Response('<p>hi</p>', {
        headers: { 'Content-Type': 'text/html', 'Set-Cookie': 'farm.x=1' },
      })
    await shop.get('/about')
    await shop.get('/about')
    expect(shop.pages.figures().entries).toBe(0)
  })
})
