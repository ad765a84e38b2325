import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  ADDED_TO_CART,
  CART_CHANGE_FAILED,
  outOfStockMessage,
  PROMO_REQUIRED,
  QUANTITY_UPDATED,
} from '~/cart/messages'
import { createProduct } from '~/seed/factories.server'
import { createTestApp, TEST_BASE_URL } from '../../../tests/setup/app'
import type { TestDatabase } from '../../../tests/setup/database'
import { action, loader } from './cart'

// The /cart route called directly (house style 13): parsing, the intent union, the cookie,
// and the redirect of plain forms.

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

const context = {
  cspNonce: '',
  requestId: 'cart-route-test',
  clientIp: '127.0.0.1',
  log: pino({ level: 'silent' }),
}

function post(fields: Record<string, string>, cookie = '') {
  const request = new Request(`${TEST_BASE_URL}/cart`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: cookie ? { cookie } : {},
  })
  return action({ request, params: {}, context, url: new URL(request.url), pattern: '/cart' })
}

/** The data and init of a `data()` answer; a thrown redirect comes back as a Response. */
async function answer(pending: ReturnType<typeof post>) {
  try {
    const result = await pending
    return { status: result.init?.status ?? 200, body: result.data, headers: result.init?.headers }
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, response: thrown }
    throw thrown
  }
}

const cookieOf = (headers: HeadersInit | undefined) =>
  new Headers(headers)
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ')

describe('the /cart action', () => {
  test('a guest add sets the cart cookie; the steps then work through it', async () => {
    const product = await createProduct(t.db, { name: 'Short Ribs', stock_quantity: 6 })
    const added = await answer(post({ intent: 'add', productId: product.id }))
    expect(added).toMatchObject({
      status: 200,
      body: { ok: true, intent: 'add', message: ADDED_TO_CART, quantity: 1 },
    })
    const cookie = cookieOf(added.headers)
    expect(cookie).toMatch(/^farm\.cart=/)

    const request = new Request(`${TEST_BASE_URL}/cart`, { headers: { cookie } })
    const { cart } = await loader({
      request,
      params: {},
      context,
      url: new URL(request.url),
      pattern: '/cart',
    })
    const lineId = cart.lines[0]?.id ?? ''
    expect(cart.lines.map((line) => [line.name, line.quantity])).toEqual([['Short Ribs', 1]])

    const steps: [Record<string, string>, number][] = [
      [{ intent: 'increment', lineId }, 2],
      [{ intent: 'increment', lineId }, 3],
      [{ intent: 'decrement', lineId }, 2],
      [{ intent: 'set-quantity', lineId, quantity: '5' }, 5],
    ]
    for (const [fields, quantity] of steps) {
      expect(await answer(post(fields, cookie))).toMatchObject({
        status: 200,
        body: { ok: true, intent: fields.intent, message: QUANTITY_UPDATED, quantity },
      })
    }
    // Without the cookie, the same line id belongs to nobody.
    expect(await answer(post({ intent: 'remove', lineId }))).toMatchObject({
      status: 404,
      body: { ok: false, intent: 'remove' },
    })
    expect(await answer(post({ intent: 'remove', lineId }, cookie))).toMatchObject({
      status: 200,
      body: { ok: true },
    })
  })

  test('plain forms are redirected to a path on this site, with the cookie', async () => {
    const product = await createProduct(t.db)
    const back = await answer(
      post({ intent: 'add', productId: product.id, quantity: '2', redirect: '/shop?page=2' }),
    )
    expect(back.status).toBe(302)
    expect(back.response?.headers.get('Location')).toBe('/shop?page=2')
    expect(back.response?.headers.get('Set-Cookie')).toMatch(/^farm\.cart=/)
    for (const away of ['https://evil.example/', '//evil.example', '/\\evil.example']) {
      const answered = await answer(post({ intent: 'add', productId: product.id, redirect: away }))
      expect(answered.response?.headers.get('Location')).toBe('/cart')
    }
  })

  test('refusals and bad input answer 4xx with a message, never a redirect', async () => {
    const soldOut = await createProduct(t.db, { name: 'Filet Mignon', stock_quantity: 0 })
    expect(
      await answer(post({ intent: 'add', productId: soldOut.id, redirect: '/product/x' })),
    ).toMatchObject({
      status: 409,
      body: { ok: false, intent: 'add', message: outOfStockMessage('Filet Mignon') },
    })
    expect(await answer(post({ intent: 'apply-promo', code: '   ' }))).toMatchObject({
      status: 400,
      body: { ok: false, intent: 'apply-promo', message: PROMO_REQUIRED },
    })
    expect(await answer(post({ intent: 'explode' }))).toMatchObject({
      status: 400,
      body: { ok: false, intent: 'unknown', message: CART_CHANGE_FAILED },
    })
    expect(
      await answer(post({ intent: 'set-quantity', lineId: 'x', quantity: '0' })),
    ).toMatchObject({ status: 400, body: { ok: false, intent: 'set-quantity' } })
    expect(await answer(post({ intent: 'add', productId: 'x', quantity: '1.5' }))).toMatchObject({
      status: 400,
    })
  })
})
