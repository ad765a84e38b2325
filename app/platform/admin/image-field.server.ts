import type { Submission } from '@conform-to/react'
import { data } from 'react-router'
import type { DB } from '~/platform/db/db.server'
import type { FormReply } from '~/platform/forms/conform'
import {
  ImageUploadError,
  type StoredImage,
  storeUploadedImage,
} from '~/platform/images/uploads.server'

// An <input type="file"> in an admin form (product, team member, farm pictures). The form must
// be `encType="multipart/form-data"`. An empty file input means "keep the current picture".

export type ImageFieldResult =
  | { kind: 'none' }
  | { kind: 'stored'; image: StoredImage }
  | { kind: 'error'; message: string }

/** Stores the picture in `field` if one was chosen; a file we cannot take is a field error. */
export async function storeImageField(
  db: DB,
  form: FormData,
  field: string,
  altText: string,
): Promise<ImageFieldResult> {
  const file = form.get(field)
  if (!(file instanceof File) || (file.size === 0 && !file.name)) return { kind: 'none' }
  try {
    const bytes = new Uint8Array(await file.arrayBuffer())
    const image = await storeUploadedImage(db, { bytes, altText, originalName: file.name })
    return { kind: 'stored', image }
  } catch (error) {
    if (error instanceof ImageUploadError) return { kind: 'error', message: error.message }
    throw error
  }
}

/**
 * A field the shop could not take though the schema passed it (a picture too large or not an
 * image, a choice gone since the page loaded): 400, each message beside its field (and
 * `message`, if any, above the form), everything typed kept.
 */
export function replyFieldRefused(
  submission: Submission<unknown>,
  fieldErrors: Record<string, string>,
  options: { form?: string; message?: string } = {},
) {
  const errors = Object.fromEntries(
    Object.entries(fieldErrors).map(([name, message]) => [name, [message]]),
  )
  return data<FormReply>(
    {
      ...submission.reply({
        fieldErrors: errors,
        ...(options.message ? { formErrors: [options.message] } : {}),
      }),
      form: options.form,
    },
    { status: 400 },
  )
}

/** FormData without its files, for parsing the typed fields apart from the pictures. */
export function textFields(form: FormData): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [key, value] of form) if (typeof value === 'string') values[key] = value
  return values
}
