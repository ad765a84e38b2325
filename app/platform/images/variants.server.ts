import type { DB } from '~/platform/db/db.server'
import { DEMO_IMAGE_DIR, readDemoImage } from './demo-images.server'
import {
  DEMO_IMAGES_VERSION,
  demoNameOf,
  IMAGE_CONTENT_TYPES,
  type ImageFormat,
  type ImageVariant,
  type ImageWidth,
} from './image-url'

// Image variants are rendered with sharp on first request and stored in image_variants, so each
// is made once per database and shared by every app instance (ADR 6).

export const SVG_TYPE = 'image/svg+xml'

/** The decoded-size ceiling for any source: 40 megapixels, a large phone photo. */
export const MAX_INPUT_PIXELS = 40_000_000

// Quality chosen by eye on the demo art and photos; AVIF effort 2 instead of sharp's default 4
// makes a 1920-wide AVIF in about 0.4 s instead of 2.5-4 s on the test machine, for files
// about 10 % larger.
const WEBP_OPTIONS = { quality: 75 }
const AVIF_OPTIONS = { quality: 50, effort: 2 }

export type SourceImage = {
  /** MIME type of `bytes`: SVG for demo art, a raster type for uploads */
  type: string
  bytes: Uint8Array
  width: number
  height: number
}

export type RenderedVariant = { bytes: Uint8Array; width: number; height: number }

export type RenderVariant = (
  source: SourceImage,
  options: { width: ImageWidth; format: ImageFormat },
) => Promise<RenderedVariant>

// sharp loads a native library (tens of milliseconds); the server must be ready within a second
// of starting and most requests are answered from the database, so it is loaded on first render.
async function loadSharp() {
  return (await import('sharp')).default
}

/**
 * One variant of `source`. SVG is rasterised straight at the requested width, at whatever
 * density that takes, so it is crisp at every size; raster sources are only ever made smaller.
 */
export const renderVariant: RenderVariant = async (source, { width, format }) => {
  const sharp = await loadSharp()
  const vector = source.type === SVG_TYPE
  const target = vector ? width : Math.min(width, source.width)
  const density = vector ? Math.min(100_000, Math.max(1, (72 * target) / source.width)) : undefined
  const pipeline = sharp(source.bytes, { density, limitInputPixels: MAX_INPUT_PIXELS }).resize({
    width: target,
    withoutEnlargement: !vector,
  })
  const encoded = format === 'avif' ? pipeline.avif(AVIF_OPTIONS) : pipeline.webp(WEBP_OPTIONS)
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true })
  return { bytes: data, width: info.width, height: info.height }
}

/** Width and height of an image as sharp sees it (SVG at 72 dpi, i.e. its viewBox). */
export async function measureImage(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp()
  const { width, height } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()
  if (!width || !height) throw new Error('image has no size')
  return { width, height }
}

export type StoredVariant = {
  bytes: Uint8Array
  contentType: string
  /** Set when the variant had to be rendered (here, or by a render this request waited for). */
  renderedMs?: number
}

type Target = {
  /** images.id */
  imageId: string
  /** Prefix the source's content_hash must start with: the version in the URL. */
  hashPrefix: string
  /** The demo illustration to store as the source if this is its first variant. */
  demo?: { name: string; bytes: Uint8Array; contentHash: string }
}

async function findTarget(variant: ImageVariant, demoDir: string): Promise<Target | null> {
  const demoName = demoNameOf(variant.source)
  if (demoName === undefined) return { imageId: variant.source, hashPrefix: variant.version }
  if (variant.version !== DEMO_IMAGES_VERSION) return null
  const file = await readDemoImage(demoName, demoDir)
  if (!file) return null
  // The id carries the file's own hash, not the release-wide version: a changed file never
  // meets renders of its old content, even when two releases share one database.
  const hashPrefix = file.contentHash.slice(0, 8)
  return { imageId: `demo-${demoName}-${hashPrefix}`, hashPrefix, demo: file }
}

