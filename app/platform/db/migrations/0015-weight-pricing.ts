import { type Kysely, sql } from 'kysely'
import { columnTypes } from './columns'

// Priced by weight (issue 20 part 1, ADR 30). A product or option sold by weight keeps its
// price per lb in price_cents and an average weight per piece; the shop charges an estimate
// (price x average) and, for a card, authorises at most the estimate plus the tolerance in
// settings. The order keeps what the shopper was shown (price per lb, average, estimate) and
// its maximum; order_item_weights holds each piece's weight as the farm enters it at packing,
// and the final total is recomputed from them. Weights are hundredths of a pound (1.10 lb =
// 110), whole numbers like money, so no float ever reaches a total.

export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp } = columnTypes(db)
  const s = db.schema
  for (const table of ['products', 'product_variants']) {
    await s
      .alterTable(table)
      .addColumn('sold_by_weight', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute()
    await s
      .alterTable(table)
      .addColumn('average_weight_centi_lb', 'integer', (c) =>
        c.check(sql`average_weight_centi_lb > 0`),
      )
      .execute()
  }

  await s
    .alterTable('settings')
    .addColumn('weight_tolerance_percent', 'integer', (c) =>
      c.notNull().defaultTo(15).check(sql`weight_tolerance_percent between 0 and 50`),
    )
    .execute()

  await s
    .alterTable('order_items')
    .addColumn('sold_by_weight', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute()
  await s
    .alterTable('order_items')
    .addColumn('price_per_lb_cents', 'integer', (c) => c.check(sql`price_per_lb_cents >= 0`))
    .execute()
  await s
    .alterTable('order_items')
    .addColumn('estimated_cents', 'integer', (c) => c.check(sql`estimated_cents >= 0`))
    .execute()
  await s
    .alterTable('order_items')
    .addColumn('average_weight_centi_lb', 'integer', (c) =>
      c.check(sql`average_weight_centi_lb > 0`),
    )
    .execute()

  // The most a card was authorised for (null: nothing by weight, the total is final at once).
  await s
    .alterTable('orders')
    .addColumn('authorised_cents', 'integer', (c) => c.check(sql`authorised_cents >= 0`))
    .execute()
  // Set once every piece is weighed and the total recomputed.
  await s.alterTable('orders').addColumn('weighed_at', timestamp).execute()
  // The payment to capture: Stripe's PaymentIntent or PayPal's authorization.
  await s.alterTable('orders').addColumn('authorization_reference', 'text').execute()
  await s
    .alterTable('orders')
    .addColumn('captured_cents', 'integer', (c) => c.check(sql`captured_cents >= 0`))
    .execute()

  await s
    .createTable('order_item_weights')
    .addColumn('order_item_id', 'text', (c) =>
      c.notNull().references('order_items.id').onDelete('cascade'),
    )
    .addColumn('piece', 'integer', (c) => c.notNull().check(sql`piece >= 1`))
    .addColumn('weight_centi_lb', 'integer', (c) => c.notNull().check(sql`weight_centi_lb > 0`))
    .addPrimaryKeyConstraint('order_item_weights_pk', ['order_item_id', 'piece'])
    .execute()
}
