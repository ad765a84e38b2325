import { type Kysely, sql } from 'kysely'
import { columnTypes } from './columns'

// A fair waiting list (issue 20 part 3, ADR 29): when stock comes back, units are held for the
// people waiting, in the order they joined, instead of emailing everyone at once.
// - stock_holds: one row per reservation, with the hash of the token its email links carry
//   ('held' until claimed by an order, expired by the sweep or declined);
// - held_quantity on products and options: the units held right now. What anyone else may buy
//   is stock_quantity - held_quantity; the CHECK keeps the held units inside the stock, so no
//   sale, admin edit or hold can make the shop promise units it does not have;
// - cart_lines.stock_hold_id: the hold a line was put in the cart with (its order takes the
//   held units);
// - settings.hold_hours: how long a hold lasts (1 hour to a week).

export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp, now } = columnTypes(db)
  const s = db.schema

  for (const table of ['products', 'product_variants']) {
    await s
      .alterTable(table)
      .addColumn('held_quantity', 'integer', (c) =>
        c.notNull().defaultTo(0).check(sql`held_quantity >= 0 and held_quantity <= stock_quantity`),
      )
      .execute()
  }

  await s
    .createTable('stock_holds')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('waiting_list_id', 'text', (c) =>
      c.notNull().references('waiting_list.id').onDelete('cascade'),
    )
    .addColumn('product_id', 'text', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('product_variant_id', 'text', (c) =>
      c.references('product_variants.id').onDelete('cascade'),
    )
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    // sha256 of the emailed token, hex: a leaked table cannot claim anyone's reservation.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('held')
        .check(sql`status in ('held', 'claimed', 'expired', 'declined')`),
    )
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('settled_at', timestamp)
    .addColumn('order_id', 'text', (c) => c.references('orders.id').onDelete('set null'))
    .execute()
  // The sweep's question: live holds past their time.
  await s
    .createIndex('stock_holds_live_idx')
    .on('stock_holds')
    .columns(['status', 'expires_at'])
    .execute()
  // The admin's per-group view and the per-entry lookup.
  await s
    .createIndex('stock_holds_product_idx')
    .on('stock_holds')
    .columns(['product_id', 'product_variant_id'])
    .execute()
  await s.createIndex('stock_holds_entry_idx').on('stock_holds').column('waiting_list_id').execute()

  await s
    .alterTable('cart_lines')
    .addColumn('stock_hold_id', 'text', (c) => c.references('stock_holds.id').onDelete('set null'))
    .execute()

  await s
    .alterTable('settings')
    .addColumn('hold_hours', 'integer', (c) =>
      c.notNull().defaultTo(24).check(sql`hold_hours between 1 and 168`),
    )
    .execute()
}
