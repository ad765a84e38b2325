import { type Kysely, sql } from 'kysely'
import { isSqlite, withTimestamps } from './columns'

// The product page's design pass (issue 22 item 4).
// - product_images: a product's pictures in order. `products.image_url` stays the cover (the
//   first picture), kept in step by the admin's changes, so cards, carts, emails and the
//   sitemap go on reading the one column.
// - farm_info.promise: the farm's short promise, shown on every product page beside who grows it.

/** The demo farm's words, for a farm row that has none yet; the admin changes them in Content. */
export const DEFAULT_PROMISE =
  'Everything we sell is raised on our own pasture and packed by our family. If anything is not right, tell us and we will make it right.'

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema
  await withTimestamps(
    db,
    s
      .createTable('product_images')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('product_id', 'text', (c) =>
        c.notNull().references('products.id').onDelete('cascade'),
      )
      .addColumn('image_url', 'text', (c) => c.notNull())
      .addColumn('alt_text', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull().check(sql`position >= 0`)),
  ).execute()
  await s
    .createIndex('product_images_product_idx')
    .on('product_images')
    .columns(['product_id', 'position'])
    .execute()

  await s.alterTable('farm_info').addColumn('promise', 'text').execute()
  const typed = db as unknown as Kysely<{ farm_info: { promise: string | null } }>
  await typed
    .updateTable('farm_info')
    .set({ promise: DEFAULT_PROMISE })
    .where('promise', 'is', null)
    .execute()

  // A storefront page shows them: the guest page cache (ADR 23) hears of their changes as of
  // the other tables' in migration 0013. SQLite needs nothing.
  if (!isSqlite(db)) {
    await sql`
      create trigger product_images_changes
      after insert or update or delete or truncate on product_images
      for each statement execute function farm_shop_notify_change()
    `.execute(db)
  }
}
