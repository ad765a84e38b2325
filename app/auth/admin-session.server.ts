import { getDb } from '~/platform/db/db.server'
import { getEnv } from '~/platform/env.server'
import { sessionTokenFrom } from './session.server'

/**
 * Whether the cookies belong to a signed-in farm admin: asked by the host before it reads a
 * large body (pictures), which only admins may send (issue 31). One indexed query; the page's
 * own guard (requireAdmin) still decides what the request may do.
 */
export async function isAdminCookie(cookie: string | undefined): Promise<boolean> {
  if (!cookie) return false
  const token = sessionTokenFrom(
    new Request('http://shop.invalid/', { headers: { cookie } }),
    getEnv().authSecret,
  )
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
