import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  createCustomer,
  createProduct,
  createVariant,
  createWaitingListEntry,
} from '~/seed/factories.server'
import { createTestDatabase, type TestDatabase } from '../../tests/setup/database'
import { cancelWaitingListEntry, listWaitingListEntries } from './waiting-list.server'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(async () => {
  await t?.cleanup()
})

test("lists the customer's waiting entries with product and variant names", async () => {
  const { id: ann } = await createCustomer(t.db)
  const { id: bob } = await createCustomer(t.db)
  const beef = await createProduct(t.db, { name: 'Ribeye Steak' })
  const eggs = await createProduct(t.db, { name: 'Eggs' })
  const dozen = await createVariant(t.db, eggs.id, { name: 'Dozen' })

  const { id: steak } = await createWaitingListEntry(t.db, ann, beef.id, {
    quantity: 2,
    created_at: new Date('2026-03-01T10:00:00.000Z'),
  })
  const { id: eggEntry } = await createWaitingListEntry(t.db, ann, eggs.id, {
    product_variant_id: dozen.id,
    quantity: 3,
    created_at: new Date('2026-03-05T10:00:00.000Z'),
  })
  await createWaitingListEntry(t.db, ann, eggs.id, {
    status: 'notified',
    created_at: new Date('2026-02-01T00:00:00Z'),
  })
  await createWaitingListEntry(t.db, ann, beef.id, {
    status: 'cancelled',
    created_at: new Date('2026-02-01T00:00:00Z'),
  })
  await createWaitingListEntry(t.db, bob, beef.id, { created_at: new Date('2026-03-02T00:00:00Z') })

  expect(await listWaitingListEntries(t.db, ann)).toEqual([
    {
      id: eggEntry,
      product_id: eggs.id,
      product_name: 'Eggs',
      variant_name: 'Dozen',
      quantity: 3,
      created_at: new Date('2026-03-05T10:00:00.000Z'),
    },
    {
      id: steak,
      product_id: beef.id,
      product_name: 'Ribeye Steak',
      variant_name: null,
      quantity: 2,
      created_at: new Date('2026-03-01T10:00:00.000Z'),
    },
  ])
  expect(await listWaitingListEntries(t.db, (await createCustomer(t.db)).id)).toEqual([])
})

test('cancelling is scoped to the customer and to entries still waiting', async () => {
  const { id: ann } = await createCustomer(t.db)
  const { id: bob } = await createCustomer(t.db)
  const beef = await createProduct(t.db)
  const { id: annsEntry } = await createWaitingListEntry(t.db, ann, beef.id, {
    created_at: new Date(),
  })
  const { id: notified } = await createWaitingListEntry(t.db, ann, beef.id, {
    status: 'notified',
    created_at: new Date(),
  })

  expect(await cancelWaitingListEntry(t.db, bob, annsEntry)).toBe(false)
  expect(await listWaitingListEntries(t.db, ann)).toHaveLength(1)

  expect(await cancelWaitingListEntry(t.db, ann, annsEntry)).toBe(true)
  expect(await listWaitingListEntries(t.db, ann)).toEqual([])
  expect(await cancelWaitingListEntry(t.db, ann, annsEntry)).toBe(false)
  expect(await cancelWaitingListEntry(t.db, ann, notified)).toBe(false)

  const statuses = await t.db
    .selectFrom('waiting_list')
    .select(['id', 'status'])
    .where('customer_id', '=', ann)
    .orderBy('status')
    .execute()
  expect(statuses).toEqual([
    { id: annsEntry, status: 'cancelled' },
    { id: notified, status: 'notified' },
  ])
})
