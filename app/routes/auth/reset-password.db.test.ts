import { createStaticHandler } from 'react-router'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { requestPasswordReset, signIn, signUp } from '~/auth/accounts.server'
import { createTestApp, TEST_BASE_URL } from '../../../tests/setup/app'
import type { TestDatabase } from '../../../tests/setup/database'
import { action, loader } from './reset-password'

// The page as a browser without JavaScript meets it: React Router's own document handling
// (a POST runs the action, then the page's loader), so the status is the one sent.

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

const handler = createStaticHandler([
  {
    id: 'reset-password',
    path: '/reset-password',
    loader: loader as never,
    action: action as never,
  },
])

async function document(path: string, form?: Record<string, string>) {
  const request = new Request(`${TEST_BASE_URL}${path}`, {
    method: form ? 'POST' : 'GET',
    body: form ? new URLSearchParams(form) : undefined,
    headers: form
      ? { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_BASE_URL }
      : {},
  })
  return handler.query(request)
}

const caller = (n: number, cookie?: string) => ({
  request: new Request(`${TEST_BASE_URL}/signin`, { headers: cookie ? { cookie } : {} }),
  clientIp: `198.51.100.${n}`,
})

test('a successful reset lands on a 200 page that says so and trusts the browser; the used link answers 400', {
  timeout: 30_000,
}, async () => {
  await signUp(
    {
      firstName: 'Cal',
      lastName: 'Lee',
      email: 'cal@example.com',
      password: 'pasture-fresh-42',
      newsletter: false,
    },
    caller(1),
  )
  await requestPasswordReset('cal@example.com', caller(2))
  const mail = await t.db
    .selectFrom('email_outbox')
    .select('text_body')
    .where('template', '=', 'password-reset')
    .executeTakeFirstOrThrow()
  const link = /\/reset-password\?token=[\w-]+/.exec(mail.text_body)?.[0] ?? ''

  const form = await document(link)
  expect(form).not.toBeInstanceOf(Response)
  if (form instanceof Response) return
  expect(form.statusCode).toBe(200)

  const token = new URL(link, TEST_BASE_URL).searchParams.get('token') ?? ''
  let done = await document(link, {
    token,
    password: 'new-secret-99',
    confirmPassword: 'new-secret-99',
  })
  // Post, then redirect, then get: the browser lands on the page that says it worked.
  let device = ''
  if (done instanceof Response) {
    expect(done.status).toBe(302)
    device = done.headers.getSetCookie().find((c) => c.startsWith('farm.device=')) ?? ''
    done = await document(done.headers.get('Location') ?? '')
  }
  expect(done).not.toBeInstanceOf(Response)
  if (done instanceof Response) return
  expect(done.statusCode).toBe(200)
  expect(JSON.stringify(done.loaderData)).toContain('"done":true')
  // Strangers' guesses fill the account's sign-in limit; the browser that chose the new
  // password has shown it reads the account's mail, and still gets in.
  const wrong = { email: 'cal@example.com', password: 'guess-guess', rememberMe: false }
  for (let i = 0; i < 5; i++) await signIn(wrong, caller(10 + i))
  const right = { ...wrong, password: 'new-secret-99' }
  expect(await signIn(right, caller(3))).toMatchObject({ ok: false, status: 429 })
  expect(await signIn(right, caller(4, device.split(';')[0]))).toMatchObject({ ok: true })

  // The link works once.
  const again = await document(link)
  if (again instanceof Response) throw new Error('no redirect expected')
  expect(again.statusCode).toBe(400)
})
