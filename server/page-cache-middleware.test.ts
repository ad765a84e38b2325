import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import express from 'express'
import type { Logger } from 'pino'
import type { AppLoadContext } from 'react-router'
import { afterEach, describe, expect, test } from 'vitest'
import { GuestPageCache } from './page-cache-middleware.server'
import { createNonce } from './security.server'

// The guest page cache as the server runs it: in front of the page handler.

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
