import type { DB } from '~/db/db.server'

/** What every page shows of the farm (navigation, footer, structured data). */
export async function getFarmBasics(db: DB) {
  return db
    .selectFrom('farm_info')
    .select([
      'name',
      'description',
      'contact_email',
      'contact_phone',
      'address',
      'facebook_url',
      'instagram_url',
      'logo_image_url',
      'opening_hours',
    ])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow()
}

export type FarmBasics = Awaited<ReturnType<typeof getFarmBasics>>

export async function getHomeContent(db: DB) {
  return db
    .selectFrom('farm_info')
    .select(['description', 'story', 'mission', 'hero_image_url', 'story_image_url'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow()
}
