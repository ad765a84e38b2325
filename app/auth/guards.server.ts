import { redirect } from 'react-router'
import { signInUrl } from './redirect'
import { type CurrentUser, getCurrentUser } from './session.server'

// Every loader and action calls one of these itself (a layout is not a guard).

/** Signed-in pages: guests go to /signin?redirect=<where they were going>. */
export async function requireUser(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request)
  if (!user) throw redirect(signInUrl(request))
  return user
}

/** Admin pages: guests and customers who are not admins go home. */
export async function requireAdmin(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request)
  if (!user?.isAdmin) throw redirect('/')
  return user
}

/** Guest-only pages (sign in, sign up, reset password): signed-in users go home. */
export async function requireGuest(request: Request): Promise<void> {
  if (await getCurrentUser(request)) throw redirect('/')
}
