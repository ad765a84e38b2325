import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { BEEF_CARD_LIMIT, listBeefProducts } from '~/catalog/beef-products.server'
import { getGrassFedBeefPage } from '~/catalog/grass-fed-beef.server'
import { seedDemo } from '~/seed/demo.server'
import { demoProducts, demoTeamMembers } from '~/seed/demo-data'
import { createProduct, createTeamMember } from '~/seed/factories.server'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { getAboutPage } from './about.server'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
  await seedDemo(t.db)
})
afterAll(async () => {
  await t?.cleanup()
})

describe('the About page', () => {
  test('active team members in display order, inactive ones left out', async () => {
    const { farm, team } = await getAboutPage(t.db)
    const expected = demoTeamMembers
      .filter((member) => member.is_active)
      .sort((a, b) => a.display_order - b.display_order)
      .map((member) => member.name)
    expect(team.map((member) => member.name)).toEqual(expected)
    expect(team.map((member) => member.name)).not.toContain('Luis Ortega')
    expect(Object.keys(team[0] ?? {}).sort()).toEqual(['bio', 'id', 'image_url', 'name', 'title'])
    expect(farm).toMatchObject({ show_team_section: true, team_title: 'Meet the Halvorsens' })
  })

  test('display order decides, not insertion', async () => {
    await createTeamMember(t.db, { name: 'Aaron First', display_order: 0, is_active: true })
    const { team } = await getAboutPage(t.db)
    expect(team[0]?.name).toBe('Aaron First')
    await t.db.deleteFrom('team_members').where('name', '=', 'Aaron First').execute()
  })

  test('a hidden team section loads no team', async () => {
    await t.db.updateTable('farm_info').set({ show_team_section: false }).execute()
    const { farm, team } = await getAboutPage(t.db)
    expect(farm.show_team_section).toBe(false)
    expect(team).toEqual([])
    await t.db.updateTable('farm_info').set({ show_team_section: true }).execute()
  })
})

describe('beef products', () => {
  test('"beef" in the name, category or description, any case, by name', async () => {
    const names = (await listBeefProducts(t.db)).map((product) => product.name)
    const expected = demoProducts
      .filter((product) => product.is_available)
      .filter((product) =>
        [product.name, product.category, product.description].some((text) =>
          text.toLowerCase().includes('beef'),
        ),
      )
      .map((product) => product.name)
      .sort()
    // Sorted here too: PostgreSQL's collation may order punctuation differently from JS.
    expect([...names].sort()).toEqual(expected)
    // By category only ("Beef Cuts"), by name only (in the Pantry), never the honey.
    expect(names).toContain('Short Ribs')
    expect(names).toContain('Peppered Beef Jerky')
    expect(names).not.toContain('Wildflower Honey')
  })

  test('upper case in the description counts; unavailable and archived products do not', async () => {
    await createProduct(t.db, {
      name: 'Smoked Tallow Candle',
      category: 'Pantry',
      description: 'Rendered from our GRASS-FED BEEF tallow.',
    })
    await createProduct(t.db, { name: 'Hidden Beef Roast', is_available: false })
    await createProduct(t.db, { name: 'Old Beef Sticks', archived_at: new Date() })
    const names = (await listBeefProducts(t.db)).map((product) => product.name)
    expect(names).toContain('Smoked Tallow Candle')
    expect(names).not.toContain('Hidden Beef Roast')
    expect(names).not.toContain('Old Beef Sticks')
  })

  test('past a shop page of beef, the landing page shows the first ones and says there are more', async () => {
    const before = await getGrassFedBeefPage(t.db)
    expect(before.moreProducts).toBe(false)
    for (let i = before.products.length; i <= BEEF_CARD_LIMIT; i++) {
      await createProduct(t.db, { name: `Beef Stick ${String(i).padStart(2, '0')}` })
    }
    const after = await getGrassFedBeefPage(t.db)
    expect(after.products).toHaveLength(BEEF_CARD_LIMIT)
    expect(after.moreProducts).toBe(true)
    await t.db.deleteFrom('products').where('name', 'like', 'Beef Stick %').execute()
  })

  test('the landing page has its images and products', async () => {
    const page = await getGrassFedBeefPage(t.db)
    expect(page.images.grass_fed_hero_image_url).toMatch(/grass-fed-hero/)
    expect(page.products.length).toBeGreaterThan(5)
  })
})
