import { type APIRequestContext, expect, test } from '@playwright/test'
import SQLite from 'better-sqlite3'
import { addToCart, demoIds } from './support/cart'
import { placePickupOrder } from './support/checkout'
import { signInAsNewAdmin, signUp, uniqueEmail } from './support/users'

// Issue 7: every route, for each role (guest, customer, another customer, admin), gives the
// answer it should: the page, a redirect (home or sign-in), 403 or 404, and never a 5xx.

type Role = 'guest' | 'customer' | 'other' | 'admin'
type Answer = 'page' | 'home' | 'signin' | 'account' | 'notfound' | 'refused' | 'client-error'

const ROLES: Role[] = ['guest', 'customer', 'other', 'admin']
const UNKNOWN = '00000000-0000-4000-8000-000000000000'

const everyone = (answer: Answer) => Object.fromEntries(ROLES.map((r) => [r, answer]))
const signedInOnly = (page: Answer = 'page') => ({
  guest: 'signin' as Answer,
  customer: page,
  other: page,
  admin: page,
})
const guestOnly = { guest: 'page', customer: 'home', other: 'home', admin: 'home' } as const
const adminOnly = (admin: Answer = 'page') => ({
  guest: 'home' as Answer,
  customer: 'home' as Answer,
  other: 'home' as Answer,
  admin,
})
const ownerOnly = {
  guest: 'signin',
  customer: 'page',
  other: 'notfound',
  admin: 'notfound',
} as const

const DATABASE_FILE = `.cache/e2e-${process.env.E2E_PORT ?? 3100}/shop.db`
function firstId(sql: string, ...params: unknown[]): string {
  const db = new SQLite(DATABASE_FILE, { readonly: true, fileMustExist: true })
  try {
    const row = db.prepare(sql).get(...params) as { id: string } | undefined
    if (!row) throw new Error(`nothing for ${sql}`)
    return row.id
  } finally {
    db.close()
  }
}

