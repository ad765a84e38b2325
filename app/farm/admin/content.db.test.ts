import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { parseSubmission } from '~/platform/forms/conform'
import { createCustomer, createFarmImage, createTeamMember } from '~/seed/factories.server'
import { createTestApp } from '../../../tests/setup/app'
import type { TestDatabase } from '../../../tests/setup/database'
import { getAboutPage } from '../about.server'
import { getFarmBasics, getHomeContent } from '../farm.server'
import { DAYS } from '../opening-hours'
import { getFarmInfoForAdmin, updateFarmInfo } from './farm.server'
import { FarmInfoSchema, GalleryActionSchema, TeamActionSchema } from './farm-form'
import { changeGallery, listGalleryForAdmin } from './gallery.server'
import { changeTeam, listTeamForAdmin } from './team.server'

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
    create: { width: 40, height: 30, channels: 3, background: { r: 40, g: 120, b: 60 } },
  })
    .png()
    .toBuffer()
  return new File([new Uint8Array(bytes)], 'photo.png', { type: 'image/png' })
}

function formData(values: Record<string, string | File>): FormData {
  const form = new FormData()
  for (const [key, value] of Object.entries(values)) form.set(key, value)
  return form
}

async function auditActions(entityType: string) {
  const rows = await t.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'details'])
    .where('entity_type', '=', entityType)
    .orderBy('created_at')
    .execute()
  return rows
}

/** The content form as the page sends it, from what is stored now, with some changes. */
async function farmForm(changes: Record<string, string | undefined>) {
  const farm = await getFarmInfoForAdmin(t.db)
  const values: Record<string, string> = {}
  for (const [key, value] of Object.entries(farm)) {
    if (typeof value === 'string') values[key] = value
    if (value === true) values[key] = 'on'
  }
  delete values.opening_hours
  for (const day of DAYS) {
    if (day === 'Su') continue
    values[`hours.${day}[0].opens`] = '09:00'
    values[`hours.${day}[0].closes`] = '17:00'
  }
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete values[key]
    else values[key] = value
  }
  return values
}

