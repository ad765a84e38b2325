import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createCustomer, createProduct } from '~/seed/factories.server'
import { createTestApp } from '../../../tests/setup/app'
import type { TestDatabase } from '../../../tests/setup/database'
import { changeProductPictures, listProductPictures } from './product-pictures.server'
import { PICTURE_GONE, PICTURE_REQUIRED } from './product-pictures-form'

// A product's pictures as the product editor changes them (issue 22 item 4): the first is
// always the cover (products.image_url). On SQLite, and on PostgreSQL with TEST_DATABASE_URL.

let t: TestDatabase
let adminId: string
beforeAll(async () => {
  t = await createTestApp()
  adminId = (await createCustomer(t.db, { is_admin: true })).id
})
afterAll(async () => {
  await t?.cleanup()
})

async function upload(red: number): Promise<FormData> {
  const bytes = await sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: red, g: 120, b: 60 } },
  })
    .png()
    .toBuffer()
  const form = new FormData()
  form.set('image', new File([new Uint8Array(bytes)], 'photo.png', { type: 'image/png' }))
  return form
}

async function cover(productId: string) {
  const row = await t.db
    .selectFrom('products')
    .select('image_url')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow()
  return row.image_url
}

const add = async (productId: string, alt: string, red: number) =>
  changeProductPictures(
    t.db,
    adminId,
    productId,
    { intent: 'picture-add', alt_text: alt },
    await upload(red),
  )

describe('product pictures', () => {
  test('adding brings the old cover in first; moving and removing keep the cover in step', async () => {
    const product = await createProduct(t.db, {
      name: 'Honey',
      image_url: '/images/demo/honey.svg',
    })
    expect(await listProductPictures(t.db, product.id)).toEqual([
      { id: null, image_url: '/images/demo/honey.svg', alt_text: 'Honey' },
    ])

    expect(await add(product.id, 'Bees on clover', 10)).toEqual({
      ok: true,
      message: 'Picture added.',
    })
    expect(await add(product.id, 'Jar in the sun', 200)).toMatchObject({ ok: true })
    let pictures = await listProductPictures(t.db, product.id)
    expect(pictures.map((p) => p.alt_text)).toEqual(['Honey', 'Bees on clover', 'Jar in the sun'])
    expect(await cover(product.id)).toBe('/images/demo/honey.svg')

    // The last picture moved up twice becomes the cover.
    const jar = pictures[2]?.id ?? ''
    for (let n = 0; n < 2; n++) {
      await changeProductPictures(
        t.db,
        adminId,
        product.id,
        { intent: 'picture-move', pictureId: jar, direction: 'up' },
        new FormData(),
      )
    }
    pictures = await listProductPictures(t.db, product.id)
    expect(pictures.map((p) => p.alt_text)).toEqual(['Jar in the sun', 'Honey', 'Bees on clover'])
    expect(await cover(product.id)).toBe(pictures[0]?.image_url)
    // Up from the top changes nothing.
    expect(
      await changeProductPictures(
        t.db,
        adminId,
        product.id,
        { intent: 'picture-move', pictureId: jar, direction: 'up' },
        new FormData(),
      ),
    ).toMatchObject({ ok: true })
    expect((await listProductPictures(t.db, product.id))[0]?.id).toBe(jar)

    await changeProductPictures(
      t.db,
      adminId,
      product.id,
      { intent: 'picture-describe', pictureId: jar, alt_text: 'A jar of honey in the sun' },
      new FormData(),
    )
    await changeProductPictures(
      t.db,
      adminId,
      product.id,
      { intent: 'picture-remove', pictureId: jar },
      new FormData(),
    )
    pictures = await listProductPictures(t.db, product.id)
    expect(pictures.map((p) => p.alt_text)).toEqual(['Honey', 'Bees on clover'])
    expect(await cover(product.id)).toBe('/images/demo/honey.svg')
    const positions = await t.db
      .selectFrom('product_images')
      .select('position')
      .where('product_id', '=', product.id)
      .orderBy('position')
      .execute()
    expect(positions.map((row) => row.position)).toEqual([0, 1])

    const actions = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', product.id)
      .orderBy('created_at')
      .execute()
    // Sorted: entries of one test can share a timestamp.
    expect(actions.map((row) => row.action).sort()).toEqual([
      'product.picture_add',
      'product.picture_add',
      'product.picture_describe',
      'product.picture_move',
      'product.picture_move',
      'product.picture_remove',
    ])
  })

  test('a product without a cover: the first picture becomes it, the last one removed clears it', async () => {
    const product = await createProduct(t.db, { image_url: null })
    await add(product.id, 'Carrots', 90)
    const [only] = await listProductPictures(t.db, product.id)
    expect(await cover(product.id)).toBe(only?.image_url)
    await changeProductPictures(
      t.db,
      adminId,
      product.id,
      { intent: 'picture-remove', pictureId: only?.id ?? '' },
      new FormData(),
    )
    expect(await listProductPictures(t.db, product.id)).toEqual([])
    expect(await cover(product.id)).toBeNull()
  })

  test('no file, or another product’s picture, is refused', async () => {
    const product = await createProduct(t.db)
    const other = await createProduct(t.db)
    await add(other.id, 'Theirs', 30)
    const [theirs] = await listProductPictures(t.db, other.id)
    expect(
      await changeProductPictures(
        t.db,
        adminId,
        product.id,
        { intent: 'picture-add', alt_text: 'Nothing' },
        new FormData(),
      ),
    ).toEqual({
      ok: false,
      status: 400,
      message: PICTURE_REQUIRED,
      fieldErrors: { image: PICTURE_REQUIRED },
    })
    for (const action of [
      { intent: 'picture-remove' as const, pictureId: theirs?.id ?? '' },
      { intent: 'picture-move' as const, pictureId: theirs?.id ?? '', direction: 'down' as const },
      { intent: 'picture-describe' as const, pictureId: theirs?.id ?? '', alt_text: 'Mine' },
    ]) {
      expect(
        await changeProductPictures(t.db, adminId, product.id, action, new FormData()),
      ).toEqual({ ok: false, status: 404, message: PICTURE_GONE })
    }
    expect(await listProductPictures(t.db, other.id)).toEqual([theirs])
  })
})
