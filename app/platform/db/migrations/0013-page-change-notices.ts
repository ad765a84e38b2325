import { type Kysely, sql } from 'kysely'
import { isSqlite } from './columns'

// The guest page cache (ADR 23) keeps rendered storefront pages in each shop process and must
// drop them when anything they show is written, by whoever writes it: an admin on another
// instance, an order on another worker, someone in psql. Migration 0007 gave the two reference
// tables a statement trigger that sends their name on farm_shop_changes; here every other table
// a storefront page reads gets the same one. The tables left out are the shoppers' own and the
// back-office's (sessions, carts, orders, the outbox, ...): no storefront page shows them, and
// they are written far more often. SQLite needs nothing: each process reads data_version.

const TABLES = [
  'products',
  'product_variants',
  'promo_codes',
  'pickup_places',
  'delivery_zones',
  'fulfilment_windows',
  'closed_dates',
  'policies',
  'farm_images',
  'team_members',
  'images',
  'image_variants',
] as const

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isSqlite(db)) return
  for (const table of TABLES) {
    await sql`
      create trigger ${sql.id(`${table}_changes`)}
      after insert or update or delete or truncate on ${sql.id(table)}
      for each statement execute function farm_shop_notify_change()
    `.execute(db)
  }
}
