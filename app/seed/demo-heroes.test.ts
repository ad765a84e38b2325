import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { sha256Hex } from '~/platform/images/demo-images.server'
import { demoFarmInfo } from './demo-data'

// Issue 22 item 5: each page its own picture, no repeats by default.

const BANNERS = [
  'hero_image_url',
  'about_hero_image_url',
  'grass_fed_hero_image_url',
  'contact_hero_image_url',
  'shop_hero_image_url',
] as const

test('every page banner of the demo farm is its own file, with its own picture in it', () => {
  const urls = BANNERS.map((column) => demoFarmInfo[column])
  for (const url of urls) expect(url).toMatch(/^\/images\/demo\/[a-z-]+-hero\.svg$/)
  expect(new Set(urls).size).toBe(BANNERS.length)

  const files = urls.map((url) => readFileSync(path.join('public', String(url))))
  expect(new Set(files.map((bytes) => sha256Hex(bytes))).size).toBe(BANNERS.length)
  // Each scene says what it shows, differently (its <title> is its description).
  const titles = files.map((bytes) => /<title>([^<]+)<\/title>/.exec(bytes.toString())?.[1])
  expect(titles.every(Boolean)).toBe(true)
  expect(new Set(titles).size).toBe(BANNERS.length)
})
