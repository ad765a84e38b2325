import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { parseSubmission } from '~/platform/forms/conform'
import { createCustomer } from '~/seed/factories.server'
import { createTestApp } from '../../../tests/setup/app'
import type { TestDatabase } from '../../../tests/setup/database'
import { getFarmBasics } from '../farm.server'
import { DAYS } from '../opening-hours'
import { getFarmInfoForAdmin, updateFarmInfo } from './farm.server'
import { FARM_IMAGE_FIELDS, FarmInfoSchema } from './farm-form'

// Contact's and Shop's banners (issue 22 item 5): admin fields like the other banners, read by
// those pages through the layout's farm basics.

let t: TestDatabase
let adminId: string
beforeAll(async () => {
  t = await createTestApp()
  adminId = (await createCustomer(t.db, { first_name: 'Ruth', last_name: 'H', is_admin: true })).id
})
afterAll(async () => {
  await t?.cleanup()
})

async function png(): Promise<File> {
  const bytes = await sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: 250, g: 200, b: 80 } },
  })
    .png()
    .toBuffer()
  return new File([new Uint8Array(bytes)], 'banner.png', { type: 'image/png' })
}

/** The content form as the page sends it, from what is stored now, with some changes. */
async function farmForm(changes: Record<string, string | File>): Promise<FormData> {
  const farm = await getFarmInfoForAdmin(t.db)
  const form = new FormData()
  for (const [key, value] of Object.entries(farm)) {
    if (typeof value === 'string' && key !== 'opening_hours') form.set(key, value)
    if (value === true) form.set(key, 'on')
  }
  for (const day of DAYS) {
    form.set(`hours.${day}[0].opens`, '09:00')
    form.set(`hours.${day}[0].closes`, '17:00')
  }
  for (const [key, value] of Object.entries(changes)) form.set(key, value)
  return form
}

async function save(form: FormData) {
  const submission = parseSubmission(form, FarmInfoSchema)
  if (submission.status !== 'success') throw new Error('the form did not parse')
  return updateFarmInfo(t.db, adminId, submission.value, form)
}

describe('page banners', () => {
  test('the admin form offers Contact and Shop banners', () => {
    const labels = FARM_IMAGE_FIELDS.map((field) => field.label)
    expect(labels).toContain('Contact page banner')
    expect(labels).toContain('Shop page banner')
  })

  test('an uploaded banner is what the page reads next; "remove" takes it away', async () => {
    expect(await getFarmBasics(t.db)).toMatchObject({
      contact_hero_image_url: null,
      shop_hero_image_url: null,
    })
    expect(await save(await farmForm({ contact_hero_image_url: await png() }))).toEqual({
      ok: true,
    })
    const basics = await getFarmBasics(t.db)
    expect(basics.contact_hero_image_url).toMatch(
      /^\/images\/[0-9a-f-]{36}\.[0-9a-f]{8}\.\d+\.webp$/,
    )
    expect(basics.shop_hero_image_url).toBeNull()

    const audit = await t.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'farm_info.update')
      .executeTakeFirstOrThrow()
    expect(String(audit.details)).toContain(basics.contact_hero_image_url)

    await save(await farmForm({ shop_hero_image_url: await png() }))
    const both = await getFarmBasics(t.db)
    expect(both.shop_hero_image_url).toMatch(/^\/images\//)
    expect(both.contact_hero_image_url).toBe(basics.contact_hero_image_url)

    await save(await farmForm({ remove_contact_hero_image_url: 'on' }))
    expect(await getFarmBasics(t.db)).toMatchObject({
      contact_hero_image_url: null,
      shop_hero_image_url: both.shop_hero_image_url,
    })
  })
})
