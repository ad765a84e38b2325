import { getFarmBasics } from '~/farm/farm.server'
import type { DB } from '~/platform/db/db.server'
import {
  DEFAULT_POLICIES,
  fillPolicy,
  type PolicyBlock,
  type PolicySlug,
  policyBlocks,
  policyInfo,
} from './policies'

/** The policy's text as the farm wrote it (placeholders kept), or the default. */
export async function readPolicyText(
  db: DB,
  slug: PolicySlug,
): Promise<{ body: string; edited: boolean; updatedAt: Date | null }> {
  const row = await db
    .selectFrom('policies')
    .select(['body', 'updated_at'])
    .where('slug', '=', slug)
    .executeTakeFirst()
  if (!row) return { body: DEFAULT_POLICIES[slug], edited: false, updatedAt: null }
  return { body: row.body, edited: true, updatedAt: new Date(row.updated_at) }
}

export type PolicyPage = {
  title: string
  summary: string
  blocks: PolicyBlock[]
  updatedAt: Date | null
}

/** A public policy page: the farm's text with its name and contact details filled in. */
export async function getPolicyPage(db: DB, slug: PolicySlug): Promise<PolicyPage> {
  const [text, farm] = await Promise.all([readPolicyText(db, slug), getFarmBasics(db)])
  const { title, summary } = policyInfo(slug)
  return {
    title,
    summary,
    blocks: policyBlocks(fillPolicy(text.body, farm)),
    updatedAt: text.updatedAt,
  }
}
