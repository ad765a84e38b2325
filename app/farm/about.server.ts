import type { DB } from '~/platform/db/db.server'
import { readReference } from '~/platform/db/reference-rows.server'
import { getEnv } from '~/platform/env.server'
import { FARM_BASICS_COLUMNS } from './farm.server'
import type { TeamMember } from './team-member-card'

// The About page's data: the farm settings it shows, the active team and the picture gallery,
// three queries run side by side.

/** Active team members in display order (spec section 7). */
export function listActiveTeamMembers(db: DB): Promise<TeamMember[]> {
  return db
    .selectFrom('team_members')
    .select(['id', 'name', 'title', 'bio', 'image_url'])
    .where('is_active', '=', true)
    .orderBy('display_order')
    .orderBy('name')
    .execute()
}

function getAboutFarm(db: DB) {
  return readReference(db, 'farm_info', 'about', () =>
    db
      .selectFrom('farm_info')
      .select([
        // the LocalBusiness JSON-LD
        ...FARM_BASICS_COLUMNS,
        // the page
        'story',
        'mission',
        'about_hero_image_url',
        'about_practices_image_url',
        'show_values_section',
        'show_practices_section',
        'show_team_section',
        'show_visit_section',
        'values_title',
        'practices_title',
        'team_title',
        'visit_title',
        'visit_description',
      ])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow(),
  )
}

export type GalleryImage = {
  id: string
  image_url: string
  alt_text: string
  caption: string | null
}

/** The farm's picture gallery in the admin's order (spec section 7: by display_order). */
export function listGalleryImages(db: DB): Promise<GalleryImage[]> {
  return db
    .selectFrom('farm_images')
    .select(['id', 'image_url', 'alt_text', 'caption'])
    .orderBy('display_order')
    .orderBy('created_at')
    .limit(24)
    .execute()
}

export async function getAboutPage(db: DB) {
  const [farm, team, gallery] = await Promise.all([
    getAboutFarm(db),
    listActiveTeamMembers(db),
    listGalleryImages(db),
  ])
  // A hidden team section needs no team.
  return { farm, team: farm.show_team_section ? team : [], gallery, siteUrl: getEnv().baseUrl }
}
