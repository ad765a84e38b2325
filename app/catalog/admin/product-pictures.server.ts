import { SqliteAdapter, type Transaction } from 'kysely'
import { data } from 'react-router'
import { replyFieldRefused, storeImageField } from '~/platform/admin/image-field.server'
import { recordAdminChange } from '~/platform/audit.server'
import type { DB } from '~/platform/db/db.server'
import type { Database } from '~/platform/db/schema'
import { parseSubmission, replyDone, replyInvalid, replyRefused } from '~/platform/forms/conform'
import {
  MAX_PICTURES,
  PICTURE_GONE,
  PICTURE_REQUIRED,
  type PictureAction,
  PictureActionSchema,
  pictureFormName,
  TOO_MANY_PICTURES,
} from './product-pictures-form'

// A product's pictures (product_images) in order, as the product editor changes them. The
// first is the cover: products.image_url is set to it after every change, in the same
// transaction, so cards, the cart, emails and the sitemap (which read the one column) always
// show the first picture. A product that has only its cover (from the Picture field) has no
// rows yet: the first picture added brings the cover in as picture 1.

export type AdminPicture = {
  /** null for a cover that has no row yet (nothing to move or remove) */
  id: string | null
  image_url: string
  alt_text: string
}

type Trx = Transaction<Database>

const COLUMNS = ['id', 'image_url', 'alt_text'] as const

function rowsOf(db: DB | Trx, productId: string) {
  return db
    .selectFrom('product_images')
    .select(COLUMNS)
    .where('product_id', '=', productId)
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
}

/** The pictures as the shop shows them: the rows, or else the cover alone. */
export function picturesOf(
  rows: readonly { id: string; image_url: string; alt_text: string }[],
  cover: { image_url: string | null; name: string },
): AdminPicture[] {
  if (rows.length > 0) return [...rows]
  return cover.image_url ? [{ id: null, image_url: cover.image_url, alt_text: cover.name }] : []
}

export async function listProductPictures(db: DB, productId: string): Promise<AdminPicture[]> {
  const [rows, product] = await Promise.all([
    rowsOf(db, productId).execute(),
    db
      .selectFrom('products')
      .select(['image_url', 'name'])
      .where('id', '=', productId)
      .executeTakeFirst(),
  ])
  return product ? picturesOf(rows, product) : []
}

export type PictureChangeResult =
  | { ok: true; message: string }
  | { ok: false; status: number; message: string; fieldErrors?: Record<string, string> }

const gone: PictureChangeResult = { ok: false, status: 404, message: PICTURE_GONE }

/** The product editor's picture forms, one call each (`form` carries an upload). */
export async function changeProductPictures(
  db: DB,
  actorId: string,
  productId: string,
  action: PictureAction,
  form: FormData,
): Promise<PictureChangeResult> {
  switch (action.intent) {
    case 'picture-add':
      return addPicture(db, actorId, productId, action.alt_text, form)
    case 'picture-describe':
      return db.transaction().execute(async (trx) => {
        const before = await rowsOf(trx, productId)
          .where('id', '=', action.pictureId)
          .executeTakeFirst()
        if (!before) return gone
        await trx
          .updateTable('product_images')
          .set({ alt_text: action.alt_text })
          .where('id', '=', action.pictureId)
          .execute()
        await audit(trx, actorId, productId, 'product.picture_describe', {
          before: { id: before.id, alt_text: before.alt_text },
          after: { id: before.id, alt_text: action.alt_text },
        })
        return { ok: true, message: 'Picture description saved.' }
      })
    case 'picture-move':
      return db.transaction().execute(async (trx) => {
        const ids = await orderedIds(trx, productId)
        const from = ids.indexOf(action.pictureId)
        if (from === -1) return gone
        const to = action.direction === 'up' ? from - 1 : from + 1
        if (to >= 0 && to < ids.length) {
          ids.splice(from, 1)
          ids.splice(to, 0, action.pictureId)
          await renumber(trx, productId, ids)
          await audit(trx, actorId, productId, 'product.picture_move', {
            before: { id: action.pictureId, position: from + 1 },
            after: { id: action.pictureId, position: to + 1 },
          })
        }
        return { ok: true, message: 'Picture order saved.' }
      })
    case 'picture-remove':
      return db.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('product_images')
          .where('id', '=', action.pictureId)
          .where('product_id', '=', productId)
          .returning(COLUMNS)
          .executeTakeFirst()
        if (!removed) return gone
        await renumber(trx, productId, await orderedIds(trx, productId))
        await audit(trx, actorId, productId, 'product.picture_remove', { before: removed })
        return { ok: true, message: 'Picture removed.' }
      })
  }
}

