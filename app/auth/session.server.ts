import { createHmac, timingSafeEqual } from 'node:crypto'
import type { AliasedExpression, ExpressionBuilder } from 'kysely'
import { getDb } from '~/platform/db/db.server'
import type { Database } from '~/platform/db/schema'
import { getEnv } from '~/platform/env.server'
import { noteRequestUser, perRequest } from '~/platform/http/request-key.server'
import { CLIENT_IP_HEADER, getAuth, SESSION_DAYS, SESSION_REFRESH_SECONDS } from './auth.server'

export type CurrentUser = {
  id: string
  email: string
  firstName: string
  lastName: string
  phone: string | null
  isAdmin: boolean
}

/**
 * A count about the signed-in customer that a higher domain reads in the session's own query,
 * as a subquery on `customers.id` aliased `count`: the header's cart items (the cart's
 * customerCartItems). Auth runs it without knowing what it counts.
 */
export type CustomerCount = (
  eb: ExpressionBuilder<Database, 'sessions' | 'customers'>,
) => AliasedExpression<unknown, 'count'>

type Lookup = {
  user: CurrentUser
  /** what the first asker's CustomerCount counted when the session was looked up, if any */
  count: number | undefined
  /** looked up by a loader, after any action of this request (see getCurrentUserWithCount) */
  byLoader: boolean
}

// The root loader and the page's loader both ask; one session lookup per request.
const lookups = new Map<string, Promise<Lookup | null>>()

/** Headers for better-auth calls made on the server: only what it needs, never Origin. */
export function authHeaders(request: Request, clientIp?: string): Headers {
  const headers = new Headers()
  for (const name of ['cookie', 'user-agent']) {
    const value = request.headers.get(name)
    if (value) headers.set(name, value)
  }
  if (clientIp) headers.set(CLIENT_IP_HEADER, clientIp)
  return headers
}

const SESSION_COOKIES = ['__Secure-farm.session_token', 'farm.session_token']

/**
 * The session token from better-auth's signed cookie ("token.HMAC-SHA256(secret, token)"),
 * or null when absent or not signed with our secret.
 */
export function sessionTokenFrom(request: Request, secret: string): string | null {
  const header = request.headers.get('cookie')
  if (!header) return null
  for (const part of header.split(';')) {
    const separator = part.indexOf('=')
    const name = part.slice(0, separator).trim()
    if (!SESSION_COOKIES.includes(name)) continue
    let value: string
    try {
      value = decodeURIComponent(part.slice(separator + 1).trim())
    } catch {
      return null
    }
    const dot = value.lastIndexOf('.')
    if (dot < 1) return null
    const token = value.slice(0, dot)
    const signature = Buffer.from(value.slice(dot + 1), 'base64')
    const expected = createHmac('sha256', secret).update(token).digest()
    return signature.length === expected.length && timingSafeEqual(signature, expected)
      ? token
      : null
  }
  return null
}

/**
 * Whether the cookies belong to a signed-in farm admin: asked by the host before it accepts a
 * large body (pictures), which only admins may send (ADR 35). One indexed query; the page's own
 * guard (requireAdmin) still decides what the request may do.
 */
export async function isAdminCookie(cookie: string | undefined): Promise<boolean> {
  if (!cookie) return false
  const request = new Request('http://shop.invalid/', { headers: { cookie } })
  const token = sessionTokenFrom(request, getEnv().authSecret)
  if (!token) return false
  const row = await getDb()
    .selectFrom('sessions')
    .innerJoin('customers', 'customers.id', 'sessions.user_id')
    .select('customers.is_admin')
    .where('sessions.token', '=', token)
    .where('sessions.expires_at', '>', new Date())
    .executeTakeFirst()
  return Boolean(row?.is_admin)
}

/**
 * One query: the session row joined with its customer, and the count asked for, if any (the
 * header's cart items). better-auth's getSession takes two; it is still asked, about once a day
 * per session, to slide the session's expiry forward.
 */
async function lookup(request: Request, countOf?: CustomerCount): Promise<Lookup | null> {
  const token = sessionTokenFrom(request, getEnv().authSecret)
  if (!token) return null
  const now = new Date()
  const row = await getDb()
    .selectFrom('sessions')
    .innerJoin('customers', 'customers.id', 'sessions.user_id')
    .select([
      'customers.id',
      'customers.email',
      'customers.first_name',
      'customers.last_name',
      'customers.phone',
      'customers.is_admin',
      'sessions.expires_at',
      (eb) => (countOf ? countOf(eb) : eb.lit(null).as('count')),
    ])
    .where('sessions.token', '=', token)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst()
  if (!row) return null
  // As better-auth decides: browser-session ("don't remember me") sessions never slide.
  const remembered = !request.headers.get('cookie')?.includes('farm.dont_remember=')
  const refreshDue =
    remembered &&
    row.expires_at.getTime() - now.getTime() <
      (SESSION_DAYS * 86_400 - SESSION_REFRESH_SECONDS) * 1000
  if (refreshDue) await getAuth().api.getSession({ headers: authHeaders(request) })
  return {
    user: {
      id: row.id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      phone: row.phone,
      isAdmin: row.is_admin,
    },
    count: countOf ? Number(row.count ?? 0) : undefined,
    // React Router hands loaders a GET (or HEAD) Request even when the page was posted.
    byLoader: request.method === 'GET' || request.method === 'HEAD',
  }
}

/** The first asker of a request decides whether its count comes along. */
function lookupOnce(request: Request, countOf?: CustomerCount): Promise<Lookup | null> {
  return perRequest(lookups, request, async () => {
    const found = await lookup(request, countOf)
    if (found) noteRequestUser(request, found.user.id)
    return found
  })
}

export async function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  return (await lookupOnce(request))?.user ?? null
}

/**
 * The signed-in user and `countOf`'s count read with the session, in one query when this is the
 * request's first lookup (the root loader asks first). The count is undefined when it may be
 * stale or was not read: React Router runs a posted form's action before the page's loaders,
 * all in one request, so a lookup made by the action (a POST) came before whatever the action
 * changed. A lookup made by a loader (the action, if any, has finished) is current.
 */
export async function getCurrentUserWithCount(
  request: Request,
  countOf: CustomerCount,
): Promise<{ user: CurrentUser | null; count: number | undefined }> {
  const found = await lookupOnce(request, countOf)
  return { user: found?.user ?? null, count: found?.byLoader ? found.count : undefined }
}
