import { storeImageField } from '~/platform/admin/image-field.server'
import { changedFields, recordAdminChange } from '~/platform/audit.server'
import type { DB } from '~/platform/db/db.server'
import { referenceChanged } from '~/platform/db/reference-rows.server'
import {
  FARM_IMAGE_FIELDS,
  type FarmImageColumn,
  type FarmInfoInput,
  removeImageField,
} from './farm-form'

// The farm's information (farm_info, one row) as the admin edits it. Nothing keeps a copy of
// this row between requests: every public page (root layout, Home, About, Contact, Grass-Fed
// Beef) reads it per request and answers without a shared cache header, so a save shows on
// the next request on every instance.

const TEXT_COLUMNS = [
  'name',
  'description',
  'story',
  'mission',
  'contact_email',
  'contact_phone',
  'address',
  'facebook_url',
  'instagram_url',
  'opening_hours',
  'show_values_section',
  'show_practices_section',
  'show_team_section',
  'show_visit_section',
  'values_title',
  'practices_title',
  'team_title',
  'visit_title',
  'visit_description',
  'promise',
] as const

const IMAGE_COLUMNS = FARM_IMAGE_FIELDS.map((field) => field.column)

export async function getFarmInfoForAdmin(db: DB) {
  return db
    .selectFrom('farm_info')
    .select([...TEXT_COLUMNS, ...IMAGE_COLUMNS, 'updated_at'])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow()
}

export type FarmInfoForAdmin = Awaited<ReturnType<typeof getFarmInfoForAdmin>>

export type FarmSaveResult = { ok: true } | { ok: false; fieldErrors: Record<string, string> }

/**
 * Saves the form: the text as typed, and each picture field that has a new file (an empty
 * file input keeps the current picture; its "remove" box takes it away). A file we cannot
 * take is a message next to its field, and then nothing is saved.
 */
export async function updateFarmInfo(
  db: DB,
  actorId: string,
  input: FarmInfoInput,
  form: FormData,
): Promise<FarmSaveResult> {
  const images: Partial<Record<FarmImageColumn, string | null>> = {}
  const fieldErrors: Record<string, string> = {}
  for (const field of FARM_IMAGE_FIELDS) {
    const stored = await storeImageField(db, form, field.column, `${input.name}: ${field.label}`)
    if (stored.kind === 'error') fieldErrors[field.column] = stored.message
    else if (stored.kind === 'stored') images[field.column] = stored.image.imageUrl
    else if (form.get(removeImageField(field.column)) === 'on') images[field.column] = null
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors }

  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('farm_info')
      .select([...TEXT_COLUMNS, ...IMAGE_COLUMNS])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow()
    const after = { ...input, ...images }
    await trx
      .updateTable('farm_info')
      .set({ ...after, updated_at: new Date() })
      .where('id', '=', 1)
      .execute()
    // Picture columns hold URLs, never bytes, so the log stays small.
    await recordAdminChange(trx, {
      actorId,
      action: 'farm_info.update',
      entityType: 'farm_info',
      entityId: '1',
      ...changedFields(before, after),
    })
  })
  referenceChanged(db, 'farm_info')
  return { ok: true }
}
