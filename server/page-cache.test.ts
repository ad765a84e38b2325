import { describe, expect, test } from 'vitest'
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
