import type { DB } from '~/platform/db/db.server'
import { readReference } from '~/platform/db/reference-rows.server'

/** What every page shows of the farm (navigation, footer, structured data). */
export const FARM_BASICS_COLUMNS = [
  'name',
  'description',
  'contact_email',
  'contact_phone',
  'address',
  'facebook_url',
  'instagram_url',
  'logo_image_url',
  'opening_hours',
  // Contact's and Shop's banners (issue 22): two short URLs here save those pages a query each
  'contact_hero_image_url',
  'shop_hero_image_url',
] as const

export async function getFarmBasics(db: DB) {
  return readReference(db, 'farm_info', 'basics', () =>
    db
      .selectFrom('farm_info')
      .select(FARM_BASICS_COLUMNS)
      .where('id', '=', 1)
      .executeTakeFirstOrThrow(),
  )
}

export type FarmBasics = Awaited<ReturnType<typeof getFarmBasics>>

export async function getHomeContent(db: DB) {
  return readReference(db, 'farm_info', 'home', () =>
    db
      .selectFrom('farm_info')
      .select(['description', 'story', 'mission', 'hero_image_url', 'story_image_url'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow(),
  )
}

/** The farm's name, as emails sign off with it. */
export async function getFarmName(db: DB): Promise<string> {
  const farm = await readReference(db, 'farm_info', 'name', () =>
    db.selectFrom('farm_info').select('name').where('id', '=', 1).executeTakeFirst(),
  )
  return farm?.name ?? 'Farm Shop'
}

/** The grass-fed beef page's two pictures. */
export async function getGrassFedImages(db: DB) {
  return readReference(db, 'farm_info', 'grass-fed', () =>
    db
      .selectFrom('farm_info')
      .select(['grass_fed_hero_image_url', 'grass_fed_story_image_url'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow(),
  )
}
