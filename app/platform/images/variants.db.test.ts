import pino from 'pino'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { type DB, openDatabase, provideDb } from '~/platform/db/db.server'
import { loader } from '~/routes/api/image'
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/database'
import { DEMO_IMAGES_VERSION, type ImageVariant } from './image-url'
import { ImageUploadError, storeUploadedImage } from './uploads.server'
import { getVariant, type RenderVariant, renderVariant } from './variants.server'

// Rendering, storing and serving variants, on SQLite and PostgreSQL.

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
  provideDb(t.db)
})
afterAll(async () => {
  await t?.cleanup()
})

const demo = (name: string, width: ImageVariant['width'], format: ImageVariant['format']) => ({
  source: `demo-${name}`,
  version: DEMO_IMAGES_VERSION,
  width,
  format,
})

function countingRenderer() {
  return vi.fn<RenderVariant>((source, options) => renderVariant(source, options))
}

function isWebp(bytes: Uint8Array) {
  const text = Buffer.from(bytes).toString('latin1')
  return text.startsWith('RIFF') && text.slice(8, 12) === 'WEBP'
}

function isAvif(bytes: Uint8Array) {
  return Buffer.from(bytes).toString('latin1').slice(4, 12) === 'ftypavif'
}

async function variantRows(imageIdPrefix: string) {
  return t.db
    .selectFrom('image_variants')
    .select(['image_id', 'format', 'width', 'height'])
    .where('image_id', 'like', `${imageIdPrefix}%`)
    .orderBy('format')
    .orderBy('width')
    .execute()
}

/** A photo-like PNG: a gradient, so encoders have something to do. */
async function photo(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3
      pixels[i] = (x * 255) / width
      pixels[i + 1] = (y * 255) / height
      pixels[i + 2] = ((x + y) * 7) % 256
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
}

describe('demo illustrations', () => {
  test('rendered as WebP and AVIF at 640, stored once, then served from the database', async () => {
    const render = countingRenderer()
    const webp = await getVariant(t.db, demo('home-hero', 640, 'webp'), { render })
    const avif = await getVariant(t.db, demo('home-hero', 640, 'avif'), { render })
    expect(render).toHaveBeenCalledTimes(2)
    expect(webp?.contentType).toBe('image/webp')
    expect(avif?.contentType).toBe('image/avif')
    expect(webp && isWebp(webp.bytes)).toBe(true)
    expect(avif && isAvif(avif.bytes)).toBe(true)
    // home-hero.svg is 1600 x 900: drawn at 640 wide, aspect ratio kept.
    const size = await sharp(webp?.bytes).metadata()
    expect([size.width, size.height]).toEqual([640, 360])
    expect(webp?.renderedMs).toBeGreaterThanOrEqual(0)

    const again = await getVariant(t.db, demo('home-hero', 640, 'webp'), { render })
    expect(render).toHaveBeenCalledTimes(2)
    expect(again?.renderedMs).toBeUndefined()
    expect(Buffer.from(again?.bytes ?? []).equals(Buffer.from(webp?.bytes ?? []))).toBe(true)

    expect(await variantRows('demo-home-hero-')).toEqual([
      expect.objectContaining({ format: 'avif', width: 640, height: 360 }),
      expect.objectContaining({ format: 'webp', width: 640, height: 360 }),
    ])
    const source = await t.db
      .selectFrom('images')
      .select(['id', 'source_type', 'width', 'height', 'content_hash', 'original_name'])
      .where('id', 'like', 'demo-home-hero-%')
      .executeTakeFirstOrThrow()
    expect(source).toEqual({
      id: `demo-home-hero-${source.content_hash.slice(0, 8)}`,
      source_type: 'image/svg+xml',
      width: 1600,
      height: 900,
      content_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      original_name: 'home-hero.svg',
    })
  })

  test('vector art is drawn at the requested width, larger than its own', async () => {
    // logo.svg is 200 x 200.
    const variant = await getVariant(t.db, demo('logo', 1280, 'webp'))
    const size = await sharp(variant?.bytes).metadata()
    expect([size.width, size.height]).toEqual([1280, 1280])
  })

  test('concurrent first requests share one render', async () => {
    const render = countingRenderer()
    const results = await Promise.all(
      Array.from({ length: 5 }, () => getVariant(t.db, demo('duck-eggs', 320, 'avif'), { render })),
    )
    expect(render).toHaveBeenCalledTimes(1)
    for (const result of results) expect(result && isAvif(result.bytes)).toBe(true)
    expect(await variantRows('demo-duck-eggs-')).toHaveLength(1)
  })

  test('two instances rendering at once store one row and answer the same bytes', async () => {
    const other: DB = openDatabase(t.config)
    try {
      const [first, second] = await Promise.all([
        getVariant(t.db, demo('chuck-roast', 320, 'webp')),
        getVariant(other, demo('chuck-roast', 320, 'webp')),
      ])
      expect(await variantRows('demo-chuck-roast-')).toHaveLength(1)
      expect(Buffer.from(first?.bytes ?? []).equals(Buffer.from(second?.bytes ?? []))).toBe(true)
    } finally {
      await other.destroy()
    }
  })

  test('unknown illustrations and other versions are not ours', async () => {
    const render = countingRenderer()
    expect(await getVariant(t.db, demo('no-such-thing', 640, 'webp'), { render })).toBeNull()
    expect(
      await getVariant(
        t.db,
        { ...demo('home-hero', 640, 'webp'), version: 'abcdef12' },
        { render },
      ),
    ).toBeNull()
    expect(render).not.toHaveBeenCalled()
  })
})

