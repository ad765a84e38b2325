import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createProduct } from '~/seed/factories.server'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { IN_SEASON_LIMIT, listHomeProducts, listInSeasonProducts } from './in-season.server'
import { listFeaturedProducts } from './products.server'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
  // Named so their order is plain: A, B and C are the featured three.
  const rows = [
    { name: 'A Beef Box', season_months: '' },
    { name: 'B Spring Eggs', season_months: '3,4,5' },
    { name: 'C Cellar Box', season_months: '1,2,11,12' },
    { name: 'D Honey', season_months: '8,9,10,11' },
    { name: 'E Salad Box', season_months: '6,7,8' },
    { name: 'F Jam', season_months: '11' },
    { name: 'G Hidden Squash', season_months: '11', is_available: false },
    { name: 'H Old Pumpkins', season_months: '11', archived_at: new Date() },
    { name: 'I January Broth', season_months: '1' },
  ]
  for (const row of rows) await createProduct(t.db, row)
})
afterAll(async () => {
  await t?.cleanup()
})

const names = (cards: { name: string }[]) => cards.map((card) => card.name)

describe('listInSeasonProducts', () => {
  test("the month's products for sale, by name; unavailable and archived ones left out", async () => {
    expect(names(await listInSeasonProducts(t.db, 11))).toEqual([
      'C Cellar Box',
      'D Honey',
      'F Jam',
    ])
    expect(names(await listInSeasonProducts(t.db, 4))).toEqual(['B Spring Eggs'])
  })

  test('January is not November: 1 never matches 11 or 12', async () => {
    expect(names(await listInSeasonProducts(t.db, 1))).toEqual(['C Cellar Box', 'I January Broth'])
  })

  test('a product sold all year is never listed, and a quiet month lists nothing', async () => {
    const all = await Promise.all(
      Array.from({ length: 12 }, (_, index) => listInSeasonProducts(t.db, index + 1)),
    )
    expect(all.flat().map((card) => card.name)).not.toContain('A Beef Box')
    // Nothing here is in season in September besides the honey.
    expect(names(all[8] ?? [])).toEqual(['D Honey'])
  })

  test('at most the limit', async () => {
    expect(await listInSeasonProducts(t.db, 11, 2)).toHaveLength(2)
    expect(IN_SEASON_LIMIT).toBe(8)
  })

  test('a number that is not a month is refused before any query', () => {
    expect(() => listInSeasonProducts(t.db, 13)).toThrow(RangeError)
    expect(() => listInSeasonProducts(t.db, 0)).toThrow(RangeError)
  })
})

describe('listHomeProducts', () => {
  test("the featured three as listFeaturedProducts has them, and the month's others", async () => {
    const home = await listHomeProducts(t.db, 11)
    expect(home.featured).toEqual(await listFeaturedProducts(t.db))
    expect(names(home.featured)).toEqual(['A Beef Box', 'B Spring Eggs', 'C Cellar Box'])
    // C is in season too but already featured: no card twice on one page.
    expect(names(home.inSeason)).toEqual(['D Honey', 'F Jam'])
  })

  test('a month whose only products are featured has nothing more in season', async () => {
    const home = await listHomeProducts(t.db, 4)
    expect(names(home.featured)).toEqual(['A Beef Box', 'B Spring Eggs', 'C Cellar Box'])
    expect(home.inSeason).toEqual([])
  })
})
