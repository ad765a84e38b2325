import { type Kysely, sql } from 'kysely'

// Issue 32 items 4 and 6.
// - A beef share is collected on its animal's pickup date at the place the farm names, not in a
//   weekly window: the animal gets a one-off window of its own (`fulfilment_windows.animal_id`,
//   at most one per animal), with its own capacity. Checkout offers a share-only cart that
//   window alone, and no other cart ever sees it.
// - A share's balance is taxed like its deposit (the whole share is one retail sale of meat):
//   the tax billed with the balance is stored beside it, so the pay page, the card charge, the
//   admin and any report read the same number instead of recomputing it at today's rate.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('fulfilment_windows')
    .addColumn('animal_id', 'text', (c) => c.references('animals.id').onDelete('cascade'))
    .execute()
  await db.schema
    .createIndex('fulfilment_windows_animal_idx')
    .unique()
    .on('fulfilment_windows')
    .column('animal_id')
    .execute()
  await db.schema
    .alterTable('share_orders')
    .addColumn('balance_tax_cents', 'integer', (c) => c.check(sql`balance_tax_cents >= 0`))
    .execute()
}
