import pino from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { cartReplyMessage } from '~/cart/replies'
import {
  ADDED_TO_CART,
  addedAsSubscriptionMessage,
  CART_CHANGE_FAILED,
  FREQUENCY_INVALID,
  ITEM_REMOVED,
  LINE_NOT_FOUND,
  outOfStockMessage,
  PROMO_REQUIRED,
  PURCHASE_INVALID,
  QUANTITY_UPDATED,
} from '~/cart/words'
import { QUANTITY_TOO_LOW } from '~/catalog/stock'
import type { FormReply } from '~/platform/forms/conform'
import { createProduct } from '~/seed/factories.server'
import { createTestApp, TEST_BASE_URL } from '../../../tests/setup/app'
import type { TestDatabase } from '../../../tests/setup/database'
import { action, loader } from './cart'

// The /cart route called directly (house style 13): parsing, the intent union, the cookie,
// the redirect of plain forms, and the one reply shape (FormReply, `form` naming the intent).

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
      body: { status: 'success', form: 'add', message: ADDED_TO_CART },
    })
    const cookie = cookieOf(added.headers)
    expect(cookie).toMatch(/^farm\.cart=/)

    const linesOf = async () => {
      const request = new Request(`${TEST_BASE_URL}/cart`, { headers: { cookie } })
      const { cart } = await loader({
        request,
        params: {},
        context,
        url: new URL(request.url),
        pattern: '/cart',
      })
      return cart.lines
    }
    const lineId = (await linesOf())[0]?.id ?? ''
    expect((await linesOf()).map((line) => [line.name, line.quantity])).toEqual([['Short Ribs', 1]])

    const steps: [Record<string, string>, number][] = [
      [{ intent: 'increment', lineId }, 2],
      [{ intent: 'increment', lineId }, 3],
      [{ intent: 'decrement', lineId }, 2],
      [{ intent: 'set-quantity', lineId, quantity: '5' }, 5],
    ]
    for (const [fields, quantity] of steps) {
      expect(await answer(post(fields, cookie))).toMatchObject({
        status: 200,
        body: { status: 'success', form: fields.intent, message: QUANTITY_UPDATED },
      })
      expect((await linesOf())[0]?.quantity).toBe(quantity)
    }
    // Without the cookie, the same line id belongs to nobody.
    expect(await answer(post({ intent: 'remove', lineId }))).toMatchObject({
      status: 404,
      body: { status: 'error', form: 'remove', error: { '': [LINE_NOT_FOUND] } },
    })
    expect(await answer(post({ intent: 'remove', lineId }, cookie))).toMatchObject({
      status: 200,
      body: { status: 'success', message: ITEM_REMOVED },
    })
    expect(await linesOf()).toEqual([])
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
      body: { status: 'error', form: 'add', error: { '': [outOfStockMessage('Filet Mignon')] } },
    })
    const emptyCode = await answer(post({ intent: 'apply-promo', code: '   ' }))
    expect(emptyCode).toMatchObject({
      status: 400,
      body: { status: 'error', form: 'apply-promo', error: { code: [PROMO_REQUIRED] } },
    })
    expect(cartReplyMessage(emptyCode.body as FormReply)).toBe(PROMO_REQUIRED)
    const unknown = await answer(post({ intent: 'explode' }))
    expect(unknown).toMatchObject({ status: 400, body: { status: 'error', form: undefined } })
    expect(cartReplyMessage(unknown.body as FormReply)).toBe(CART_CHANGE_FAILED)
    const zero = await answer(post({ intent: 'set-quantity', lineId: 'x', quantity: '0' }))
    expect(zero).toMatchObject({ status: 400, body: { status: 'error', form: 'set-quantity' } })
    expect(cartReplyMessage(zero.body as FormReply)).toBe(QUANTITY_TOO_LOW)
    expect(await answer(post({ intent: 'add', productId: 'x', quantity: '1.5' }))).toMatchObject({
      status: 400,
    })
  })
})

describe('subscribing through /cart (ADR 32)', () => {
  test('purchase=subscribe with a frequency adds a subscribed line', async () => {
    const product = await createProduct(t.db, {
      name: 'Veg Box',
      subscription_frequencies: 'weekly,biweekly',
    })
    const added = await answer(
      post({ intent: 'add', productId: product.id, purchase: 'subscribe', frequency: 'biweekly' }),
    )
    expect(added).toMatchObject({
      status: 200,
      body: { status: 'success', message: addedAsSubscriptionMessage('Every 2 weeks') },
    })
  })

  test('a made-up purchase or frequency is a 400 with words, and nothing is added', async () => {
    const product = await createProduct(t.db, { subscription_frequencies: 'weekly' })
    const badFrequency = await answer(
      post({ intent: 'add', productId: product.id, purchase: 'subscribe', frequency: 'daily' }),
    )
    expect(badFrequency).toMatchObject({ status: 400, body: { form: 'add' } })
    expect(cartReplyMessage(badFrequency.body as FormReply)).toBe(FREQUENCY_INVALID)
    expect(badFrequency.headers).toBeUndefined()
    const badPurchase = await answer(
      post({ intent: 'add', productId: product.id, purchase: 'forever', frequency: 'weekly' }),
    )
    expect(badPurchase).toMatchObject({ status: 400 })
    expect(cartReplyMessage(badPurchase.body as FormReply)).toBe(PURCHASE_INVALID)
    const badLine = await answer(
      post({ intent: 'set-frequency', lineId: 'some-line', frequency: 'yearly' }),
    )
    expect(badLine).toMatchObject({ status: 400, body: { form: 'set-frequency' } })
    expect(cartReplyMessage(badLine.body as FormReply)).toBe(FREQUENCY_INVALID)
  })
})
