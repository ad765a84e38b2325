import { sql } from 'kysely'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { changeAdminRights, setAdmin } from '~/auth/admins.server'
import { pageRequest } from '~/platform/admin/pagination'
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/database'
import { getCustomerDetail, listCustomers } from './customers.server'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(async () => {
  await t?.cleanup()
})
beforeEach(async () => {
  await t.db.deleteFrom('audit_log').execute()
  await t.db.deleteFrom('orders').execute()
  await t.db.deleteFrom('addresses').execute()
  await t.db.deleteFrom('customers').execute()
})

let minute = 0
async function customer(first: string, last: string, email: string, isAdmin = false) {
  const id = crypto.randomUUID()
  await t.db
    .insertInto('customers')
    .values({
      id,
      name: `${first} ${last}`,
      email,
      first_name: first,
      last_name: last,
      is_admin: isAdmin,
      // Distinct times, so "newest first" has one answer.
      created_at: new Date(Date.UTC(2026, 0, 1, 0, ++minute)),
    })
    .execute()
  return id
}

let orderNumber = 1000
async function order(customerId: string, totalCents = 1500) {
  const id = crypto.randomUUID()
  await t.db
    .insertInto('orders')
    .values({
      id,
      order_number: ++orderNumber,
      customer_id: customerId,
      idempotency_key: id,
      status: 'paid',
      email: 'x@example.com',
      phone: '208-555-0100',
      subtotal_cents: totalCents,
      discount_cents: 0,
      shipping_cents: 0,
      tax_cents: 0,
      total_cents: totalCents,
      tax_rate_basis_points: 0,
      shipping_method: 'pickup',
      ship_first_name: 'A',
      ship_last_name: 'B',
      ship_street: '1 Farm Rd',
      ship_city: 'Boise',
      ship_state: 'ID',
      ship_zip_code: '83702',
      payment_method: 'offline',
      payment_status: 'pending',
    })
    .execute()
  return id
}

const page = (query = '') => pageRequest(new URL(`http://x/admin/customers${query}`))

describe('listCustomers', () => {
  test('searches name and email in either case, counts orders per customer, newest first', async () => {
    const ann = await customer('Ann', 'Lee', 'ann@example.com')
    const bob = await customer('Bob', 'Stone', 'bob@farm.example', true)
    await customer('Cara', 'Lee', 'cara@example.com')
    await order(ann)
    await order(ann)
    await order(bob)

    const all = await listCustomers(t.db, { search: '', page: page() })
    expect(all.info.total).toBe(3)
    expect(all.customers.map((c) => [c.email, c.order_count, c.is_admin])).toEqual([
      ['cara@example.com', 0, false],
      ['bob@farm.example', 1, true],
      ['ann@example.com', 2, false],
    ])

    const lee = await listCustomers(t.db, { search: 'LEE', page: page() })
    expect(lee.customers.map((c) => c.first_name)).toEqual(['Cara', 'Ann'])
    const full = await listCustomers(t.db, { search: 'ann lee', page: page() })
    expect(full.customers.map((c) => c.id)).toEqual([ann])
    const email = await listCustomers(t.db, { search: 'FARM.EXAMPLE', page: page() })
    expect(email.customers.map((c) => c.id)).toEqual([bob])
    // LIKE wildcards are taken literally.
    expect((await listCustomers(t.db, { search: '%', page: page() })).info.total).toBe(0)
  })

  test('the search index follows new, renamed, re-addressed and deleted customers', async () => {
    const ids = async (search: string) =>
      (await listCustomers(t.db, { search, page: page() })).customers.map((c) => c.id)
    const dee = await customer('Dee', 'Halvorsen', 'dee@example.com')
    expect(await ids('HALVOR')).toEqual([dee])
    await t.db
      .updateTable('customers')
      .set({ name: 'Dee Marsh', last_name: 'Marsh' })
      .where('id', '=', dee)
      .execute()
    expect(await ids('halvor')).toEqual([])
    expect(await ids('dee mar')).toEqual([dee])
    await t.db
      .updateTable('customers')
      .set({ email: 'dee@marsh.example' })
      .where('id', '=', dee)
      .execute()
    expect(await ids('dee@example')).toEqual([])
    expect(await ids('marsh.exa')).toEqual([dee])
    await t.db.deleteFrom('customers').where('id', '=', dee).execute()
    expect(await ids('marsh')).toEqual([])
    if (t.dialect === 'sqlite') {
      // One row a customer, none left behind (the triggers of migration 0012).
      const { rows } = await sql<{
        id: string
      }>`select customer_id as id from customer_search`.execute(t.db)
      const customers = await t.db.selectFrom('customers').select('id').execute()
      expect(rows.map((row) => row.id).sort()).toEqual(customers.map((row) => row.id).sort())
    }
  })

  test('quotes, wildcards and one or two letters are plain text to the search', async () => {
    const ids = async (search: string) =>
      (await listCustomers(t.db, { search, page: page() })).customers.map((c) => c.id)
    const scout = await customer('Ann "Scout"', 'Lee', 'scout_lee@example.com')
    const pct = await customer('Bo', '100%', 'bo@example.com')
    expect(await ids('"scout"')).toEqual([scout])
    expect(await ids('scout" OR "a')).toEqual([])
    expect(await ids('t_l')).toEqual([scout])
    expect(await ids('0%')).toEqual([pct])
    expect(await ids('x%')).toEqual([])
    // Shorter than a trigram: answered without the index, with the same meaning.
    expect(await ids('E')).toEqual([pct, scout])
    expect(await ids('o 1')).toEqual([pct])
    expect(await ids('_')).toEqual([scout])
  })

  test('pages hold 25; a page past the end is empty but still counts', async () => {
    for (let i = 0; i < 27; i++) await customer('C', `N${i}`, `c${i}@example.com`)
    const first = await listCustomers(t.db, { search: '', page: page() })
    expect(first.customers).toHaveLength(25)
    expect(first.info).toMatchObject({ page: 1, pageCount: 2, total: 27 })
    const second = await listCustomers(t.db, { search: '', page: page('?page=2') })
    expect(second.customers.map((c) => c.email)).toEqual(['c1@example.com', 'c0@example.com'])
    const beyond = await listCustomers(t.db, { search: '', page: page('?page=9') })
    expect(beyond.customers).toEqual([])
    expect(beyond.info.total).toBe(27)
  })
})

