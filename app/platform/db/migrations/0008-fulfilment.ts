import { type Kysely, sql } from 'kysely'
import { columnTypes, withTimestamps } from './columns'

// Farm fulfilment (issue 16, ADR 18): where and when shoppers get their food.
// - pickup_places: the farm (copied from farm_info here) and any market or drop point;
// - delivery_zones: ZIP codes the farm drives to, with a fee, a free-over amount and a minimum;
// - fulfilment_windows: a place's pickup window or a zone's delivery day, weekly (weekday) or
//   one-off (on_date), with a capacity and a cut-off;
// - closed_dates: holidays, for the whole farm or one place or zone;
// - fulfilment_bookings: orders taken per window and date, counted like stock with one
//   conditional UPDATE inside the order transaction, so a window never exceeds its capacity.
// An order keeps a copy of where and when (place name, address, instructions, times), so
// editing a place later never rewrites what a customer was told.

export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp, date } = columnTypes(db)
  const s = db.schema

  await withTimestamps(
    db,
    s
      .createTable('pickup_places')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('instructions', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('map_url', 'text')
      .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute()

  await withTimestamps(
    db,
    s
      .createTable('delivery_zones')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      // "83702-83706, 83714": single codes and ranges, parsed by fulfilment/zip-codes.ts
      .addColumn('zip_codes', 'text', (c) => c.notNull())
      .addColumn('fee_cents', 'integer', (c) => c.notNull().check(sql`fee_cents >= 0`))
      .addColumn('free_over_cents', 'integer', (c) => c.check(sql`free_over_cents >= 0`))
      .addColumn('minimum_cents', 'integer', (c) =>
        c.notNull().defaultTo(0).check(sql`minimum_cents >= 0`),
      )
      .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute()

  await withTimestamps(
    db,
    s
      .createTable('fulfilment_windows')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('place_id', 'text', (c) => c.references('pickup_places.id').onDelete('cascade'))
      .addColumn('zone_id', 'text', (c) => c.references('delivery_zones.id').onDelete('cascade'))
      // 0 = Sunday ... 6 = Saturday, for a weekly window; null for a one-off date
      .addColumn('weekday', 'integer', (c) => c.check(sql`weekday between 0 and 6`))
      .addColumn('on_date', date)
      // 'HH:MM' on the farm's clock
      .addColumn('start_time', 'text', (c) => c.notNull())
      .addColumn('end_time', 'text', (c) => c.notNull())
      .addColumn('capacity', 'integer', (c) => c.check(sql`capacity > 0`))
      // Ordering closes either this many hours before the start...
      .addColumn('cutoff_hours', 'integer', (c) => c.check(sql`cutoff_hours >= 0`))
      // ...or this many days before, at this time ("Tuesday 8 pm" for a Thursday window).
      .addColumn('cutoff_days_before', 'integer', (c) => c.check(sql`cutoff_days_before >= 0`))
      .addColumn('cutoff_time', 'text')
      .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
      .addCheckConstraint(
        'fulfilment_windows_one_owner',
        sql`(place_id is null) <> (zone_id is null)`,
      )
      .addCheckConstraint(
        'fulfilment_windows_one_when',
        sql`(weekday is null) <> (on_date is null)`,
      ),
  ).execute()
  await s
    .createIndex('fulfilment_windows_place_idx')
    .on('fulfilment_windows')
    .column('place_id')
    .execute()
  await s
    .createIndex('fulfilment_windows_zone_idx')
    .on('fulfilment_windows')
    .column('zone_id')
    .execute()

  await withTimestamps(
    db,
    s
      .createTable('closed_dates')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('on_date', date, (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      // Both null: the whole farm is closed that day.
      .addColumn('place_id', 'text', (c) => c.references('pickup_places.id').onDelete('cascade'))
      .addColumn('zone_id', 'text', (c) => c.references('delivery_zones.id').onDelete('cascade')),
  ).execute()
  await s.createIndex('closed_dates_day_idx').on('closed_dates').column('on_date').execute()

  await s
    .createTable('fulfilment_bookings')
    .addColumn('window_id', 'text', (c) =>
      c.notNull().references('fulfilment_windows.id').onDelete('cascade'),
    )
    .addColumn('on_date', date, (c) => c.notNull())
    .addColumn('booked', 'integer', (c) => c.notNull().defaultTo(0).check(sql`booked >= 0`))
    .addPrimaryKeyConstraint('fulfilment_bookings_pk', ['window_id', 'on_date'])
    .execute()

  // Frozen beef and eggs: pickup or local delivery only, never parcel shipping.
  await s
    .alterTable('products')
    .addColumn('local_only', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute()

  for (const [name, type] of [
    ['fulfilment_window_id', 'text'],
    ['fulfilment_date', date],
    ['fulfilment_start', 'text'],
    ['fulfilment_end', 'text'],
    ['fulfilment_place', 'text'],
    ['fulfilment_address', 'text'],
    ['fulfilment_instructions', 'text'],
    ['fulfilment_map_url', 'text'],
    ['packed_at', timestamp],
    ['reminder_sent_at', timestamp],
  ] as const) {
    await s.alterTable('orders').addColumn(name, type).execute()
  }
  // "2 × Ribeye, 1 lb": the unit as it was sold, for slips, pack lists and emails.
  await s.alterTable('order_items').addColumn('unit', 'text').execute()
  // Files sent with an email (the confirmation's calendar entry), as JSON.
  await s.alterTable('email_outbox').addColumn('attachments', 'text').execute()

  await s
    .createIndex('orders_fulfilment_date_idx')
    .on('orders')
    .columns(['fulfilment_date', 'status'])
    .execute()

  // The farm itself is the first pickup place, from the farm settings.
  const typed = db as unknown as Kysely<{
    farm_info: { id: number; name: string; address: string }
    pickup_places: { id: string; name: string; address: string; display_order: number }
  }>
  const farm = await typed
    .selectFrom('farm_info')
    .select(['name', 'address'])
    .where('id', '=', 1)
    .executeTakeFirst()
  if (farm) {
    await typed
      .insertInto('pickup_places')
      .values({ id: crypto.randomUUID(), name: farm.name, address: farm.address, display_order: 0 })
      .execute()
  }
}
