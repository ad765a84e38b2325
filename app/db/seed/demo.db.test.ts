import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { createTestDatabase } from '../../../tests/setup/database'
import type { DB } from '../db.server'
import { seedDemo } from './demo.server'

const publicDir = fileURLToPath(new URL('../../../public/', import.meta.url))

describe('seedDemo', () => {
  let db: DB
  let cleanup: () => Promise<void>

  beforeEach(async () => {
    const testDatabase = await createTestDatabase()
    db = testDatabase.db
    cleanup = testDatabase.cleanup
  })

  afterEach(async () => {
    await cleanup()
  })

  test('fills an empty shop with the demo farm', async () => {
    expect(await seedDemo(db)).toEqual({ seeded: true })

    const products = await db.selectFrom('products').selectAll().execute()
    expect(products.length).toBeGreaterThanOrEqual(16)
    expect(new Set(products.map((p) => p.category)).size).toBeGreaterThanOrEqual(4)
    for (const p of products) {
      expect(Number.isInteger(p.price_cents)).toBe(true)
      expect(p.unit).not.toBe('')
    }

    const variants = await db.selectFrom('product_variants').selectAll().execute()
    const pricesByProduct = new Map<string, Set<number>>()
    for (const v of variants) {
      const prices = pricesByProduct.get(v.product_id) ?? new Set<number>()
      prices.add(v.price_cents)
      pricesByProduct.set(v.product_id, prices)
    }
    const withPricedVariants = [...pricesByProduct.values()].filter((prices) => prices.size >= 2)
    expect(withPricedVariants.length).toBeGreaterThanOrEqual(2)

    const soldOut = products.filter((p) => p.stock_quantity === 0)
    expect(soldOut.length).toBeGreaterThanOrEqual(1)
    for (const p of soldOut) {
      expect(p.next_available_date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(p.expected_quantity).toBeGreaterThan(0)
    }
    expect(products.some((p) => p.stock_quantity >= 1 && p.stock_quantity <= 4)).toBe(true)

    const members = await db.selectFrom('team_members').selectAll().execute()
    expect(members.filter((m) => m.is_active === true).length).toBeGreaterThanOrEqual(3)
    expect(members.filter((m) => m.is_active === false)).toHaveLength(1)

    const farm = await db
      .selectFrom('farm_info')
      .selectAll()
      .where('id', '=', 1)
      .executeTakeFirstOrThrow()
    expect(farm.name).not.toBe('Our Farm')
    expect(farm.opening_hours).toBe('Mo-Sa 09:00-17:00')

    const gallery = await db.selectFrom('farm_images').selectAll().execute()
    expect(gallery.length).toBeGreaterThan(0)
  })

  test('a second run leaves the shop as it is', async () => {
    await seedDemo(db)
    const count = async () => {
      const row = await db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      return Number(row.n)
    }
    const before = await count()

    expect(await seedDemo(db)).toEqual({ seeded: false })
    expect(await count()).toBe(before)
  })

  test('every image it refers to ships in public/', async () => {
    await seedDemo(db)
    const farm = await db
      .selectFrom('farm_info')
      .select([
        'logo_image_url',
        'hero_image_url',
        'story_image_url',
        'about_hero_image_url',
        'about_practices_image_url',
        'grass_fed_hero_image_url',
        'grass_fed_story_image_url',
      ])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow()
    const products = await db.selectFrom('products').select('image_url').execute()
    const members = await db.selectFrom('team_members').select('image_url').execute()
    const gallery = await db.selectFrom('farm_images').select('image_url').execute()

    const urls = [
      ...Object.values(farm),
      ...products.map((p) => p.image_url),
      ...members.map((m) => m.image_url),
      ...gallery.map((g) => g.image_url),
    ]
    expect(urls.length).toBeGreaterThan(0)
    for (const url of urls) {
      expect(url).toMatch(/^\/images\/demo\/[a-z0-9-]+\.svg$/)
      expect(existsSync(`${publicDir}${url?.slice(1)}`), url ?? 'missing url').toBe(true)
    }
  })
})
