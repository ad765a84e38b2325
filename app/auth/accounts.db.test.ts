import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { TOO_MANY_ATTEMPTS } from '~/platform/rate-limit.server'
import { createTestApp, TEST_BASE_URL } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import {
  isResetTokenValid,
  requestPasswordReset,
  resetPassword,
  signIn,
  signOut,
  signUp,
} from './accounts.server'
import { createAdmin, setAdmin } from './admins.server'
import { INVALID_RESET_LINK, RESET_EMAIL_SENT, SIGN_IN_FAILED } from './forms'
import { getCurrentUser, isAdminCookie } from './session.server'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

let ip = 0
const caller = (cookie?: string) => ({
  request: new Request(`${TEST_BASE_URL}/signin`, { headers: cookie ? { cookie } : {} }),
  // A fresh client address per call keeps the per-IP limits out of the way.
  clientIp: `198.51.100.${++ip}`,
})

/** The cookie a browser would send back after these Set-Cookie headers. */
function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

/** The trusted-device cookie a sign-in sets, as the browser sends it back. */
function deviceCookieFrom(outcome: { headers: Headers }): string {
  const cookie = outcome.headers.getSetCookie().find((c) => c.startsWith('farm.device='))
  return cookie?.split(';')[0] ?? ''
}

const tooMany = { ok: false, status: 429, message: TOO_MANY_ATTEMPTS }

const newUser = (email: string) => ({
  firstName: 'Ann',
  lastName: 'Lee',
  email,
  password: 'pasture-fresh-42',
  newsletter: false,
})

// Every sign-up, sign-in and reset hashes a password (scrypt, on purpose slow): several in one
// test take over Vitest's 5 s when the machine is busy.
const HASHING_TIMEOUT_MS = 30_000

describe('sign-up', { timeout: HASHING_TIMEOUT_MS }, () => {
  test('creates the customer row, with names, not admin, in the same step; signs in; welcomes', async () => {
    const outcome = await signUp(newUser('ann@example.com'), caller())
    expect(outcome.ok).toBe(true)
    if (!outcome.ok) return
    const customer = await t.db
      .selectFrom('customers')
      .select(['id', 'name', 'first_name', 'last_name', 'is_admin', 'email_verified'])
      .where('email', '=', 'ann@example.com')
      .executeTakeFirstOrThrow()
    expect(customer).toMatchObject({
      name: 'Ann Lee',
      first_name: 'Ann',
      last_name: 'Lee',
      is_admin: false,
      email_verified: false,
    })
    const user = await getCurrentUser(
      new Request(`${TEST_BASE_URL}/`, { headers: { cookie: cookieFrom(outcome.headers) } }),
    )
    expect(user).toEqual({
      id: customer.id,
      email: 'ann@example.com',
      firstName: 'Ann',
      lastName: 'Lee',
      phone: null,
      isAdmin: false,
    })
    const welcome = await t.db
      .selectFrom('email_outbox')
      .select(['to_address', 'subject', 'status'])
      .where('to_address', '=', 'ann@example.com')
      .execute()
    expect(welcome).toHaveLength(1)
    expect(welcome[0]?.subject).toMatch(/Welcome/)
  })

  test('the same address twice is refused with a clear message', async () => {
    await signUp(newUser('twice@example.com'), caller())
    const again = await signUp(newUser('twice@example.com'), caller())
    expect(again).toMatchObject({ ok: false, status: 409 })
  })

  test('newsletter ticked: a pending subscription', async () => {
    await signUp({ ...newUser('news@example.com'), newsletter: true }, caller())
    const row = await t.db
      .selectFrom('newsletter_subscribers')
      .select('status')
      .where('email', '=', 'news@example.com')
      .executeTakeFirst()
    expect(row?.status).toBe('pending')
  })
})

describe('sign-in', { timeout: HASHING_TIMEOUT_MS }, () => {
  test('right password signs in, wrong one fails, and five failures lock the address', async () => {
    await signUp(newUser('bea@example.com'), caller())
    const good = await signIn(
      { email: 'bea@example.com', password: 'pasture-fresh-42', rememberMe: false },
      caller(),
    )
    expect(good.ok).toBe(true)
    for (let i = 0; i < 5; i++) {
      expect(
        await signIn(
          { email: 'bea@example.com', password: 'wrong-pass', rememberMe: false },
          caller(),
        ),
      ).toEqual({ ok: false, status: 401, message: SIGN_IN_FAILED })
    }
    expect(
      await signIn(
        { email: 'bea@example.com', password: 'pasture-fresh-42', rememberMe: false },
        caller(),
      ),
    ).toEqual({ ok: false, status: 429, message: TOO_MANY_ATTEMPTS })
  })

  test('strangers filling the address\u2019s limit do not lock its owner out of their own browser', async () => {
    const email = 'dot@example.com'
    const right = { email, password: 'pasture-fresh-42', rememberMe: true }
    const wrong = { ...right, password: 'wrong-pass' }
    await signUp(newUser(email), caller())
    // The owner's browser has signed in here before: it keeps the cookie that says so.
    const owner = deviceCookieFrom((await signIn(right, caller())) as { headers: Headers })
    expect(owner).toMatch(/^farm\.device=/)

    // Guesses from many addresses fill the address's limit: 5 a minute, then every other
    // client is refused before its password is looked at, the right one included.
    for (let i = 0; i < 5; i++) expect(await signIn(wrong, caller())).toMatchObject({ status: 401 })
    for (let i = 0; i < 3; i++) expect(await signIn(wrong, caller())).toEqual(tooMany)
    expect(await signIn(right, caller())).toEqual(tooMany)

    // The owner's browser gets in, from any address.
    expect(await signIn(right, caller(owner))).toMatchObject({ ok: true })
    // Its own wrong passwords count against it alone, 5 a minute like anyone's.
    for (let i = 0; i < 5; i++) {
      expect(await signIn(wrong, caller(owner))).toMatchObject({ status: 401 })
    }
    expect(await signIn(right, caller(owner))).toEqual(tooMany)
  })

  test('the device cookie is for one account, and a forged one counts for nothing', async () => {
    await signUp(newUser('eve@example.com'), caller())
    await signUp(newUser('fay@example.com'), caller())
    const eveDevice = deviceCookieFrom(
      (await signIn(
        { email: 'eve@example.com', password: 'pasture-fresh-42', rememberMe: false },
        caller(),
      )) as { headers: Headers },
    )
    const fay = { email: 'fay@example.com', password: 'wrong-pass', rememberMe: false }
    for (let i = 0; i < 5; i++) await signIn(fay, caller())
    const fayRight = { ...fay, password: 'pasture-fresh-42' }
    expect(await signIn(fayRight, caller(eveDevice))).toEqual(tooMany)
    const [name, value = ''] = eveDevice.split('=')
    const forged = `${name}=${value.slice(0, -3)}abc`
    expect(await signIn(fayRight, caller(forged))).toEqual(tooMany)
  })

  test('sign-out clears the cookies even when the session is not valid', async () => {
    const headers = await signOut(
      new Request(`${TEST_BASE_URL}/signout`, { headers: { cookie: 'farm.session_token=bogus' } }),
    )
    expect(headers.getSetCookie().some((c) => /^farm\.session_token=;.*Max-Age=0/.test(c))).toBe(
      true,
    )
  })
})

