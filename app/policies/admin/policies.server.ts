import { recordAdminChange } from '~/platform/audit.server'
import type { DB } from '~/platform/db/db.server'
import { DEFAULT_POLICIES, type PolicySlug } from '../policies'
import { readPolicyText } from '../policies.server'

export async function getPolicyForAdmin(db: DB, slug: PolicySlug) {
  return readPolicyText(db, slug)
}

/**
 * Saves the farm's text, audited in the same transaction. Text equal to the default is stored
 * as no row at all, so the page keeps following the default.
 */
export async function savePolicy(
  db: DB,
  adminId: string,
  slug: PolicySlug,
  body: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await readPolicyText(trx, slug)
    if (body === DEFAULT_POLICIES[slug]) {
      await trx.deleteFrom('policies').where('slug', '=', slug).execute()
    } else {
      const now = new Date()
      await trx
        .insertInto('policies')
        .values({ slug, body, updated_by: adminId, updated_at: now })
        .onConflict((oc) =>
          oc.column('slug').doUpdateSet({ body, updated_by: adminId, updated_at: now }),
        )
        .execute()
    }
    await recordAdminChange(trx, {
      actorId: adminId,
      action: body === DEFAULT_POLICIES[slug] ? 'policy.reset' : 'policy.update',
      entityType: 'policy',
      entityId: slug,
      before: { length: before.body.length, edited: before.edited },
      after: { length: body.length, edited: body !== DEFAULT_POLICIES[slug] },
    })
  })
}