async function selectStored(db: DB, target: Target, variant: ImageVariant) {
  const row = await db
    .selectFrom('image_variants')
    .innerJoin('images', 'images.id', 'image_variants.image_id')
    .select('image_variants.bytes')
    .where('image_variants.image_id', '=', target.imageId)
    .where('image_variants.format', '=', variant.format)
    .where('image_variants.width', '=', variant.width)
    // The prefix is 8 validated hex digits, so it holds no LIKE wildcards.
    .where('images.content_hash', 'like', `${target.hashPrefix}%`)
    .executeTakeFirst()
  return row?.bytes
}

async function loadSource(db: DB, target: Target): Promise<SourceImage | null> {
  if (target.demo) {
    const { name, bytes, contentHash } = target.demo
    const size = await measureImage(bytes)
    await db
      .insertInto('images')
      .values({
        id: target.imageId,
        // Pages give each picture its own alt text; the source row needs none.
        alt_text: '',
        original_name: `${name}.svg`,
        source_type: SVG_TYPE,
        source_bytes: bytes,
        content_hash: contentHash,
        ...size,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute()
    return { type: SVG_TYPE, bytes, ...size }
  }
  const row = await db
    .selectFrom('images')
    .select(['source_type', 'source_bytes', 'width', 'height'])
    .where('id', '=', target.imageId)
    .where('content_hash', 'like', `${target.hashPrefix}%`)
    .executeTakeFirst()
  if (!row) return null
  return { type: row.source_type, bytes: row.source_bytes, width: row.width, height: row.height }
}

async function renderAndStore(
  db: DB,
  target: Target,
  variant: ImageVariant,
  render: RenderVariant,
): Promise<{ bytes: Uint8Array; renderedMs: number } | null> {
  const source = await loadSource(db, target)
  if (!source) return null
  const started = performance.now()
  const rendered = await render(source, { width: variant.width, format: variant.format })
  const renderedMs = Math.round(performance.now() - started)
  const { numInsertedOrUpdatedRows } = await db
    .insertInto('image_variants')
    .values({
      id: crypto.randomUUID(),
      image_id: target.imageId,
      format: variant.format,
      width: variant.width,
      height: rendered.height,
      bytes: rendered.bytes,
    })
    .onConflict((oc) => oc.columns(['image_id', 'format', 'width']).doNothing())
    .executeTakeFirst()
  if (numInsertedOrUpdatedRows === 0n) {
    // Another instance stored it first: answer with its bytes, so every response for this URL
    // is byte-identical (and its ETag holds) whichever instance serves it.
    const stored = await selectStored(db, target, variant)
    if (stored) return { bytes: stored, renderedMs }
  }
  return { bytes: rendered.bytes, renderedMs }
}

// Concurrent first requests for one variant (a page full of cards, several tabs) share one
// render per process; other instances are kept honest by the idempotent insert.
const inFlight = new WeakMap<
  DB,
  Map<string, Promise<{ bytes: Uint8Array; renderedMs: number } | null>>
>()

/**
 * The bytes of one variant: from the database, or rendered now and stored. Null when the URL
 * names no image of ours (unknown source, or a version that is not the source's).
 */
export async function getVariant(
  db: DB,
  variant: ImageVariant,
  options: { render?: RenderVariant; demoDir?: string } = {},
): Promise<StoredVariant | null> {
  const target = await findTarget(variant, options.demoDir ?? DEMO_IMAGE_DIR)
  if (!target) return null
  const contentType = IMAGE_CONTENT_TYPES[variant.format]
  const stored = await selectStored(db, target, variant)
  if (stored) return { bytes: stored, contentType }

  let jobs = inFlight.get(db)
  if (!jobs) {
    jobs = new Map()
    inFlight.set(db, jobs)
  }
  const key = `${target.imageId}/${variant.format}/${variant.width}`
  let job = jobs.get(key)
  if (!job) {
    const running = jobs
    job = renderAndStore(db, target, variant, options.render ?? renderVariant).finally(() =>
      running.delete(key),
    )
    jobs.set(key, job)
  }
  const result = await job
  return result && { bytes: result.bytes, contentType, renderedMs: result.renderedMs }
}