describe('password reset', { timeout: HASHING_TIMEOUT_MS }, () => {
  test('a one-time link by email for a known address; the same answer and no email otherwise', async () => {
    await signUp(newUser('cal@example.com'), caller())
    expect(await requestPasswordReset('cal@example.com', caller())).toMatchObject({
      ok: true,
      message: RESET_EMAIL_SENT,
    })
    expect(await requestPasswordReset('nobody@example.com', caller())).toMatchObject({
      ok: true,
      message: RESET_EMAIL_SENT,
    })
    const mails = await t.db
      .selectFrom('email_outbox')
      .select(['to_address', 'text_body'])
      .where('subject', 'like', '%eset%')
      .execute()
    expect(mails.map((m) => m.to_address)).toEqual(['cal@example.com'])
    const token = /reset-password\?token=([\w-]+)/.exec(mails[0]?.text_body ?? '')?.[1] ?? ''
    expect(await isResetTokenValid(token)).toBe(true)
    expect(await isResetTokenValid('forged')).toBe(false)

    expect(await resetPassword({ token, password: 'new-secret-99' })).toMatchObject({ ok: true })
    expect(await resetPassword({ token, password: 'new-secret-99' })).toEqual({
      ok: false,
      status: 400,
      message: INVALID_RESET_LINK,
    })
    const signedIn = await signIn(
      { email: 'cal@example.com', password: 'new-secret-99', rememberMe: true },
      caller(),
    )
    expect(signedIn.ok).toBe(true)
  })
})

describe('admins from the CLI', { timeout: HASHING_TIMEOUT_MS }, () => {
  test('create makes a verified admin who can sign in; revoke and grant toggle it', async () => {
    const created = await createAdmin(t.db, {
      email: 'farmer@example.com',
      password: 'tractor-keys-1',
      firstName: 'Ruth',
      lastName: 'Halvorsen',
    })
    expect(created.created).toBe(true)
    const outcome = await signIn(
      { email: 'farmer@example.com', password: 'tractor-keys-1', rememberMe: false },
      caller(),
    )
    expect(outcome.ok).toBe(true)
    if (!outcome.ok) return
    const request = new Request(`${TEST_BASE_URL}/admin`, {
      headers: { cookie: cookieFrom(outcome.headers) },
    })
    expect((await getCurrentUser(request))?.isAdmin).toBe(true)
    // What the host asks before it accepts an upload larger than a guest's 64 KB (ADR 35).
    const adminCookie = cookieFrom(outcome.headers)
    expect(await isAdminCookie(adminCookie)).toBe(true)
    expect(await isAdminCookie(undefined)).toBe(false)
    expect(
      await isAdminCookie(adminCookie.replace(/session_token=[^;]{4}/, 'session_token=abcd')),
    ).toBe(false)

    // The only admin cannot be removed: the shop would have nobody to run it.
    expect(await setAdmin(t.db, 'Farmer@Example.com', false)).toBe('last_admin')
    await createAdmin(t.db, {
      email: 'second@example.com',
      password: 'tractor-keys-2',
      firstName: 'Sam',
      lastName: 'Halvorsen',
    })
    expect(await setAdmin(t.db, 'Farmer@Example.com', false)).toBe('revoked')
    expect(await isAdminCookie(adminCookie)).toBe(false)
    const row = await t.db
      .selectFrom('customers')
      .select(['is_admin', 'email_verified'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ is_admin: false, email_verified: true })
    expect(await setAdmin(t.db, 'missing@example.com', true)).toBe('not_found')

    const again = await createAdmin(t.db, {
      email: 'farmer@example.com',
      password: 'ignored-password',
      firstName: 'R',
      lastName: 'H',
    })
    expect(again).toEqual({ created: false, id: created.id })
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', created.id)
      .orderBy('created_at')
      .execute()
    expect(audit.map((a) => a.action)).toEqual(['admin.create', 'admin.revoke', 'admin.grant'])
  })
})
