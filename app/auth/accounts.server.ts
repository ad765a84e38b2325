import { isAPIError } from 'better-auth/api'
import { requestNewsletterSubscription } from '~/newsletter/newsletter.server'
import { getDb } from '~/platform/db/db.server'
import { getEnv } from '~/platform/env.server'
import {
  clearAttempts,
  isRateLimited,
  limits,
  recordAttempt,
  TOO_MANY_ATTEMPTS,
} from '~/platform/rate-limit.server'
import { configuredSocialProviders, getAuth } from './auth.server'
import { sendWelcomeEmail } from './emails.server'
import {
  INVALID_RESET_LINK,
  PASSWORD_UPDATED,
  RESET_EMAIL_SENT,
  SIGN_IN_FAILED,
  SIGN_UP_FAILED,
} from './forms'
import { safeRedirect } from './redirect'
import { authHeaders } from './session.server'
import { trustDevice, trustedDeviceFor } from './trusted-device.server'

// What the sign-in, sign-up and reset pages do, on the server. Routes stay thin.

type Refused = { ok: false; status: 400 | 401 | 409 | 429; message: string }

export type Outcome = { ok: true; headers: Headers; message?: string } | Refused

/**
 * A sign-in or sign-up that went through names its account: the route then completes it with
 * what higher domains do at sign-in (flows/sign-in.server.ts merges the guest cart).
 */
export type SignedIn = { ok: true; headers: Headers; customerId: string } | Refused

type Caller = { request: Request; clientIp: string }

const tooMany = { ok: false, status: 429, message: TOO_MANY_ATTEMPTS } as const

export async function signIn(
  input: { email: string; password: string; rememberMe: boolean },
  { request, clientIp }: Caller,
): Promise<SignedIn> {
  const db = getDb()
  // A browser this account has signed in from answers for its own failures; any other client
  // shares the account's. Either way checked before the password is looked at, so guessing
  // stops here, and strangers filling the account's limit never lock out the owner's browser.
  const device = await trustedDeviceFor(request, input.email)
  const client = device ? limits.signInByDevice(device) : limits.signInByEmail(input.email)
  const keys = [client, limits.signInByIp(clientIp)]
  if (await isRateLimited(db, keys)) return tooMany
  try {
    const { headers, response } = await getAuth().api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: input.rememberMe },
      headers: authHeaders(request, clientIp),
      returnHeaders: true,
    })
    await clearAttempts(db, [client])
    headers.append('Set-Cookie', await trustDevice(input.email, input.rememberMe))
    return { ok: true, headers, customerId: response.user.id }
  } catch (error) {
    if (!isAPIError(error)) throw error
    await recordAttempt(db, keys)
    return { ok: false, status: 401, message: SIGN_IN_FAILED }
  }
}

export async function signUp(
  input: {
    firstName: string
    lastName: string
    email: string
    password: string
    newsletter: boolean
  },
  { request, clientIp }: Caller,
): Promise<SignedIn> {
  const db = getDb()
  const keys = [limits.signUpByEmail(input.email), limits.signUpByIp(clientIp)]
  if (await isRateLimited(db, keys)) return tooMany
  try {
    const { headers, response } = await getAuth().api.signUpEmail({
      body: {
        email: input.email,
        password: input.password,
        name: `${input.firstName} ${input.lastName}`,
        firstName: input.firstName,
        lastName: input.lastName,
      },
      headers: authHeaders(request, clientIp),
      returnHeaders: true,
    })
    headers.append('Set-Cookie', await trustDevice(response.user.email, true))
    await sendWelcomeEmail(db, { email: response.user.email, firstName: input.firstName })
    // Ticked at sign-up: the same double opt-in as the newsletter form (D13).
    if (input.newsletter) await requestNewsletterSubscription(db, response.user.email)
    return { ok: true, headers, customerId: response.user.id }
  } catch (error) {
    if (!isAPIError(error)) throw error
    await recordAttempt(db, keys)
    const exists = error.body?.code?.startsWith('USER_ALREADY_EXISTS')
    return exists
      ? {
          ok: false,
          status: 409,
          message: 'An account with this email already exists. Please sign in instead.',
        }
      : { ok: false, status: 400, message: error.body?.message ?? SIGN_UP_FAILED }
  }
}