describe('farm information', () => {
  test('a save is what the public pages read on the next request, with an audit entry', async () => {
    const values = await farmForm({
      name: 'Halvorsen Family Farm',
      story: 'First paragraph.\n\nSecond paragraph.',
      show_team_section: undefined,
      'hours.Sa[0].opens': '10:00',
      'hours.Sa[0].closes': '14:00',
      facebook_url: 'https://www.facebook.com/halvorsenfarm',
    })
    const form = formData({ ...values, hero_image_url: await png() })
    const parsed = parseSubmission(form, FarmInfoSchema)
    if (parsed.status !== 'success') throw new Error(JSON.stringify(parsed.error))
    expect(parsed.value.opening_hours).toBe('Mo-Fr 09:00-17:00, Sa 10:00-14:00')
    expect(await updateFarmInfo(t.db, adminId, parsed.value, form)).toEqual({ ok: true })

    expect(await getFarmBasics(t.db)).toMatchObject({
      name: 'Halvorsen Family Farm',
      opening_hours: 'Mo-Fr 09:00-17:00, Sa 10:00-14:00',
      facebook_url: 'https://www.facebook.com/halvorsenfarm',
    })
    const home = await getHomeContent(t.db)
    expect(home.story).toBe('First paragraph.\n\nSecond paragraph.')
    expect(home.hero_image_url).toMatch(/^\/images\/[0-9a-f-]{36}\.[0-9a-f]{8}\.\d+\.webp$/)
    const about = await getAboutPage(t.db)
    expect(about.farm.show_team_section).toBe(false)
    expect(about.team).toEqual([])

    const [entry] = await auditActions('farm_info')
    expect(entry?.action).toBe('farm_info.update')
    expect(entry?.actor_id).toBe(adminId)
    const details = JSON.parse(entry?.details ?? '{}')
    expect(details.before.name).toBe('Our Farm')
    expect(details.after.name).toBe('Halvorsen Family Farm')
    expect(details.after.hero_image_url).toBe(home.hero_image_url)
    // Only what changed; never image bytes.
    expect(Object.keys(details.after)).not.toContain('mission')
    expect(entry?.details?.length).toBeLessThan(2000)
  })

  test('a picture that is not an image is a message next to its field, and nothing is saved', async () => {
    const before = await getFarmInfoForAdmin(t.db)
    const values = await farmForm({ name: 'Should Not Stick' })
    const form = formData({
      ...values,
      logo_image_url: new File(['not an image'], 'logo.png', { type: 'image/png' }),
    })
    const parsed = parseSubmission(form, FarmInfoSchema)
    if (parsed.status !== 'success') throw new Error('the form should parse')
    const result = await updateFarmInfo(t.db, adminId, parsed.value, form)
    expect(result).toMatchObject({ ok: false, fieldErrors: { logo_image_url: expect.any(String) } })
    expect((await getFarmInfoForAdmin(t.db)).name).toBe(before.name)
  })

  test('the "remove" box takes a picture away', async () => {
    const form = formData(await farmForm({ remove_hero_image_url: 'on' }))
    const parsed = parseSubmission(form, FarmInfoSchema)
    if (parsed.status !== 'success') throw new Error('the form should parse')
    await updateFarmInfo(t.db, adminId, parsed.value, form)
    expect((await getHomeContent(t.db)).hero_image_url).toBeNull()
  })

  test('bad input: http links, closing before opening, missing titles', () => {
    const result = parseSubmission(
      formData({
        name: ' ',
        description: 'd',
        story: 's',
        mission: 'm',
        contact_email: 'not-an-email',
        address: 'a',
        facebook_url: 'http://facebook.com/farm',
        instagram_url: 'javascript:alert(1)',
        'hours.Mo[0].opens': '17:00',
        'hours.Mo[0].closes': '09:00',
        'hours.Tu[0].opens': '',
        'hours.We[0].opens': '08:00',
        'hours.We[0].closes': '12:00',
        'hours.We[1].opens': '11:00',
        'hours.We[1].closes': '17:00',
        values_title: 'v',
        practices_title: 'p',
        team_title: 't',
        visit_title: '',
        visit_description: 'v',
      }),
      FarmInfoSchema,
    )
    expect(result.status).toBe('error')
    expect(result.reply().error).toEqual({
      name: ['Enter the farm name.'],
      contact_email: ['Enter a valid email address.'],
      facebook_url: ['The Facebook link must be a full link starting with https://'],
      'hours.Mo[0].closes': ['On Monday the closing time must be after the opening time.'],
      'hours.Tu[0].opens': ['Enter when the farm opens on Tuesday, like 09:00.'],
      'hours.We[1].opens': ['On Wednesday these hours overlap other hours of the day.'],
      instagram_url: ['The Instagram link must be a full link starting with https://'],
      visit_title: ['Enter the visit section title.'],
    })
  })

  test('opening hours are rows: two openings a day, a closed day, added and removed', () => {
    const values = {
      name: 'n',
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
      'hours.Mo[0].opens': '13:00',
      'hours.Mo[0].closes': '17:00',
      'hours.Mo[1].opens': '08:00',
      'hours.Mo[1].closes': '12:00',
      'hours.Tu[0].opens': '08:00',
      'hours.Tu[0].closes': '12:00',
      'hours.Tu[1].opens': '13:00',
      'hours.Tu[1].closes': '17:00',
      'hours.Th[0].opens': '10:00',
      'hours.Th[0].closes': '14:00',
    }
    const saved = parseSubmission(formData(values), FarmInfoSchema)
    if (saved.status !== 'success') throw new Error(JSON.stringify(saved.error))
    expect(saved.value.opening_hours).toBe('Mo-Tu 08:00-12:00, Mo-Tu 13:00-17:00, Th 10:00-14:00')

    // Without JavaScript, "Add hours" and "Remove" post Conform's intent: nothing is saved and
    // the reply carries the rows with the one added or taken away, and no complaint.
    const insert = parseSubmission(
      formData({
        ...values,
        __intent__: JSON.stringify({
          type: 'insert',
          payload: { name: 'hours.Sa', defaultValue: { opens: '09:00', closes: '17:00' } },
        }),
      }),
      FarmInfoSchema,
    )
    expect(insert.status).toBeUndefined()
    const inserted = insert.reply()
    expect(inserted.initialValue?.hours).toMatchObject({
      Sa: [{ opens: '09:00', closes: '17:00' }],
    })
    expect(inserted.error ?? {}).toEqual({})
    const remove = parseSubmission(
      formData({
        ...values,
        __intent__: JSON.stringify({ type: 'remove', payload: { name: 'hours.Mo', index: 0 } }),
      }),
      FarmInfoSchema,
    )
    expect(remove.status).toBeUndefined()
    expect(remove.reply().initialValue?.hours).toMatchObject({
      Mo: [{ opens: '08:00', closes: '12:00' }],
    })
  })
})

