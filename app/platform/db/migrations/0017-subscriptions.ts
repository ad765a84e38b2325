import { type Kysely, sql } from 'kysely'
import { columnTypes, withTimestamps } from './columns'

// Veg-box and egg subscriptions (issue 21, ADR 32).
// - products: the frequencies a product may be subscribed at ('weekly,biweekly,monthly'; empty:
//   not subscribable) and the subscriber discount in whole percent; an option may be left out
//   (`subscribable` false).
// - reserved_quantity on products and options: the coming cycle's subscription demand, kept by
//   subscriptions/reservations.server.ts. What a one-time shopper may buy is stock - held -
//   reserved. It is demand, not stock taken, so it may exceed the stock (oversubscribed): no
//   CHECK against stock_quantity, only >= 0.
// - cart_lines.subscription_frequency: the line is the first box of a subscription.
// - subscriptions: what, how often, where and when (a weekly pickup window or delivery day),
//   how it is paid (a card saved with Stripe, or at pickup), and the next box's date.
// - subscription_cycles: one row per subscription and date, made or skipped. The unique pair is
//   what keeps a cycle from being made twice when several instances run the scheduler.

export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp, date } = columnTypes(db)
  const s = db.schema

  await s
    .alterTable('products')
    .addColumn('subscription_frequencies', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await s
    .alterTable('products')
    .addColumn('subscriber_discount_percent', 'integer', (c) =>
      c.notNull().defaultTo(0).check(sql`subscriber_discount_percent between 0 and 50`),
    )
    .execute()
  await s
    .alterTable('product_variants')
    .addColumn('subscribable', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute()
  for (const table of ['products', 'product_variants']) {
    await s
      .alterTable(table)
      .addColumn('reserved_quantity', 'integer', (c) =>
        c.notNull().defaultTo(0).check(sql`reserved_quantity >= 0`),
      )
      .execute()
  }

  await s
    .alterTable('cart_lines')
    .addColumn('subscription_frequency', 'text', (c) =>
      c.check(sql`subscription_frequency in ('weekly', 'biweekly', 'monthly')`),
    )
    .execute()

  await withTimestamps(
    db,
    s
      .createTable('subscriptions')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      // 'pending' until the first order's card is saved (Stripe's webhook), then 'active'.
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('active')
          .check(sql`status in ('pending', 'active', 'paused', 'cancelled')`),
      )
      .addColumn('frequency', 'text', (c) =>
        c.notNull().check(sql`frequency in ('weekly', 'biweekly', 'monthly')`),
      )
      // A weekly window: a place's pickup window or a zone's delivery day.
      .addColumn('window_id', 'text', (c) => c.notNull().references('fulfilment_windows.id'))
      .addColumn('shipping_method', 'text', (c) =>
        c.notNull().check(sql`shipping_method in ('pickup', 'delivery')`),
      )
      // The next box not yet made: every change before its cut-off applies to it.
      .addColumn('next_date', date, (c) => c.notNull())
      .addColumn('paused_until', date)
      .addColumn('payment_method', 'text', (c) =>
        c.notNull().check(sql`payment_method in ('stripe', 'offline')`),
      )
      .addColumn('stripe_customer_id', 'text')
      .addColumn('stripe_payment_method_id', 'text')
      // Who and where, as the first order gave them; a delivery needs the address.
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('street', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('apartment', 'text')
      .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('state', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('zip_code', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('first_order_id', 'text', (c) => c.references('orders.id').onDelete('set null'))
      // The box date whose reminder was queued: claimed once, whichever instance gets there.
      .addColumn('reminded_for', date)
      .addColumn('cancelled_at', timestamp),
    ['created_at', 'updated_at'],
  ).execute()
  await s
    .createIndex('subscriptions_due_idx')
    .on('subscriptions')
    .columns(['status', 'next_date'])
    .execute()
  await s
    .createIndex('subscriptions_customer_idx')
    .on('subscriptions')
    .column('customer_id')
    .execute()
  await s
    .createIndex('subscriptions_first_order_idx')
    .on('subscriptions')
    .column('first_order_id')
    .execute()

  await s
    .createTable('subscription_items')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('subscription_id', 'text', (c) =>
      c.notNull().references('subscriptions.id').onDelete('cascade'),
    )
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('product_variant_id', 'text', (c) => c.references('product_variants.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity between 1 and 99`))
    .execute()
  await s
    .createIndex('subscription_items_subscription_idx')
    .on('subscription_items')
    .column('subscription_id')
    .execute()
  await s
    .createIndex('subscription_items_product_idx')
    .on('subscription_items')
    .columns(['product_id', 'product_variant_id'])
    .execute()

  await withTimestamps(
    db,
    s
      .createTable('subscription_cycles')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('subscription_id', 'text', (c) =>
        c.notNull().references('subscriptions.id').onDelete('cascade'),
      )
      .addColumn('date', date, (c) => c.notNull())
      // skipped: by the customer; ordered: the order was placed (see payment_status for the
      // card); failed: the order could not be placed (sold out, window closed), with why.
      .addColumn('status', 'text', (c) =>
        c.notNull().check(sql`status in ('skipped', 'ordered', 'failed')`),
      )
      .addColumn('order_id', 'text', (c) => c.references('orders.id').onDelete('set null'))
      .addColumn('message', 'text')
      // Off-session card charges: none (pay at pickup), charging, paid, failed (emailed a pay
      // link), retry_failed (the one retry failed too).
      .addColumn('charge_status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('none')
          .check(sql`charge_status in ('none', 'charging', 'paid', 'failed', 'retry_failed')`),
      )
      .addColumn('charge_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('retry_at', timestamp)
      .addUniqueConstraint('subscription_cycles_once', ['subscription_id', 'date']),
    ['created_at', 'updated_at'],
  ).execute()
  await s
    .createIndex('subscription_cycles_retry_idx')
    .on('subscription_cycles')
    .columns(['charge_status', 'retry_at'])
    .execute()
  await s
    .createIndex('subscription_cycles_order_idx')
    .on('subscription_cycles')
    .column('order_id')
    .execute()
}
