import { type Kysely, sql } from 'kysely'
import { columnTypes } from './columns'

// Card holds of orders priced by weight (ADR 30, issue 31 item 6). A Stripe hold lapses after
// about 7 days, so the shop needs to know when each order's current hold was placed, renews
// one about to lapse with the customer's saved card, and otherwise asks for the exact amount
// once weighed. Several instances run the renewal sweep: a renewal is claimed first.

export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp } = columnTypes(db)
  const s = db.schema
  // When the hold in authorization_reference was placed (at checkout, or by a renewal).
  await s.alterTable('orders').addColumn('hold_authorised_at', timestamp).execute()
  // A sweep is renewing the hold (claimed with a conditional UPDATE; stale after minutes).
  await s.alterTable('orders').addColumn('hold_renewal_claimed_at', timestamp).execute()
  // The hold could not be renewed (no saved card, or the card declined): it is left to lapse.
  await s.alterTable('orders').addColumn('hold_renewal_failed_at', timestamp).execute()
  // Holds placed before this column: their order's creation is the earliest they can date
  // from, so they are renewed early rather than late.
  await sql`update orders set hold_authorised_at = created_at
    where authorization_reference is not null`.execute(db)
  // The sweep's one query: held payments, by age.
  await s
    .createIndex('orders_payment_status_hold_idx')
    .on('orders')
    .columns(['payment_status', 'hold_authorised_at'])
    .execute()
}
