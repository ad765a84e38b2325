import { z } from 'zod'
import { recordAdminChange } from '~/admin/audit.server'
import type { DB } from '~/db/db.server'
import { getAuth } from './auth.server'

// Administrators are customers with is_admin set. These run from the shell (npm run admin)
// and are written to the audit log with no actor (the machine's operator).

export const CreateAdminSchema = z.object({
  email: z.email('--email must be an email address').transform((value) => value.toLowerCase()),
  password: z
    .string({ error: '--password is required' })
    .min(8, 'Password must be at least 8 characters long.')
    .max(128, 'Password must be at most 128 characters long.'),
  firstName: z.string().trim().min(1).max(100).default('Farm'),
  lastName: z.string().trim().min(1).max(100).default('Admin'),
})

export type CreateAdminInput = z.infer<typeof CreateAdminSchema>

async function audit(db: DB, action: string, customerId: string, email: string) {
  await recordAdminChange(db, {
    actorId: null,
    action,
    entityType: 'customer',
    entityId: customerId,
    after: { email, is_admin: action !== 'admin.revoke' },
  })
}

/** Creates a verified admin account, or makes the existing account with that email an admin. */
export async function createAdmin(
  db: DB,
  input: CreateAdminInput,
): Promise<{ created: boolean; id: string }> {
  const existing = await db
    .selectFrom('customers')
    .select('id')
    .where('email', '=', input.email)
    .executeTakeFirst()
  if (existing) {
    await db
      .updateTable('customers')
      .set({ is_admin: true, updated_at: new Date() })
      .where('id', '=', existing.id)
      .execute()
    await audit(db, 'admin.grant', existing.id, input.email)
    return { created: false, id: existing.id }
  }
  const context = await getAuth().$context
  const user = await context.internalAdapter.createUser(
    {
      email: input.email,
      name: `${input.firstName} ${input.lastName}`,
      emailVerified: true,
      firstName: input.firstName,
      lastName: input.lastName,
      isAdmin: true,
    },
    { method: 'admin' },
  )
  await context.internalAdapter.linkAccount({
    userId: user.id,
    providerId: 'credential',
    accountId: user.id,
    password: await context.password.hash(input.password),
  })
  await audit(db, 'admin.create', user.id, input.email)
  return { created: true, id: user.id }
}

/** Grants (true) or removes (false) admin rights; false when there is no such account. */
export async function setAdmin(db: DB, email: string, isAdmin: boolean): Promise<boolean> {
  const normalized = email.trim().toLowerCase()
  const customer = await db
    .selectFrom('customers')
    .select('id')
    .where('email', '=', normalized)
    .executeTakeFirst()
  if (!customer) return false
  await db
    .updateTable('customers')
    .set({ is_admin: isAdmin, updated_at: new Date() })
    .where('id', '=', customer.id)
    .execute()
  await audit(db, isAdmin ? 'admin.grant' : 'admin.revoke', customer.id, normalized)
  return true
}