/** Always the same answer, account or not (no account discovery, D9). */
export async function requestPasswordReset(email: string, { clientIp }: Caller): Promise<Outcome> {
  const db = getDb()
  const keys = [limits.resetByEmail(email), limits.resetByIp(clientIp)]
  if (await isRateLimited(db, keys)) return tooMany
  await recordAttempt(db, keys)
  await getAuth().api.requestPasswordReset({ body: { email } })
  return { ok: true, headers: new Headers(), message: RESET_EMAIL_SENT }
}

/** The address of the account a reset token is for, while the token is unused. */
async function resetTokenEmail(token: string): Promise<string | null> {
  const context = await getAuth().$context
  const verification = await context.internalAdapter.findVerificationValue(
    `reset-password:${token}`,
  )
  if (!verification) return null
  const user = await context.internalAdapter.findUserById(verification.value)
  return user?.email ?? null
}

/** Whether a reset token exists and has not expired (the page shows the form only then). */
export async function isResetTokenValid(token: string | null): Promise<boolean> {
  if (!token || token.length > 200) return false
  const context = await getAuth().$context
  const verification = await context.internalAdapter.findVerificationValue(
    `reset-password:${token}`,
  )
  return Boolean(verification && verification.expiresAt > new Date())
}

/**
 * Sets the new password. The browser that chose it has shown it reads the account's mail, so
 * it is trusted for sign-in from then on: its owner gets in even while strangers keep the
 * account's sign-in limit full.
 */
export async function resetPassword(input: { token: string; password: string }): Promise<Outcome> {
  try {
    const email = await resetTokenEmail(input.token)
    await getAuth().api.resetPassword({ body: { token: input.token, newPassword: input.password } })
    const headers = new Headers()
    if (email) headers.append('Set-Cookie', await trustDevice(email, true))
    return { ok: true, headers, message: PASSWORD_UPDATED }
  } catch (error) {
    if (!isAPIError(error)) throw error
    return { ok: false, status: 400, message: INVALID_RESET_LINK }
  }
}

const AUTH_COOKIES = ['session_token', 'session_data', 'dont_remember']

/**
 * Ends the session on the server when it can, and always clears the cookies, so signing out
 * works even when the server call fails.
 */
export async function signOut(request: Request): Promise<Headers> {
  const headers = new Headers()
  try {
    const result = await getAuth().api.signOut({
      headers: authHeaders(request),
      returnHeaders: true,
    })
    for (const cookie of result.headers.getSetCookie()) headers.append('Set-Cookie', cookie)
  } catch {
    // Nothing to undo: the cookies below end the session for this browser.
  }
  const secure = getEnv().baseUrl.startsWith('https:')
  for (const name of AUTH_COOKIES) {
    const cookie = `${secure ? '__Secure-' : ''}farm.${name}`
    headers.append(
      'Set-Cookie',
      `${cookie}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
    )
  }
  return headers
}

/**
 * Starts Google / Apple / OpenID sign-in: better-auth answers with the provider's URL and a
 * state cookie; the provider comes back to /api/auth/callback/{id}, which lands on
 * /auth/callback (success) or /auth/callback?error=... (failure).
 */
export async function startSocialSignIn(
  input: { provider: string; redirect?: string; verb: 'in' | 'up' },
  { request, clientIp }: Caller,
): Promise<
  { ok: true; url: string; headers: Headers } | { ok: false; status: 400; message: string }
> {
  const provider = configuredSocialProviders().find((p) => p.id === input.provider)
  if (!provider)
    return { ok: false, status: 400, message: 'That sign-in provider is not available.' }
  const back = new URLSearchParams({
    provider: provider.id,
    verb: input.verb,
    redirect: safeRedirect(input.redirect),
  })
  const { response, headers } = await getAuth().api.signInSocial({
    body: {
      provider: provider.id,
      callbackURL: `/auth/callback?${back}`,
      errorCallbackURL: `/auth/callback?${back}&failed=1`,
    },
    headers: authHeaders(request, clientIp),
    returnHeaders: true,
  })
  if (!response.url)
    return { ok: false, status: 400, message: 'That sign-in provider is not available.' }
  return { ok: true, url: response.url, headers }
}
