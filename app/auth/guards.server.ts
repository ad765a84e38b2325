import { data, redirect } from 'react-router'
import { signInUrl } from './redirect'
import { type CurrentUser, getCurrentUser } from './session.server'

// Every loader and action calls one of these itself (a layout is not a guard).

/** Signed-in pages: guests go to /signin?redirect=<where they were going>. */
export async function requireUser(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request)
  if (!user) throw redirect(signInUrl(request))
  return user
}

/**
 * Admin pages: guests and customers who are not admins go home. A form post (or any other
 * change) from them is refused outright with 403, so a forged admin form changes nothing and
 * says so, rather than looking like a successful redirect.
 */
export async function requireAdmin(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request)
  if (user?.isAdmin) return user
  if (request.method === 'GET' || request.method === 'HEAD') throw redirect('/')
  throw data('Only farm admins can do that.', { status: 403 })
}

/** Guest-only pages (sign in, sign up, reset password): signed-in users go home. */
export async function requireGuest(request: Request): Promise<void> {
  if (await getCurrentUser(request)) throw redirect('/')
}