describe('getCustomerDetail', () => {
  test('profile, orders, addresses and waiting list; null for an unknown id', async () => {
    const ann = await customer('Ann', 'Lee', 'ann@example.com')
    const orderId = await order(ann, 4200)
    await t.db
      .insertInto('addresses')
      .values({
        id: crypto.randomUUID(),
        customer_id: ann,
        first_name: 'Ann',
        last_name: 'Lee',
        street: '12 Barn Ln',
        city: 'Boise',
        state: 'ID',
        zip_code: '83702',
        is_default: true,
      })
      .execute()
    const productId = crypto.randomUUID()
    await t.db
      .insertInto('products')
      .values({
        id: productId,
        name: 'Duck Eggs',
        description: 'Big',
        category: 'Eggs',
        price_cents: 900,
        unit: 'dozen',
      })
      .execute()
    await t.db
      .insertInto('waiting_list')
      .values({ id: crypto.randomUUID(), customer_id: ann, product_id: productId, quantity: 2 })
      .execute()

    const detail = await getCustomerDetail(t.db, ann)
    expect(detail?.profile).toMatchObject({ email: 'ann@example.com', is_admin: false })
    expect(detail?.orders).toEqual([
      expect.objectContaining({ id: orderId, total_cents: 4200, status: 'paid' }),
    ])
    expect(detail?.addresses.map((a) => a.street)).toEqual(['12 Barn Ln'])
    expect(detail?.waitingList).toEqual([
      expect.objectContaining({ product_name: 'Duck Eggs', quantity: 2, status: 'waiting' }),
    ])
    expect(await getCustomerDetail(t.db, 'no-such-id')).toBeNull()
  })
})

describe('changeAdminRights', () => {
  test('grants and removes, audited with the admin who did it', async () => {
    const ruth = await customer('Ruth', 'H', 'ruth@example.com', true)
    const ann = await customer('Ann', 'Lee', 'ann@example.com')
    expect(await changeAdminRights(t.db, { customerId: ann, isAdmin: true, actorId: ruth })).toBe(
      'granted',
    )
    expect(await changeAdminRights(t.db, { customerId: ann, isAdmin: true, actorId: ruth })).toBe(
      'unchanged',
    )
    expect(await changeAdminRights(t.db, { customerId: ann, isAdmin: false, actorId: ruth })).toBe(
      'revoked',
    )
    const log = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'entity_type', 'entity_id', 'details'])
      .orderBy('created_at')
      .execute()
    // Sorted by action: rows written in the same millisecond have no order of their own.
    log.sort((a, b) => a.action.localeCompare(b.action))
    expect(log.map((row) => [row.actor_id, row.action, row.entity_id])).toEqual([
      [ruth, 'admin.grant', ann],
      [ruth, 'admin.revoke', ann],
    ])
    expect(JSON.parse(log[0]?.details ?? '')).toEqual({
      before: { email: 'ann@example.com', is_admin: false },
      after: { email: 'ann@example.com', is_admin: true },
    })
    const row = await t.db
      .selectFrom('customers')
      .select('is_admin')
      .where('id', '=', ann)
      .executeTakeFirstOrThrow()
    expect(row.is_admin).toBe(false)
  })

  test('refuses to remove the last admin, from the page and from the shell', async () => {
    const ruth = await customer('Ruth', 'H', 'ruth@example.com', true)
    const ann = await customer('Ann', 'Lee', 'ann@example.com')
    expect(await changeAdminRights(t.db, { customerId: ruth, isAdmin: false, actorId: null })).toBe(
      'last_admin',
    )
    expect(await setAdmin(t.db, 'RUTH@example.com', false)).toBe('last_admin')
    expect(await changeAdminRights(t.db, { customerId: ruth, isAdmin: false, actorId: ann })).toBe(
      'last_admin',
    )
    const admins = await t.db
      .selectFrom('customers')
      .select('id')
      .where('is_admin', '=', true)
      .execute()
    expect(admins.map((a) => a.id)).toEqual([ruth])
    expect(await t.db.selectFrom('audit_log').select('id').execute()).toEqual([])
  })

  test('an admin cannot remove their own rights, even with another admin left', async () => {
    const ruth = await customer('Ruth', 'H', 'ruth@example.com', true)
    const sam = await customer('Sam', 'H', 'sam@example.com', true)
    expect(await changeAdminRights(t.db, { customerId: ruth, isAdmin: false, actorId: ruth })).toBe(
      'self',
    )
    // Another admin may, and so may the operator's shell.
    expect(await changeAdminRights(t.db, { customerId: ruth, isAdmin: false, actorId: sam })).toBe(
      'revoked',
    )
    expect(
      await changeAdminRights(t.db, { customerId: 'nobody', isAdmin: true, actorId: sam }),
    ).toBe('not_found')
  })
})
