import { storeImageField } from '~/platform/admin/image-field.server'
import { changedFields, recordAdminChange } from '~/platform/audit.server'
import type { DB } from '~/platform/db/db.server'
import { moveInDisplayOrder, nextDisplayOrder } from '../display-order.server'
import { type GalleryAction, type GalleryImageInput, PHOTO_REQUIRED } from './farm-form'
import type { AdminChangeResult } from './team.server'

// The farm's picture gallery (farm_images) in display order. Each change is one transaction
// with its audit entry; the picture itself is stored first (ADR 6), never its bytes in the log.

export type AdminGalleryImage = {
  id: string
  image_url: string
  alt_text: string
  caption: string | null
}

const COLUMNS = ['id', 'image_url', 'alt_text', 'caption'] as const

export function listGalleryForAdmin(db: DB): Promise<AdminGalleryImage[]> {
  return db
    .selectFrom('farm_images')
    .select(COLUMNS)
    .orderBy('display_order')
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

const notFound: AdminChangeResult = {
  ok: false,
  status: 404,
  message: 'That picture is no longer in the gallery.',
}

/** The /admin/content/gallery action's one call; `form` carries the upload for create. */
export async function changeGallery(
  db: DB,
  actorId: string,
  action: GalleryAction,
  form: FormData,
): Promise<AdminChangeResult> {
  switch (action.intent) {
    case 'create':
      return addGalleryImage(db, actorId, action, form)
    case 'update':
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('farm_images')
          .select(COLUMNS)
          .where('id', '=', action.id)
          .executeTakeFirst()
        if (!before) return notFound
        const after = { alt_text: action.alt_text, caption: action.caption }
        await trx.updateTable('farm_images').set(after).where('id', '=', action.id).execute()
        await recordAdminChange(trx, {
          actorId,
          action: 'farm_image.update',
          entityType: 'farm_image',
          entityId: action.id,
          ...changedFields(before, after),
        })
        return { ok: true, message: 'Picture details saved.' }
      })
    case 'move':
      return db.transaction().execute(async (trx) => {
        const moved = await moveInDisplayOrder(trx, 'farm_images', action.id, action.direction)
        if (moved.kind === 'not-found') return notFound
        if (moved.kind === 'moved') {
          await recordAdminChange(trx, {
            actorId,
            action: 'farm_image.move',
            entityType: 'farm_image',
            entityId: action.id,
            before: { position: moved.from + 1 },
            after: { position: moved.to + 1 },
          })
        }
        return { ok: true, message: 'Gallery order saved.' }
      })
    case 'remove':
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .deleteFrom('farm_images')
          .where('id', '=', action.id)
          .returning(COLUMNS)
          .executeTakeFirst()
        if (!before) return notFound
        await recordAdminChange(trx, {
          actorId,
          action: 'farm_image.remove',
          entityType: 'farm_image',
          entityId: action.id,
          before,
        })
        return { ok: true, message: 'Picture removed from the gallery.' }
      })
  }
}

export async function addGalleryImage(
  db: DB,
  actorId: string,
  input: GalleryImageInput,
  form: FormData,
): Promise<AdminChangeResult> {
  const upload = await storeImageField(db, form, 'image', input.alt_text)
  if (upload.kind !== 'stored') {
    const message = upload.kind === 'error' ? upload.message : PHOTO_REQUIRED
    return { ok: false, status: 400, message, fieldErrors: { image: message } }
  }
  const id = crypto.randomUUID()
  return db.transaction().execute(async (trx) => {
    const row = {
      image_url: upload.image.imageUrl,
      alt_text: input.alt_text,
      caption: input.caption,
    }
    await trx
      .insertInto('farm_images')
      .values({ id, ...row, display_order: await nextDisplayOrder(trx, 'farm_images') })
      .execute()
    await recordAdminChange(trx, {
      actorId,
      action: 'farm_image.create',
      entityType: 'farm_image',
      entityId: id,
      after: row,
    })
    return { ok: true, id, message: 'Picture added to the gallery.' }
  })
}