describe('team members', () => {
  async function team(action: Record<string, string | File>) {
    const form = formData(action)
    const parsed = parseSubmission(form, TeamActionSchema)
    if (parsed.status !== 'success') throw new Error(JSON.stringify(parsed.reply().error))
    return changeTeam(t.db, adminId, parsed.value, form)
  }
  const names = async () => (await listTeamForAdmin(t.db)).map((member) => member.name)

  test('add with a photo, edit, reorder, hide and remove; the About page follows', async () => {
    await t.db.updateTable('farm_info').set({ show_team_section: true }).execute()
    // Equal display orders, as a seed or an import may leave them: ties go by name.
    await createTeamMember(t.db, { name: 'Bea', display_order: 0 })
    await createTeamMember(t.db, { name: 'Abe', display_order: 0 })
    expect(await names()).toEqual(['Abe', 'Bea'])

    const added = await team({
      intent: 'create',
      name: 'Cal',
      title: 'Herdsman',
      bio: 'Moves the cows.',
      is_active: 'on',
      photo: await png(),
    })
    expect(added).toMatchObject({ ok: true, id: expect.any(String) })
    const calId = added.ok ? (added.id as string) : ''
    expect(await names()).toEqual(['Abe', 'Bea', 'Cal'])
    const about = await getAboutPage(t.db)
    expect(about.team.map((member) => member.name)).toEqual(['Abe', 'Bea', 'Cal'])
    expect(about.team[2]?.image_url).toMatch(/\.webp$/)

    expect(await team({ intent: 'move', id: calId, direction: 'up' })).toMatchObject({ ok: true })
    expect(await names()).toEqual(['Abe', 'Cal', 'Bea'])
    expect(await team({ intent: 'move', id: calId, direction: 'up' })).toMatchObject({ ok: true })
    // At the top already: nothing changes, and nothing goes wrong.
    expect(await team({ intent: 'move', id: calId, direction: 'up' })).toMatchObject({ ok: true })
    expect((await getAboutPage(t.db)).team.map((member) => member.name)).toEqual([
      'Cal',
      'Abe',
      'Bea',
    ])

    const photoBefore = (await listTeamForAdmin(t.db)).find((m) => m.id === calId)?.image_url
    expect(
      await team({
        intent: 'update',
        id: calId,
        name: 'Cal Halvorsen',
        title: 'Herdsman',
        bio: '',
        is_active: 'on',
      }),
    ).toMatchObject({ ok: true })
    const cal = (await listTeamForAdmin(t.db)).find((m) => m.id === calId)
    // An empty photo field keeps the photo; a blank bio is no bio.
    expect(cal).toMatchObject({ name: 'Cal Halvorsen', bio: null, image_url: photoBefore })

    await team({ intent: 'hide', id: calId })
    expect((await getAboutPage(t.db)).team.map((member) => member.name)).toEqual(['Abe', 'Bea'])
    await team({ intent: 'show', id: calId })
    expect((await getAboutPage(t.db)).team[0]?.name).toBe('Cal Halvorsen')

    expect(await team({ intent: 'remove', id: calId })).toMatchObject({ ok: true })
    expect(await names()).toEqual(['Abe', 'Bea'])
    expect(await team({ intent: 'remove', id: calId })).toMatchObject({ ok: false, status: 404 })
    expect(await team({ intent: 'move', id: 'nobody', direction: 'down' })).toMatchObject({
      ok: false,
      status: 404,
    })

    const actions = (await auditActions('team_member')).map((row) => row.action)
    expect(actions).toEqual([
      'team_member.create',
      'team_member.move',
      'team_member.move',
      'team_member.update',
      'team_member.hide',
      'team_member.show',
      'team_member.remove',
    ])
  })

  test("a file that is not a picture is the photo field's message and adds nobody", async () => {
    const before = await names()
    const result = await team({
      intent: 'create',
      name: 'Dee',
      title: 'Helper',
      photo: new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' }),
    })
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { photo: expect.any(String) },
    })
    expect(await names()).toEqual(before)
  })
})

describe('the picture gallery', () => {
  test('upload needs a picture and a description; reorder and remove', async () => {
    const first = await createFarmImage(t.db, { alt_text: 'First', display_order: 0 })
    const parse = (values: Record<string, string>) => {
      const parsed = parseSubmission(formData(values), GalleryActionSchema)
      if (parsed.status !== 'success') throw new Error(JSON.stringify(parsed.reply().error))
      return parsed.value
    }
    const noPicture = await changeGallery(
      t.db,
      adminId,
      parse({ intent: 'create', alt_text: 'Barn' }),
      new FormData(),
    )
    expect(noPicture).toMatchObject({
      ok: false,
      fieldErrors: { image: 'Choose a picture to upload.' },
    })
    const blank = parseSubmission(
      formData({ intent: 'create', alt_text: ' ' }),
      GalleryActionSchema,
    )
    expect(blank.reply().error).toMatchObject({
      alt_text: [expect.stringContaining('Enter the description')],
    })

    const added = await changeGallery(
      t.db,
      adminId,
      parse({ intent: 'create', alt_text: 'The red barn', caption: 'Built 1952' }),
      formData({ image: await png() }),
    )
    expect(added).toMatchObject({ ok: true })
    const secondId = added.ok ? (added.id as string) : ''
    expect((await listGalleryForAdmin(t.db)).map((image) => image.alt_text)).toEqual([
      'First',
      'The red barn',
    ])
    await changeGallery(
      t.db,
      adminId,
      parse({ intent: 'move', id: secondId, direction: 'up' }),
      new FormData(),
    )
    await changeGallery(
      t.db,
      adminId,
      parse({ intent: 'update', id: first.id, alt_text: 'Morning pasture', caption: '' }),
      new FormData(),
    )
    expect(await listGalleryForAdmin(t.db)).toMatchObject([
      { alt_text: 'The red barn', caption: 'Built 1952' },
      { alt_text: 'Morning pasture', caption: null },
    ])
    await changeGallery(t.db, adminId, parse({ intent: 'remove', id: first.id }), new FormData())
    expect((await listGalleryForAdmin(t.db)).map((image) => image.id)).toEqual([secondId])
    expect((await auditActions('farm_image')).map((row) => row.action)).toEqual([
      'farm_image.create',
      'farm_image.move',
      'farm_image.update',
      'farm_image.remove',
    ])
  })
})
