import type { DB } from '~/platform/db/db.server'
import { sha256Hex } from './demo-images.server'
import { largestWidthWithin, variantPath } from './image-url'
import { MAX_INPUT_PIXELS } from './variants.server'

// Uploaded images (the admin's product, team and page pictures) go into the database, never
// the file system, so every instance can serve them (ADR 6).

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024

/**
 * Stored sources are at most this wide or tall: a little over the widest variant, so a later
 * larger size is still possible, while a 50-megapixel phone photo does not sit in the database.
 */
export const MAX_SOURCE_SIDE = 2560

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif'])

/** A file that is not an image we take; `message` can be shown to the admin as it is. */
export class ImageUploadError extends Error {
  override name = 'ImageUploadError'
}

export type StoredImage = {
  id: string
  /** What to put in an `image_url` column: the widest WebP variant the image has. */
  imageUrl: string
  width: number
  height: number
}

/**
 * Checks and stores an uploaded picture. The source kept is normalised: turned upright (EXIF
 * orientation), scaled down to MAX_SOURCE_SIDE, WebP at high quality, and stripped of metadata
 * (a phone photo's EXIF can carry the farm's GPS position). Variants are rendered on request.
 */
export async function storeUploadedImage(
  db: DB,
  upload: { bytes: Uint8Array; altText: string; originalName?: string },
): Promise<StoredImage> {
  if (upload.bytes.byteLength === 0) throw new ImageUploadError('The file is empty.')
  if (upload.bytes.byteLength > MAX_UPLOAD_BYTES)
    throw new ImageUploadError(`Images can be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`)
  const sharp = (await import('sharp')).default
  const input = () => sharp(upload.bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })

  let format: string | undefined
  let compression: string | undefined
  try {
    ;({ format, compression } = await input().metadata())
  } catch {
    throw new ImageUploadError('That file is not an image we can read (JPEG, PNG, WebP, AVIF).')
  }
  // HEIF is accepted only as AVIF: sharp's own libvips cannot decode HEVC (iPhone HEIC).
  if (!format || !ACCEPTED_FORMATS.has(format) || (format === 'heif' && compression !== 'av1'))
    throw new ImageUploadError('Please upload a JPEG, PNG, WebP or AVIF image.')

  let normalised: { data: Buffer; info: { width: number; height: number } }
  try {
    normalised = await input()
      .autoOrient()
      .resize({
        width: MAX_SOURCE_SIDE,
        height: MAX_SOURCE_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 90 })
      .toBuffer({ resolveWithObject: true })
  } catch {
    throw new ImageUploadError('That image is damaged or too large to process.')
  }

  const { data, info } = normalised
  const contentHash = sha256Hex(data)
  const id = crypto.randomUUID()
  await db
    .insertInto('images')
    .values({
      id,
      alt_text: upload.altText,
      original_name: upload.originalName ?? null,
      source_type: 'image/webp',
      source_bytes: data,
      content_hash: contentHash,
      width: info.width,
      height: info.height,
    })
    .execute()
  const imageUrl = variantPath({
    source: id,
    version: contentHash.slice(0, 8),
    width: largestWidthWithin(info.width),
    format: 'webp',
  })
  return { id, imageUrl, width: info.width, height: info.height }
}
