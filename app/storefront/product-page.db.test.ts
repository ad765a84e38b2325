import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { updateFarmInfo } from '~/farm/admin/farm.server'
import { FarmInfoSchema } from '~/farm/admin/farm-form'
import { fulfilmentFactsLine } from '~/fulfilment/product-fulfilment'
import { parseSubmission } from '~/platform/forms/conform'
import {
  createCustomer,
  createDeliveryZone,
  createPickupPlace,
  createProduct,
  createWindow,
} from '~/seed/factories.server'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { loadProductPage } from './product-page.server'

// The product page's data (issue 22 item 4): its pictures, how and when it can be had, from
// the farm's real fulfilment setup, and the farm's promise. On SQLite, and on PostgreSQL with
// TEST_DATABASE_URL.

let t: TestDatabase
let farmName: string
beforeAll(async () => {
  t = await createTestApp()
  farmName = (
    await t.db.selectFrom('farm_info').select('name').where('id', '=', 1).executeTakeFirstOrThrow()
  ).name
})
afterAll(async () => {
  await t?.cleanup()
})

const noSearch = { variant: null, image: null }

describe('fulfilment facts', () => {
  test('from the active places, zones and weekly windows; local-only is not shipped', async () => {
    // Migration 0008 made the farm itself the first pickup place.
    const farmPlace = await t.db
      .selectFrom('pickup_places')
      .select('id')
      .where('name', '=', farmName)
      .executeTakeFirstOrThrow()
    await createWindow(t.db, { place_id: farmPlace.id }, { weekday: 6 })
    await createWindow(t.db, { place_id: farmPlace.id }, { weekday: 4 })
    const market = await createPickupPlace(t.db, { name: 'Boise Farmers Market', display_order: 1 })
    await createWindow(t.db, { place_id: market.id }, { weekday: 6 })
    // Neither a switched-off window nor a closed place counts.
    await createWindow(t.db, { place_id: market.id }, { weekday: 2, is_active: false })
    const closed = await createPickupPlace(t.db, { name: 'Old Stand', is_active: false })
    await createWindow(t.db, { place_id: closed.id }, { weekday: 1 })
    const zone = await createDeliveryZone(t.db, { name: 'Boise local delivery' })
    await createWindow(t.db, { zone_id: zone.id }, { weekday: 3 })

    const beef = await createProduct(t.db, { name: 'Ribeye', local_only: true })
    const jam = await createProduct(t.db, { name: 'Jam', local_only: false })
    const beefPage = await loadProductPage(t.db, beef.id, noSearch)
    expect(fulfilmentFactsLine(beefPage?.fulfilment ?? [])).toBe(
      'Pickup Thu/Sat at the farm, Sat at Boise Farmers Market · Local delivery Wed · Not shipped',
    )
    const jamPage = await loadProductPage(t.db, jam.id, noSearch)
    expect(jamPage?.fulfilment.at(-1)?.text).toBe('Ships')
  })
})

describe('pictures', () => {
  test('the cover alone, the gallery in order, and ?image=N', async () => {
    const product = await createProduct(t.db, { image_url: '/images/demo/cover.svg' })
    let page = await loadProductPage(t.db, product.id, noSearch)
    expect(page?.pictures.map((p) => p.image_url)).toEqual(['/images/demo/cover.svg'])
    expect(page?.pictures[0]?.alt_text).toBe(product.name)

    await t.db
      .insertInto('product_images')
      .values([
        {
          id: crypto.randomUUID(),
          product_id: product.id,
          image_url: '/b.svg',
          alt_text: 'B',
          position: 1,
        },
        {
          id: crypto.randomUUID(),
          product_id: product.id,
          image_url: '/a.svg',
          alt_text: 'A',
          position: 0,
        },
      ])
      .execute()
    page = await loadProductPage(t.db, product.id, { variant: null, image: '2' })
    expect(page?.pictures.map((p) => p.alt_text)).toEqual(['A', 'B'])
    expect(page?.pictureIndex).toBe(1)
    expect(
      (await loadProductPage(t.db, product.id, { variant: null, image: '9' }))?.pictureIndex,
    ).toBe(0)
  })

  test('an unknown or archived product has no page', async () => {
    expect(await loadProductPage(t.db, 'no-such-product', noSearch)).toBeNull()
    const archived = await createProduct(t.db, { archived_at: new Date() })
    expect(await loadProductPage(t.db, archived.id, noSearch)).toBeNull()
  })
})

describe('the farm promise', () => {
  test('ships with migration 0018, and the content admin changes or clears it', async () => {
    const product = await createProduct(t.db)
    const before = await loadProductPage(t.db, product.id, noSearch)
    expect(before?.farm.name).toBe(farmName)
    expect(before?.farm.promise).toMatch(/^Everything we sell is raised on our own pasture/)

    const admin = await createCustomer(t.db, { is_admin: true })
    const save = async (promise: string) => {
      const submission = parseSubmission(
        form({
          name: farmName,
          description: 'd',
          story: 's',
          mission: 'm',
          contact_email: 'farm@example.com',
          address: 'a',
          values_title: 'v',
          practices_title: 'p',
          team_title: 't',
          visit_title: 'v',
          visit_description: 'v',
          promise,
        }),
        FarmInfoSchema,
      )
      if (submission.status !== 'success') throw new Error(JSON.stringify(submission.error))
      await updateFarmInfo(t.db, admin.id, submission.value, new FormData())
    }
    await save('  Fresh or your money back.  ')
    expect((await loadProductPage(t.db, product.id, noSearch))?.farm.promise).toBe(
      'Fresh or your money back.',
    )
    await save('')
    expect((await loadProductPage(t.db, product.id, noSearch))?.farm.promise).toBeNull()
  })
})

function form(values: Record<string, string>): FormData {
  const data = new FormData()
  for (const [key, value] of Object.entries(values)) data.set(key, value)
  return data
}
