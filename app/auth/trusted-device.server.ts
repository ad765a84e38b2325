import { createHmac, randomBytes } from 'node:crypto'
import { createCookie } from 'react-router'
import { getEnv } from '~/platform/env.server'

// A browser that has signed in to an account (or chosen its new password) carries a cookie
// naming a device id and, by a keyed hash, that account. Failed sign-ins from it count against
// that device, not against the account, so strangers who fill the account's limit of wrong
// passwords (5 a minute) do not lock its owner out of their own browser; everyone else is
// still held to the account's limit, however many addresses they come from. (OWASP's "device
// cookies" against online guessing.) The cookie goes only to /signin, where it is read.

const COOKIE_PATH = '/signin'
const REMEMBERED_DAYS = 365
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/

function deviceCookie() {
  const env = getEnv()
  const secure = env.baseUrl.startsWith('https:')
  return createCookie(secure ? '__Secure-farm.device' : 'farm.device', {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: COOKIE_PATH,
    secrets: [env.authSecret],
  })
}

/** The account a cookie is for, as a keyed hash: the cookie does not carry the address. */
function accountTag(email: string): string {
  return createHmac('sha256', getEnv().authSecret)
    .update(`signin-device:${email.trim().toLowerCase()}`)
    .digest('base64url')
}

/** This browser's device id when it has signed in to this account before, else null. */
export async function trustedDeviceFor(request: Request, email: string): Promise<string | null> {
  const header = request.headers.get('cookie')
  if (!header?.includes('farm.device=')) return null
  const value: unknown = await deviceCookie().parse(header)
  if (typeof value !== 'object' || value === null) return null
  const { device, account } = value as Record<string, unknown>
  if (typeof device !== 'string' || !DEVICE_ID.test(device)) return null
  return account === accountTag(email) ? device : null
}

/**
 * Set-Cookie that trusts this browser for this account. Kept for a year with "remember me",
 * else until the browser closes, like the session it comes with (a shared computer forgets).
 */
export function trustDevice(email: string, remember: boolean): Promise<string> {
  const value = { device: randomBytes(16).toString('base64url'), account: accountTag(email) }
  return deviceCookie().serialize(value, remember ? { maxAge: REMEMBERED_DAYS * 24 * 60 * 60 } : {})
}
