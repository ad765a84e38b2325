import { isAPIError } from 'better-auth/api'
import { getAuth } from '~/auth/auth.server'
import { authHeaders } from '~/auth/session.server'
import type { DB } from '~/platform/db/db.server'
import {
  isRateLimited,
  type Limit,
  recordAttempt,
  TOO_MANY_ATTEMPTS,
} from '~/platform/rate-limit.server'
import { CURRENT_PASSWORD_WRONG, PASSWORD_UPDATE_FAILED } from './profile'

export type Profile = {
  first_name: string
  last_name: string
  email: string
  phone: string | null
}

/** What the Profile page shows; null when there is no such customer. */
export async function getProfile(db: DB, customerId: string): Promise<Profile | null> {
  const row = await db
    .selectFrom('customers')
    .select(['first_name', 'last_name', 'email', 'phone'])
    .where('id', '=', customerId)
    .executeTakeFirst()
  return row ?? null
}

/**
 * Saves the customer's own details. `name` is better-auth's display name and must keep up
 * with first and last name (emails and the admin list use it). False when no such customer.
 */
export async function updateProfile(
  db: DB,
  customerId: string,
  input: { firstName: string; lastName: string; phone: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('customers')
    .set({
      first_name: input.firstName,
      last_name: input.lastName,
      name: `${input.firstName} ${input.lastName}`,
      phone: input.phone,
      updated_at: new Date(),
    })
    .where('id', '=', customerId)
    .executeTakeFirst()
  return result.numUpdatedRows > 0n
}

export type PasswordChangeOutcome =
  | { ok: true }
  | { ok: false; status: 400 | 429; field: 'currentPassword' | null; message: string }

// A stolen session must not become a way to guess the password: wrong current passwords
// count against the customer like failed sign-ins.
const passwordChangeLimit = (customerId: string): Limit => ({
  key: `password-change:customer:${customerId}`,
  max: 5,
  windowMs: 60_000,
})

/**
 * Changes the signed-in customer's password through better-auth, then signs out every other
 * session. This one stays valid: revoking it too (better-auth's `revokeOtherSessions` option)
 * would swap the session cookie mid-request, and the page's loaders, which run after the action
 * with the old cookie, would send the customer to sign-in.
 */
export async function changePassword(
  db: DB,
  request: Request,
  customerId: string,
  input: { currentPassword: string; newPassword: string },
): Promise<PasswordChangeOutcome> {
  const limit = [passwordChangeLimit(customerId)]
  if (await isRateLimited(db, limit)) {
    return { ok: false, status: 429, field: null, message: TOO_MANY_ATTEMPTS }
  }
  const headers = authHeaders(request)
  try {
    await getAuth().api.changePassword({
      headers,
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: false,
      },
    })
  } catch (error) {
    if (!isAPIError(error)) throw error
    if (error.body?.code === 'INVALID_PASSWORD') {
      await recordAttempt(db, limit)
      return { ok: false, status: 400, field: 'currentPassword', message: CURRENT_PASSWORD_WRONG }
    }
    // No password to change (an account made with Google or Apple), or a rule better-auth
    // enforces that our schema already checks: the specification's general message.
    return { ok: false, status: 400, field: null, message: PASSWORD_UPDATE_FAILED }
  }
  await getAuth().api.revokeOtherSessions({ headers })
  return { ok: true }
}
