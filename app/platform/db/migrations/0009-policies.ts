import type { Kysely } from 'kysely'
import { withTimestamps } from './columns'

// The shop's policy pages (issue 17): Terms of Service, Privacy Policy, Shipping & Pickup and
// Refunds. A row exists only once the farm has edited a policy; until then the page shows the
// default text from app/policies, filled in with the farm's own name and contact details, so a
// better default in a later release reaches every farm that never changed it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await withTimestamps(
    db,
    db.schema
      .createTable('policies')
      .addColumn('slug', 'text', (c) => c.primaryKey().notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('updated_by', 'text'),
    ['updated_at'],
  ).execute()
}
