import { type Kysely, sql } from 'kysely'

// Issue 22 items 2 and 5: what is in season, and a banner of its own for every public page.
// - products.season_months: the months a product is in season, as month numbers 1-12 joined
//   by commas ('5,6,7'); '' = not seasonal. Home's "In season now" reads it on the farm's
//   clock. Text, not a table: twelve flags at most, only ever read whole with the product.
// - farm_info.contact_hero_image_url and shop_hero_image_url: the Contact page's and the
//   shop's banners, changed in /admin/content like the others. A demo install (its home banner
//   still the bundled one) gets the bundled pictures for them too, so no page repeats another.

const DEMO = (name: string) => `/images/demo/${name}.svg`

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema
  await s
    .alterTable('products')
    .addColumn('season_months', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  for (const column of ['contact_hero_image_url', 'shop_hero_image_url']) {
    await s.alterTable('farm_info').addColumn(column, 'text').execute()
  }
  await sql`
    update farm_info
    set contact_hero_image_url = ${DEMO('contact-hero')}, shop_hero_image_url = ${DEMO('shop-hero')}
    where hero_image_url = ${DEMO('home-hero')}
  `.execute(db)
}
