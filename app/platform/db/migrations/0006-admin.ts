import type { Kysely } from 'kysely'

// The back-office (issue 6). A shipped order carries its carrier beside the tracking number
// the customer sees. The activity page filters the audit log by what changed (entity_type)
// and by who changed it, newest first.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('carrier', 'text').execute()
  await db.schema
    .createIndex('audit_log_entity_idx')
    .on('audit_log')
    .columns(['entity_type', 'created_at'])
    .execute()
  await db.schema
    .createIndex('audit_log_actor_idx')
    .on('audit_log')
    .columns(['actor_id', 'created_at'])
    .execute()
}
