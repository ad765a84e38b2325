import { type Kysely, sql } from 'kysely'
import { columnTypes, withTimestamps } from './columns'

// Beef shares (issue 20 part 2, ADR 31). A share product (Quarter, Half, Whole) draws from one
// pool per animal: `animals.units_left` counts the quarters still for sale and is taken with one
// conditional UPDATE inside the order transaction, so a half and two quarters can never both
// take the last three. Each option says how many quarters it takes (`share_units`); options
// without it sell from their own stock as before.
// `share_orders` is one row per share bought (an order item): the deposit paid with the order,
// the balance billed once the hanging weight is known, and the customer's cut sheet.

export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp, date } = columnTypes(db)
  const s = db.schema

  await withTimestamps(
    db,
    s
      .createTable('animals')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
      .addColumn('units_total', 'integer', (c) => c.notNull().check(sql`units_total > 0`))
      .addColumn('units_left', 'integer', (c) => c.notNull().check(sql`units_left >= 0`))
      // Hundredths of a pound, so 612.5 lb is exact; null until the butcher weighs the carcass.
      .addColumn('hanging_weight_centi_lb', 'integer', (c) =>
        c.check(sql`hanging_weight_centi_lb > 0`),
      )
      .addColumn('price_per_lb_hanging_cents', 'integer', (c) =>
        c.notNull().check(sql`price_per_lb_hanging_cents >= 0`),
      )
      // Per quarter: a half pays it twice, a whole four times.
      .addColumn('processing_fee_cents', 'integer', (c) =>
        c.notNull().check(sql`processing_fee_cents >= 0`),
      )
      .addColumn('cut_sheet_cutoff', date, (c) => c.notNull())
      .addColumn('pickup_date', date, (c) => c.notNull())
      .addColumn('weighed_at', timestamp)
      .addCheckConstraint('animals_units_within_total', sql`units_left <= units_total`),
  ).execute()
  // One animal per share product is on sale at a time: the one not weighed yet. Once weighed,
  // the product can take the next animal.
  await s
    .createIndex('animals_open_product_idx')
    .unique()
    .on('animals')
    .column('product_id')
    .where(sql.ref('hanging_weight_centi_lb'), 'is', null)
    .execute()
  await s.createIndex('animals_product_idx').on('animals').column('product_id').execute()

  await s
    .alterTable('product_variants')
    .addColumn('share_units', 'integer', (c) => c.check(sql`share_units > 0`))
    .execute()

  await withTimestamps(
    db,
    s
      .createTable('share_orders')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      // For the balance link in the email: it works without signing in.
      .addColumn('token', 'text', (c) => c.notNull().unique())
      .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('order_item_id', 'text', (c) =>
        c.notNull().unique().references('order_items.id').onDelete('cascade'),
      )
      .addColumn('animal_id', 'text', (c) => c.notNull().references('animals.id'))
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('share_units', 'integer', (c) => c.notNull().check(sql`share_units > 0`))
      .addColumn('deposit_cents', 'integer', (c) => c.notNull().check(sql`deposit_cents >= 0`))
      .addColumn('balance_cents', 'integer', (c) => c.check(sql`balance_cents >= 0`))
      .addColumn('balance_status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('unpaid')
          .check(sql`balance_status in ('unpaid', 'paid', 'pay_at_pickup')`),
      )
      // The Stripe Checkout session opened for the balance; only its completion marks it paid.
      .addColumn('balance_reference', 'text')
      .addColumn('balance_paid_at', timestamp)
      // The cut sheet's choices as JSON (shares/cut-sheet.ts), null until the customer saves it.
      .addColumn('cut_sheet', 'text')
      .addColumn('cut_sheet_updated_at', timestamp)
      .addColumn('cancelled_at', timestamp),
  ).execute()
  await s.createIndex('share_orders_animal_idx').on('share_orders').column('animal_id').execute()
  await s
    .createIndex('share_orders_customer_idx')
    .on('share_orders')
    .column('customer_id')
    .execute()
  await s.createIndex('share_orders_order_idx').on('share_orders').column('order_id').execute()
}
