import type { Kysely } from 'kysely'
import { columnTypes } from './columns'

// The outbox worker may run in several app instances at once (ADR 5). A worker claims a row by
// setting status 'sending' and claimed_at; claimed_at also tells a live claim from one left
// behind by a crashed process, and fences the final update so a worker whose claim was taken
// over cannot overwrite the new owner's result. `template` names the email ('welcome',
// 'password-reset') for the log and the admin's outbox view.
//
// No new index: the worker's two lookups (pending by send_after, sending by claimed_at) both
// start with status, which email_outbox_due_idx (status, send_after) already leads with, and
// only a handful of rows are ever 'sending'.

export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp } = columnTypes(db)
  // One column per statement: SQLite's ALTER TABLE adds a single column at a time.
  await db.schema.alterTable('email_outbox').addColumn('claimed_at', timestamp).execute()
  await db.schema.alterTable('email_outbox').addColumn('template', 'text').execute()
}
