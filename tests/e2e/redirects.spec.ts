import { expect, test } from '@playwright/test'
import { signUp, uniqueEmail } from './support/users'

// Issue 31: a redirect target that becomes //evil.example once its dot segments are resolved
// sent signed-in customers to another host from the shop's own domain. Every place that takes
// `redirect` (the OAuth callback, sign-in, the cart's plain forms) answers a path on this site.

const HOSTILE = [
  '/.//evil.example/phish',
  '/..//evil.example/phish',
  '/%2e%2e//evil.example/phish',
  '/x/..//evil.example/phish',
  '/%2E//evil.example',
  '/\\evil.example',
  '/\t/evil.example',
  'https://evil.example/',
]

function staysHome(location: string | undefined, origin: string) {
  expect(location, 'a Location header').toBeTruthy()
  const target = new URL(location as string, `${origin}/signin`)
  expect(target.origin).toBe(origin)
  expect(location?.startsWith('//')).toBe(false)
}

test('the sign-in callback sends a signed-in customer only to this shop', async ({
  page,
  baseURL,
}) => {
  await signUp(page, { email: uniqueEmail('redirect') })
  for (const value of HOSTILE) {
    const response = await page.request.get(
      `/auth/callback?${new URLSearchParams({ redirect: value })}`,
      { maxRedirects: 0 },
    )
    expect(response.status(), value).toBe(302)
    staysHome(response.headers().location, baseURL as string)
  }
})

test('signing in with a hostile redirect lands on this shop', async ({ page, baseURL }) => {
  const email = uniqueEmail('redirect')
  await signUp(page, { email })
  await page.context().clearCookies()
  await page.goto(`/signin?${new URLSearchParams({ redirect: '/.//evil.example/phish' })}`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('pasture-fresh-42')
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/signin'))
  expect(new URL(page.url()).origin).toBe(baseURL)
})

test('the cart’s plain forms return only to a page of this shop', async ({ request, baseURL }) => {
  const shop = await (await request.get('/shop')).text()
  const productId = /name="productId" value="([^"]+)"/.exec(shop)?.[1]
  expect(productId).toBeTruthy()
  for (const value of HOSTILE) {
    const response = await request.post('/cart', {
      form: { intent: 'add', productId: productId as string, quantity: '1', redirect: value },
      headers: { Origin: baseURL as string },
      maxRedirects: 0,
    })
    expect(response.status(), value).toBe(302)
    staysHome(response.headers().location, baseURL as string)
  }
})
