import { afterAll, beforeAll, expect, test } from 'vitest'
import { createCustomer } from '~/seed/factories.server'
import { createTestApp } from '../../../tests/setup/app'
import type { TestDatabase } from '../../../tests/setup/database'
import { DEFAULT_POLICIES } from '../policies'
import { getPolicyPage } from '../policies.server'
import { getPolicyForAdmin, savePolicy } from './policies.server'

let t: TestDatabase
let adminId: string
beforeAll(async () => {
  t = await createTestApp()
  adminId = (await createCustomer(t.db, { first_name: 'Ruth', last_name: 'H', is_admin: true })).id
})
afterAll(async () => {
  await t?.cleanup()
})

test('a fresh shop shows the default text, filled in with the farm’s details', async () => {
  const page = await getPolicyPage(t.db, 'refunds')
  const farm = await t.db.selectFrom('farm_info').select(['name']).executeTakeFirstOrThrow()
  expect(page.title).toBe('Refunds')
  expect(page.updatedAt).toBeNull()
  expect(JSON.stringify(page.blocks)).toContain(farm.name)
  expect(await getPolicyForAdmin(t.db, 'refunds')).toMatchObject({ edited: false })
})

test('the farm’s own text replaces the default, audited; the default text again removes it', async () => {
  await savePolicy(t.db, adminId, 'terms', '## Our terms\nBe kind to {farm}.')
  const page = await getPolicyPage(t.db, 'terms')
  expect(page.blocks[0]).toEqual({ kind: 'heading', text: 'Our terms' })
  expect(page.blocks[1]?.kind).toBe('paragraph')
  expect(page.updatedAt).toBeInstanceOf(Date)

  await savePolicy(t.db, adminId, 'terms', DEFAULT_POLICIES.terms)
  expect(await getPolicyForAdmin(t.db, 'terms')).toMatchObject({ edited: false })
  const rows = await t.db.selectFrom('policies').selectAll().where('slug', '=', 'terms').execute()
  expect(rows).toHaveLength(0)
  const audit = await t.db
    .selectFrom('audit_log')
    .select('action')
    .where('entity_type', '=', 'policy')
    .orderBy('created_at')
    .execute()
  expect(audit.map((row) => row.action)).toEqual(['policy.update', 'policy.reset'])
})
