import { type Kysely, sql } from 'kysely'

// Issue 31 item 6: one payment per renewal, whoever pays it (ADR 32's known gap). A box's
// payment is claimed on its cycle by whichever comes first, the scheduler charging the saved
// card or the customer opening the emailed pay link; the claim holds the key the provider is
// given as its idempotency key, so a repeated request is the same payment.
// - payment_key: the key of the payment under way or made ('charge:{cycle}:{attempt}' for the
//   saved card, 'pay:{cycle}:{uuid}' for the pay link); unique, so no two claims share one.
// - payer: who holds the claim while charge_status is 'charging': 'card' (the scheduler) or
//   'customer' (the pay link's Checkout Session, until it is paid or expires).
// - checkout_session_id: that Checkout Session, so a second click opens the same page and the
//   scheduler can ask Stripe what became of it.
// A charge claimed before this migration keeps its key, so a stale claim taken again still
// asks Stripe with the same key.

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema
  await s.alterTable('subscription_cycles').addColumn('payment_key', 'text').execute()
  await s
    .alterTable('subscription_cycles')
    .addColumn('payer', 'text', (c) => c.check(sql`payer in ('card', 'customer')`))
    .execute()
  await s.alterTable('subscription_cycles').addColumn('checkout_session_id', 'text').execute()
  await s
    .createIndex('subscription_cycles_payment_key')
    .on('subscription_cycles')
    .column('payment_key')
    .unique()
    .execute()
  await sql`
    update subscription_cycles
    set payer = 'card', payment_key = 'charge:' || id || ':' || charge_attempts
    where charge_status = 'charging'
  `.execute(db)
}