async function addPicture(
  db: DB,
  actorId: string,
  productId: string,
  altText: string,
  form: FormData,
): Promise<PictureChangeResult> {
  const exists = await db
    .selectFrom('products')
    .select('id')
    .where('id', '=', productId)
    .executeTakeFirst()
  if (!exists) return { ok: false, status: 404, message: 'That product was not found.' }
  // Stored before the transaction (ADR 6): an image's bytes are not written under its lock.
  const upload = await storeImageField(db, form, 'image', altText)
  if (upload.kind !== 'stored') {
    const message = upload.kind === 'error' ? upload.message : PICTURE_REQUIRED
    return { ok: false, status: 400, message, fieldErrors: { image: message } }
  }
  return db.transaction().execute(async (trx) => {
    const product = await trx
      .selectFrom('products')
      .select(['name', 'image_url'])
      .where('id', '=', productId)
      .executeTakeFirst()
    if (!product) return { ok: false, status: 404, message: 'That product was not found.' }
    const ids = await orderedIds(trx, productId)
    // The cover from the Picture field becomes picture 1 before any other joins it.
    if (ids.length === 0 && product.image_url) {
      const coverId = crypto.randomUUID()
      await trx
        .insertInto('product_images')
        .values({
          id: coverId,
          product_id: productId,
          image_url: product.image_url,
          alt_text: product.name,
          position: 0,
        })
        .execute()
      ids.push(coverId)
    }
    if (ids.length >= MAX_PICTURES) {
      return {
        ok: false,
        status: 400,
        message: TOO_MANY_PICTURES,
        fieldErrors: { image: TOO_MANY_PICTURES },
      }
    }
    const id = crypto.randomUUID()
    const row = { image_url: upload.image.imageUrl, alt_text: altText }
    await trx
      .insertInto('product_images')
      .values({ id, product_id: productId, ...row, position: ids.length })
      .execute()
    await renumber(trx, productId, [...ids, id])
    await audit(trx, actorId, productId, 'product.picture_add', { after: { id, ...row } })
    return { ok: true, message: 'Picture added.' }
  })
}

/** The picture ids in order; PostgreSQL locks them, so two admins' moves wait in line. */
async function orderedIds(trx: Trx, productId: string): Promise<string[]> {
  let query = trx
    .selectFrom('product_images')
    .select('id')
    .where('product_id', '=', productId)
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
  if (!(trx.getExecutor().adapter instanceof SqliteAdapter)) query = query.forUpdate()
  return (await query.execute()).map((row) => row.id)
}

/** Positions 0, 1, 2, ... in this order, and the cover set to the first picture (or none). */
async function renumber(trx: Trx, productId: string, ids: readonly string[]): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await trx
      .updateTable('product_images')
      .set({ position })
      .where('id', '=', id)
      .where('position', '!=', position)
      .execute()
  }
  const first = ids[0]
  await trx
    .updateTable('products')
    .set((eb) => ({
      image_url: first
        ? eb.selectFrom('product_images').select('image_url').where('id', '=', first)
        : null,
      updated_at: new Date(),
    }))
    .where('id', '=', productId)
    .execute()
}

/**
 * After the product form's Picture field replaced the cover: picture 1 is that new picture
 * too, so the gallery and the cover never disagree.
 */
export async function replaceCoverPicture(
  trx: Trx,
  productId: string,
  imageUrl: string,
): Promise<void> {
  await trx
    .updateTable('product_images')
    .set({ image_url: imageUrl })
    .where('product_id', '=', productId)
    .where('position', '=', 0)
    .execute()
}

function audit(
  trx: Trx,
  actorId: string,
  productId: string,
  action: string,
  change: { before?: Record<string, unknown>; after?: Record<string, unknown> },
) {
  return recordAdminChange(trx, {
    actorId,
    action,
    entityType: 'product',
    entityId: productId,
    ...change,
  })
}

/**
 * The product action's answer to a picture form: the Conform reply, `form` naming which
 * picture form sent it (pictureFormName), so only that one shows it.
 */
export async function replyPictureAction(
  db: DB,
  actorId: string,
  productId: string,
  form: FormData,
) {
  const submission = parseSubmission(form, PictureActionSchema)
  const sent = submission.payload as { intent?: unknown; pictureId?: unknown }
  const name = pictureFormName({
    intent: typeof sent.intent === 'string' ? sent.intent : '',
    pictureId: typeof sent.pictureId === 'string' ? sent.pictureId : undefined,
  })
  if (submission.status !== 'success') return replyInvalid(submission, { form: name })
  const result = await changeProductPictures(db, actorId, productId, submission.value, form)
  if (!result.ok) {
    return result.fieldErrors
      ? replyFieldRefused(submission, result.fieldErrors, { form: name, message: result.message })
      : replyRefused(submission, result.message, result.status, { form: name })
  }
  // A new picture's form starts empty again; a description keeps what was saved.
  return data(replyDone(submission, result.message, { form: name, keep: name !== 'picture-add' }))
}
