import type { Kysely } from 'kysely'
import { columnTypes, withTimestamps } from './columns'

// Images keep their source in the database (ADR 6): the bytes every variant is rendered from,
// their MIME type, size and a content hash that goes into the variant URLs, so a URL is cached
// for good and changes whenever the bytes do. Variants stay a cache keyed by (image, format,
// width); any app instance renders a missing one and stores it for all.
//
// The two tables are rebuilt rather than altered. SQLite cannot add a NOT NULL column without
// a default, and a default would be a lie for bytes and sizes. Nothing has ever written them:
// no upload path existed before this migration, and an `images` row without its source could
// not be rendered anyway, while `image_variants` only ever held renders that can be made again.

export async function up(db: Kysely<unknown>): Promise<void> {
  const { blob } = columnTypes(db)
  const s = db.schema
  await s.dropTable('image_variants').execute()
  await s.dropTable('images').execute()
  await withTimestamps(
    db,
    s
      .createTable('images')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('alt_text', 'text', (c) => c.notNull())
      .addColumn('original_name', 'text')
      .addColumn('source_type', 'text', (c) => c.notNull())
      .addColumn('source_bytes', blob, (c) => c.notNull())
      .addColumn('content_hash', 'text', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull()),
  ).execute()
  await s
    .createTable('image_variants')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('image_id', 'text', (c) => c.notNull().references('images.id').onDelete('cascade'))
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', blob, (c) => c.notNull())
    .execute()
  await s
    .createIndex('image_variants_lookup_idx')
    .unique()
    .on('image_variants')
    .columns(['image_id', 'format', 'width'])
    .execute()
}