describe('uploads', () => {
  test('normalised to WebP, and never enlarged beyond their own width', async () => {
    const png = await (await photo(800, 600)).png().toBuffer()
    const stored = await storeUploadedImage(t.db, {
      bytes: png,
      altText: 'Cattle at dusk',
      originalName: 'dusk.png',
    })
    const hash = (
      await t.db
        .selectFrom('images')
        .select(['content_hash', 'source_type', 'width', 'height', 'alt_text'])
        .where('id', '=', stored.id)
        .executeTakeFirstOrThrow()
    ).content_hash
    expect(stored).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      imageUrl: `/images/${stored.id}.${hash.slice(0, 8)}.640.webp`,
      width: 800,
      height: 600,
    })

    const upload = (width: ImageVariant['width'], format: ImageVariant['format']) => ({
      source: stored.id,
      version: hash.slice(0, 8),
      width,
      format,
    })
    const small = await getVariant(t.db, upload(320, 'webp'))
    expect(await sharp(small?.bytes).metadata()).toMatchObject({ width: 320, height: 240 })
    const large = await getVariant(t.db, upload(1920, 'avif'))
    expect(large && isAvif(large.bytes)).toBe(true)
    expect(await sharp(large?.bytes).metadata()).toMatchObject({ width: 800, height: 600 })

    expect(await getVariant(t.db, { ...upload(320, 'webp'), version: '00000000' })).toBeNull()
    expect(
      await getVariant(t.db, { ...upload(320, 'webp'), source: crypto.randomUUID() }),
    ).toBeNull()

    // Deleting the image takes its variants with it.
    await t.db.deleteFrom('images').where('id', '=', stored.id).execute()
    expect(await variantRows(stored.id)).toEqual([])
  })

  test('turned upright by their EXIF orientation, scaled down, metadata dropped', async () => {
    // Orientation 6: the camera was turned; the picture is shown rotated 90 degrees.
    const jpeg = await (await photo(400, 200)).jpeg().withMetadata({ orientation: 6 }).toBuffer()
    const stored = await storeUploadedImage(t.db, { bytes: jpeg, altText: '' })
    expect([stored.width, stored.height]).toEqual([200, 400])
    const big = await (await photo(3000, 1000)).png().toBuffer()
    const scaled = await storeUploadedImage(t.db, { bytes: big, altText: '' })
    expect([scaled.width, scaled.height]).toEqual([2560, 853])
    expect(scaled.imageUrl).toMatch(/\.1920\.webp$/)
    const row = await t.db
      .selectFrom('images')
      .select('source_bytes')
      .where('id', '=', stored.id)
      .executeTakeFirstOrThrow()
    const meta = await sharp(row.source_bytes).metadata()
    expect(meta.format).toBe('webp')
    expect(meta.exif).toBeUndefined()
  })

  test('anything but a JPEG, PNG, WebP or AVIF image is refused', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')
    for (const bytes of [Buffer.from('not an image'), svg, new Uint8Array()]) {
      await expect(storeUploadedImage(t.db, { bytes, altText: '' })).rejects.toBeInstanceOf(
        ImageUploadError,
      )
    }
  })
})

describe('GET /images/:file', () => {
  const log = pino({ level: 'silent' })
  function get(file: string, headers: HeadersInit = {}) {
    const request = new Request(`http://shop.test/images/${file}`, { headers })
    return loader({
      request,
      url: new URL(request.url),
      pattern: '/images/:file',
      params: { file },
      context: { log, cspNonce: '', requestId: 'test', clientIp: '127.0.0.1' },
    })
  }
  const file = `demo-home-hero.${DEMO_IMAGES_VERSION}.320.webp`

  test('the bytes, cached for a year, with an ETag that answers 304', async () => {
    const response = await get(file)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('image/webp')
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    const body = new Uint8Array(await response.arrayBuffer())
    expect(isWebp(body)).toBe(true)
    expect(response.headers.get('Content-Length')).toBe(String(body.byteLength))
    const etag = response.headers.get('ETag') ?? ''
    expect(etag).toMatch(/^"[\w-]{22}"$/)

    const revalidated = await get(file, { 'If-None-Match': etag })
    expect(revalidated.status).toBe(304)
    expect(revalidated.headers.get('ETag')).toBe(etag)
    expect(await revalidated.text()).toBe('')
    expect((await get(file, { 'If-None-Match': '"other"' })).status).toBe(200)
  })

  test('bad names are 400 or 404, never an error', async () => {
    const v = DEMO_IMAGES_VERSION
    const cases: [string, number][] = [
      [`demo-home-hero.${v}.641.webp`, 400],
      [`demo-home-hero.${v}.640.png`, 400],
      [`demo-home-hero.${v}.640`, 404],
      [`demo-no-such.${v}.640.webp`, 404],
      [`demo-home-hero.00000000.640.webp`, 404],
      [`${crypto.randomUUID()}.deadbeef.640.webp`, 404],
      ['placeholder.svg', 404],
    ]
    for (const [name, status] of cases) {
      const response = await get(name)
      expect([name, response.status]).toEqual([name, status])
      expect(response.headers.get('Cache-Control')).toBe('no-store')
    }
  })
})