test('every route answers each role as it should, and nothing answers 5xx', async ({ browser }) => {
  test.setTimeout(180_000)
  // The customer with an order, another customer, an admin.
  const customerContext = await browser.newContext()
  const customerPage = await customerContext.newPage()
  const customerEmail = uniqueEmail('walker')
  await signUp(customerPage, { email: customerEmail })
  await addToCart(customerPage, { product: 'Huckleberry Jam' })
  const orderId = await placePickupOrder(customerPage)

  const otherContext = await browser.newContext()
  await signUp(await otherContext.newPage(), { email: uniqueEmail('other-walker') })

  const adminContext = await browser.newContext()
  await signInAsNewAdmin(await adminContext.newPage(), 'Walt')

  const contexts: Record<Role, APIRequestContext> = {
    guest: (await browser.newContext()).request,
    customer: customerContext.request,
    other: otherContext.request,
    admin: adminContext.request,
  }

  const productId = demoIds({ product: 'Huckleberry Jam' }).productId
  const customerId = firstId('select id from customers where email = ?', customerEmail)
  const promoId = firstId("select id from promo_codes where code = 'FARM10'")
  const animalId = firstId("select id from animals where name = 'Steer #14'")
  const shop = await (await contexts.guest.get('/shop')).text()
  const image = /src="(\/images\/[^"?]+)"/.exec(shop)?.[1] ?? ''
  expect(image).not.toBe('')

  const routes: Record<string, Partial<Record<Role, Answer>>> = {
    '/': everyone('page'),
    '/shop': everyone('page'),
    [`/product/${productId}`]: everyone('page'),
    [`/product/${UNKNOWN}`]: everyone('notfound'),
    '/cart': everyone('page'),
    '/about': everyone('page'),
    '/grass-fed-beef': everyone('page'),
    '/contact': everyone('page'),
    '/terms': everyone('page'),
    '/privacy': everyone('page'),
    '/shipping-pickup': everyone('page'),
    '/refunds': everyone('page'),
    '/newsletter/confirm': everyone('client-error'),
    '/newsletter/unsubscribe': everyone('client-error'),
    '/sitemap.xml': everyone('page'),
    '/robots.txt': everyone('page'),
    [image]: everyone('page'),
    '/images/nothing-here.webp': everyone('notfound'),
    '/api/errors': everyone('client-error'),
    '/api/stripe/webhook': everyone('client-error'),
    // PayPal is not configured on this server: its return and cancel URLs do not exist.
    '/api/paypal/return?token=X': everyone('notfound'),
    '/api/paypal/cancel?token=X': everyone('notfound'),
    '/api/auth/get-session': everyone('notfound'),
    '/no-such-page': everyone('notfound'),
    '/signin': guestOnly,
    '/signup': guestOnly,
    // Without its one-time token the page says the link is invalid (400).
    '/reset-password': { ...guestOnly, guest: 'client-error' },
    '/account': { guest: 'signin', customer: 'account', other: 'account', admin: 'account' },
    '/account/profile': signedInOnly(),
    '/account/orders': signedInOnly(),
    '/account/addresses': signedInOnly(),
    '/account/waiting-list': signedInOnly(),
    [`/account/orders/${orderId}`]: ownerOnly,
    [`/account/orders/${orderId}/calendar.ics`]: ownerOnly,
    [`/order-confirmation/${orderId}`]: ownerOnly,
    [`/order-confirmation/${UNKNOWN}`]: {
      guest: 'signin',
      customer: 'notfound',
      other: 'notfound',
      admin: 'notfound',
    },
    '/admin': adminOnly(),
    '/admin/orders': adminOnly(),
    [`/admin/orders/${orderId}`]: adminOnly(),
    [`/admin/orders/${UNKNOWN}`]: adminOnly('notfound'),
    [`/admin/orders/${orderId}/packing-slip`]: adminOnly(),
    '/admin/orders.csv': adminOnly(),
    '/admin/fulfilment': adminOnly(),
    '/admin/fulfilment?day=2026-13-45': adminOnly(),
    '/admin/fulfilment/pack-list': adminOnly(),
    '/admin/fulfilment/setup': adminOnly(),
    '/admin/fulfilment/places/new': adminOnly(),
    [`/admin/fulfilment/places/${UNKNOWN}`]: adminOnly('notfound'),
    '/admin/fulfilment/zones/new': adminOnly(),
    '/admin/fulfilment/zones/nonsense': adminOnly('notfound'),
    '/admin/fulfilment/export.csv?list=run': adminOnly(),
    '/admin/products': adminOnly(),
    '/admin/products/new': adminOnly(),
    [`/admin/products/${productId}`]: adminOnly(),
    [`/admin/products/${UNKNOWN}`]: adminOnly('notfound'),
    '/admin/waiting-list': adminOnly(),
    '/admin/customers': adminOnly(),
    [`/admin/customers/${customerId}`]: adminOnly(),
    [`/admin/customers/${UNKNOWN}`]: adminOnly('notfound'),
    '/admin/messages': adminOnly(),
    '/admin/content/policies/privacy': adminOnly(),
    '/admin/content/policies/nonsense': adminOnly('notfound'),
    [`/admin/messages/${UNKNOWN}`]: adminOnly('notfound'),
    '/admin/newsletter': adminOnly(),
    '/admin/newsletter.csv': adminOnly(),
    '/admin/emails': adminOnly(),
    '/admin/errors': adminOnly(),
    '/admin/activity': adminOnly(),
    '/admin/content': adminOnly(),
    '/admin/content/team': adminOnly(),
    '/admin/content/gallery': adminOnly(),
    '/admin/promo-codes': adminOnly(),
    [`/admin/promo-codes/${promoId}`]: adminOnly(),
    [`/admin/promo-codes/${UNKNOWN}`]: adminOnly('notfound'),
    '/admin/settings': adminOnly(),
    '/admin/shares': adminOnly(),
    '/admin/shares/new': adminOnly(),
    [`/admin/shares/${animalId}`]: adminOnly(),
    [`/admin/shares/${animalId}/print`]: adminOnly(),
    [`/admin/shares/${UNKNOWN}`]: adminOnly('notfound'),
    [`/admin/shares/${UNKNOWN}/print`]: adminOnly('notfound'),
    // A share's cut sheet is its owner's; a balance link without a real token is not found.
    [`/account/shares/${UNKNOWN}/cut-sheet`]: {
      guest: 'signin',
      customer: 'notfound',
      other: 'notfound',
      admin: 'notfound',
    },
    '/shares/balance/no-such-token': everyone('notfound'),
    // Subscriptions (ADR 32): the list is each customer's own; a subscription and its card page
    // are its owner's; the pay page is the order's owner's (a pickup order shows that there is
    // nothing to pay).
    '/account/subscriptions': signedInOnly(),
    [`/account/subscriptions/${UNKNOWN}`]: {
      guest: 'signin',
      customer: 'notfound',
      other: 'notfound',
      admin: 'notfound',
    },
    [`/account/orders/${orderId}/pay`]: ownerOnly,
    [`/account/subscriptions/${UNKNOWN}/card`]: {
      guest: 'signin',
      customer: 'notfound',
      other: 'notfound',
      admin: 'notfound',
    },
    // subscriptions (issue 21)
    '/admin/subscriptions': adminOnly(),
    '/admin/subscriptions?status=paused&q=a': adminOnly(),
    [`/admin/subscriptions/${UNKNOWN}`]: adminOnly('notfound'),
    '/admin/subscriptions/export?status=active': adminOnly(),
  }

  const problems: string[] = []
  for (const [path, answers] of Object.entries(routes)) {
    for (const role of ROLES) {
      const expected = answers[role]
      if (!expected) continue
      const response = await contexts[role].get(path, { maxRedirects: 0 })
      const status = response.status()
      const location = new URL(response.headers().location ?? '/', 'http://x')
      const got: Answer | string =
        status === 200
          ? 'page'
          : status === 404
            ? 'notfound'
            : status === 403
              ? 'refused'
              : status >= 300 && status < 400 && location.pathname === '/'
                ? 'home'
                : status >= 300 && status < 400 && location.pathname === '/signin'
                  ? 'signin'
                  : status >= 300 && status < 400 && location.pathname.startsWith('/account/')
                    ? 'account'
                    : status >= 400 && status < 500
                      ? 'client-error'
                      : `HTTP ${status}`
      if (got !== expected) problems.push(`${role} GET ${path}: expected ${expected}, got ${got}`)
      if (expected === 'signin') {
        expect(location.searchParams.get('redirect'), path).toBe(path)
      }
    }
  }
  expect(problems).toEqual([])
})
