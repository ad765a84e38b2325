import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { pageRequest } from '~/platform/admin/pagination'
import { createTestDatabase, type TestDatabase } from '../../tests/setup/database'
import { listActivity, OPERATOR, readableDetails } from './activity.server'

let t: TestDatabase
let ruth: string
let ann: string
beforeAll(async () => {
  t = await createTestDatabase()
  ruth = crypto.randomUUID()
  ann = crypto.randomUUID()
  await t.db
    .insertInto('customers')
    .values([
      {
        id: ruth,
        name: 'Ruth H',
        email: 'ruth@example.com',
        first_name: 'Ruth',
        last_name: 'H',
        is_admin: true,
      },
      {
        id: ann,
        name: 'Ann Lee',
        email: 'ann@example.com',
        first_name: 'Ann',
        last_name: 'Lee',
        is_admin: false,
      },
    ])
    .execute()
})
afterAll(async () => {
  await t?.cleanup()
})
beforeEach(async () => {
  await t.db.deleteFrom('audit_log').execute()
})

let minute = 0
async function entry(
  actorId: string | null,
  action: string,
  entityType: string,
  entityId: string | null,
  details: string | null = null,
) {
  await t.db
    .insertInto('audit_log')
    .values({
      id: crypto.randomUUID(),
      actor_id: actorId,
      action,
      entity_type: entityType,
      entity_id: entityId,
      details,
      created_at: new Date(Date.UTC(2026, 0, 1, 0, ++minute)),
    })
    .execute()
}

const page = (query = '') => pageRequest(new URL(`http://x/admin/activity${query}`))
const noFilter = { entityType: '', actor: '', action: '' }

describe('listActivity', () => {
  test('newest first, with who, a link and a name for the changed thing', async () => {
    await entry(
      null,
      'admin.create',
      'customer',
      ruth,
      '{"before":null,"after":{"email":"ruth@example.com","is_admin":true}}',
    )
    await entry(
      ruth,
      'admin.grant',
      'customer',
      ann,
      JSON.stringify({
        before: { email: 'ann@example.com', is_admin: false },
        after: { email: 'ann@example.com', is_admin: true },
      }),
    )
    await entry(ruth, 'settings.update', 'settings', '1', 'tax rate changed')
    const { rows, info, entityTypes, actors } = await listActivity(t.db, {
      filter: noFilter,
      page: page(),
    })
    expect(info.total).toBe(3)
    expect(rows.map((row) => row.action)).toEqual([
      'settings.update',
      'admin.grant',
      'admin.create',
    ])
    expect(rows[0]).toMatchObject({
      actor: { id: ruth, name: 'Ruth H', email: 'ruth@example.com' },
      entityHref: null,
      details: { kind: 'text', text: 'tax rate changed' },
    })
    expect(rows[1]).toMatchObject({
      entityLabel: 'ann@example.com',
      entityHref: `/admin/customers/${ann}`,
      details: { kind: 'changes', lines: [{ field: 'is_admin', before: 'no', after: 'yes' }] },
    })
    expect(rows[2]?.actor).toBeNull()
    expect(rows[2]?.details).toEqual({
      kind: 'changes',
      lines: [
        { field: 'email', before: null, after: 'ruth@example.com' },
        { field: 'is_admin', before: null, after: 'yes' },
      ],
    })
    expect(entityTypes).toEqual(['customer', 'settings'])
    expect(actors).toEqual([{ id: ruth, label: 'Ruth H (ruth@example.com)' }])
  })

  test('filters by what, by who (or the operator) and by action text', async () => {
    await entry(null, 'admin.create', 'customer', ruth)
    await entry(ruth, 'admin.grant', 'customer', ann)
    await entry(ruth, 'message.archived', 'message', 'm1')
    const actions = async (filter: Partial<typeof noFilter>) =>
      (await listActivity(t.db, { filter: { ...noFilter, ...filter }, page: page() })).rows.map(
        (row) => row.action,
      )
    expect(await actions({ entityType: 'message' })).toEqual(['message.archived'])
    expect(await actions({ actor: OPERATOR })).toEqual(['admin.create'])
    expect(await actions({ actor: ruth })).toEqual(['message.archived', 'admin.grant'])
    expect(await actions({ action: 'GRANT' })).toEqual(['admin.grant'])
    expect(await actions({ actor: ruth, entityType: 'customer' })).toEqual(['admin.grant'])
    expect(await actions({ action: '%' })).toEqual([])
  })

  test('25 a page; a page past the end is empty', async () => {
    for (let i = 0; i < 26; i++) await entry(ruth, `product.update.${i}`, 'product', `p${i}`)
    const first = await listActivity(t.db, { filter: noFilter, page: page() })
    expect(first.rows).toHaveLength(25)
    expect(first.info).toMatchObject({ total: 26, pageCount: 2 })
    const second = await listActivity(t.db, { filter: noFilter, page: page('?page=2') })
    expect(second.rows.map((row) => row.action)).toEqual(['product.update.0'])
    expect(second.rows[0]?.entityHref).toBe('/admin/products/p0')
    expect((await listActivity(t.db, { filter: noFilter, page: page('?page=5') })).rows).toEqual([])
  })
})

describe('readableDetails', () => {
  test('changed fields only; removed things; plain text and odd JSON tolerated', () => {
    expect(
      readableDetails(
        JSON.stringify({
          before: { name: 'Eggs', price: 500 },
          after: { name: 'Eggs', price: 650 },
        }),
      ),
    ).toEqual({ kind: 'changes', lines: [{ field: 'price', before: '500', after: '650' }] })
    expect(readableDetails(JSON.stringify({ before: { code: 'FARM10' }, after: null }))).toEqual({
      kind: 'changes',
      lines: [{ field: 'code', before: 'FARM10', after: null }],
    })
    expect(
      readableDetails(JSON.stringify({ before: { tracking: null }, after: { tracking: '1Z9' } })),
    ).toEqual({ kind: 'changes', lines: [{ field: 'tracking', before: '(empty)', after: '1Z9' }] })
    expect(readableDetails('made by hand')).toEqual({ kind: 'text', text: 'made by hand' })
    expect(readableDetails('[1,2]')).toEqual({ kind: 'text', text: '[1,2]' })
    expect(readableDetails('{"before":"x","after":"y"}')).toEqual({
      kind: 'text',
      text: '{"before":"x","after":"y"}',
    })
    expect(readableDetails(null)).toBeNull()
  })
})
