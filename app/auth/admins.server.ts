import { SqliteAdapter } from 'kysely'
import { z } from 'zod'
import { recordAdminChange } from '~/platform/audit.server'
import type { DB } from '~/platform/db/db.server'
import { getAuth } from './auth.server'

// Administrators are customers with is_admin set. Rights change from the shell (npm run admin,
// audited with no actor: the machine's operator) and from the admin's Customers page (audited
// with the admin who did it); both go through changeAdminRights, so one rule holds: the shop
// always keeps at least one admin, and an admin cannot take their own rights away by accident.

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
    await changeAdminRights(db, { customerId: existing.id, isAdmin: true, actorId: null })
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
  await recordAdminChange(db, {
    actorId: null,
    action: 'admin.create',
    entityType: 'customer',
    entityId: user.id,
    after: { email: input.email, is_admin: true },
  })
  return { created: true, id: user.id }
}

export type AdminRightsOutcome =
  | 'granted'
  | 'revoked'
  /** Already as asked: nothing written */
  | 'unchanged'
  | 'not_found'
  /** Refused: removing this admin would leave the shop with none */
  | 'last_admin'
  /** Refused: an admin removing their own rights from the admin pages */
  | 'self'

export const LAST_ADMIN_REFUSED =
  'This is the only admin left. Make another customer an admin first, so someone can still run the shop.'
export const SELF_REMOVAL_REFUSED =
  'You cannot remove your own admin rights here. Ask another admin to do it.'

/**
 * Grants or removes admin rights, audited with the actor (null: the operator's shell) in the
 * same transaction. Removal is refused for the last admin, and for the actor's own account
 * (the shell, with no actor, may demote anyone but the last admin). On PostgreSQL the admin
 * rows are locked first, so two admins removing each other at once cannot leave none.
 */
export async function changeAdminRights(
  db: DB,
  change: { customerId: string; isAdmin: boolean; actorId: string | null },
): Promise<AdminRightsOutcome> {
  return db.transaction().execute(async (trx) => {
    if (!change.isAdmin && !(trx.getExecutor().adapter instanceof SqliteAdapter)) {
      await trx
        .selectFrom('customers')
        .select('id')
        .where('is_admin', '=', true)
        .forUpdate()
        .execute()
    }
    const customer = await trx
      .selectFrom('customers')
      .select(['id', 'email', 'is_admin'])
      .where('id', '=', change.customerId)
      .executeTakeFirst()
    if (!customer) return 'not_found'
    if (customer.is_admin === change.isAdmin) return 'unchanged'
    if (!change.isAdmin) {
      if (change.actorId === customer.id) return 'self'
      const { admins } = await trx
        .selectFrom('customers')
        .select((eb) => eb.fn.countAll<number>().as('admins'))
        .where('is_admin', '=', true)
        .executeTakeFirstOrThrow()
      if (Number(admins) <= 1) return 'last_admin'
    }
    await trx
      .updateTable('customers')
      .set({ is_admin: change.isAdmin, updated_at: new Date() })
      .where('id', '=', customer.id)
      .execute()
    await recordAdminChange(trx, {
      actorId: change.actorId,
      action: change.isAdmin ? 'admin.grant' : 'admin.revoke',
      entityType: 'customer',
      entityId: customer.id,
      before: { email: customer.email, is_admin: customer.is_admin },
      after: { email: customer.email, is_admin: change.isAdmin },
    })
    return change.isAdmin ? 'granted' : 'revoked'
  })
}

/** The shell's grant and revoke, by email (npm run admin -- grant|revoke EMAIL). */
export async function setAdmin(
  db: DB,
  email: string,
  isAdmin: boolean,
): Promise<AdminRightsOutcome> {
  const customer = await db
    .selectFrom('customers')
    .select('id')
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst()
  if (!customer) return 'not_found'
  return changeAdminRights(db, { customerId: customer.id, isAdmin, actorId: null })
}
