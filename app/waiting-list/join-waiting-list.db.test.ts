import { afterAll, beforeAll, expect, test } from 'vitest'
import { limits, recordAttempt } from '~/platform/rate-limit.server'
import { createCustomer, createProduct, createVariant } from '~/seed/factories.server'
import { createTestDatabase, type TestDatabase } from '../../tests/setup/database'
import { joinWaitingList, listWaitingListEntries } from './waiting-list.server'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(async () => {
  await t?.cleanup()
})

const join = (customerId: string, productId: string, extra: Partial<JoinOptions> = {}) =>
  joinWaitingList(t.db, {
    customerId,
    productId,
    variantId: extra.variantId ?? null,
    quantity: extra.quantity ?? 1,
    notifyByEmail: extra.notifyByEmail ?? true,
  })

type JoinOptions = { variantId: string | null; quantity: number; notifyByEmail: boolean }

async function storedEntries(customerId: string) {
  return t.db
    .selectFrom('waiting_list')
    .select(['product_id', 'product_variant_id', 'quantity', 'notify_by_email', 'status'])
    .where('customer_id', '=', customerId)
    .orderBy('created_at')
    .orderBy('quantity')
    .execute()
}

test('joins an out-of-stock product, storing quantity and the notify flag', async () => {
  const { id: ann } = await createCustomer(t.db)
  const filet = await createProduct(t.db, { name: 'Filet Mignon', stock_quantity: 0 })
  const result = await join(ann, filet.id, { quantity: 3, notifyByEmail: false })
  expect(result).toEqual({ ok: true, id: expect.any(String) })
  expect(await storedEntries(ann)).toEqual([
    {
      product_id: filet.id,
      product_variant_id: null,
      quantity: 3,
      notify_by_email: false,
      status: 'waiting',
    },
  ])
  const listed = await listWaitingListEntries(t.db, ann)
  expect(listed.map((entry) => [entry.id, entry.product_name])).toEqual([
    [result.ok ? result.id : '', 'Filet Mignon'],
  ])
})

test('a second join for the same product is a duplicate; after cancelling it is allowed', async () => {
  const { id: ann } = await createCustomer(t.db)
  const { id: bob } = await createCustomer(t.db)
  const filet = await createProduct(t.db, { stock_quantity: 0 })
  const first = await join(ann, filet.id)
  expect(first.ok).toBe(true)
  expect(await join(ann, filet.id, { quantity: 5 })).toEqual({ ok: false, reason: 'duplicate' })
  // Another customer waits independently.
  expect((await join(bob, filet.id)).ok).toBe(true)

  await t.db
    .updateTable('waiting_list')
    .set({ status: 'notified' })
    .where('customer_id', '=', ann)
    .execute()
  expect((await join(ann, filet.id, { notifyByEmail: true })).ok).toBe(true)
  expect((await storedEntries(ann)).map((entry) => entry.status).sort()).toEqual([
    'notified',
    'waiting',
  ])
})

test('entries are per option: another option of the same product is not a duplicate', async () => {
  const { id: ann } = await createCustomer(t.db)
  const share = await createProduct(t.db, { name: 'Beef Share', stock_quantity: 0 })
  const half = await createVariant(t.db, share.id, { name: 'Half', stock_quantity: 0 })
  const whole = await createVariant(t.db, share.id, { name: 'Whole', stock_quantity: 0 })
  expect((await join(ann, share.id, { variantId: half.id })).ok).toBe(true)
  expect(await join(ann, share.id, { variantId: half.id })).toEqual({
    ok: false,
    reason: 'duplicate',
  })
  expect((await join(ann, share.id, { variantId: whole.id, quantity: 2 })).ok).toBe(true)
  const entries = await storedEntries(ann)
  expect(entries.map((entry) => [entry.product_variant_id, entry.quantity]).sort()).toEqual(
    [
      [half.id, 1],
      [whole.id, 2],
    ].sort(),
  )
})

test('refuses unknown, archived and in-stock products, and options of other products', async () => {
  const { id: ann } = await createCustomer(t.db)
  expect(await join(ann, 'no-such-product')).toEqual({ ok: false, reason: 'not-found' })

  const archived = await createProduct(t.db, { stock_quantity: 0, archived_at: new Date() })
  expect(await join(ann, archived.id)).toEqual({ ok: false, reason: 'not-found' })

  const ribeye = await createProduct(t.db, { stock_quantity: 4 })
  expect(await join(ann, ribeye.id)).toEqual({ ok: false, reason: 'in-stock' })

  // An unavailable product counts as out of stock, whatever its stock number says.
  const paused = await createProduct(t.db, { stock_quantity: 9, is_available: false })
  expect((await join(ann, paused.id)).ok).toBe(true)

  const eggs = await createProduct(t.db, { stock_quantity: 0 })
  const dozen = await createVariant(t.db, eggs.id, { stock_quantity: 12 })
  const soldOut = await createVariant(t.db, eggs.id, { stock_quantity: 0 })
  const hidden = await createVariant(t.db, eggs.id, { stock_quantity: 5, is_available: false })
  const other = await createVariant(t.db, ribeye.id, { stock_quantity: 0 })
  expect(await join(ann, eggs.id, { variantId: dozen.id })).toEqual({
    ok: false,
    reason: 'in-stock',
  })
  expect(await join(ann, eggs.id, { variantId: other.id })).toEqual({
    ok: false,
    reason: 'not-found',
  })
  // A product with options needs one named.
  expect(await join(ann, eggs.id)).toEqual({ ok: false, reason: 'not-found' })
  expect((await join(ann, eggs.id, { variantId: soldOut.id })).ok).toBe(true)
  expect((await join(ann, eggs.id, { variantId: hidden.id })).ok).toBe(true)
})

test('joins are rate-limited per customer', async () => {
  const { id: ann } = await createCustomer(t.db)
  const { id: bob } = await createCustomer(t.db)
  const filet = await createProduct(t.db, { stock_quantity: 0 })
  const limit = limits.waitingListByCustomer(ann)
  for (let i = 0; i < limit.max; i++) await recordAttempt(t.db, [limit])
  expect(await join(ann, filet.id)).toEqual({ ok: false, reason: 'rate-limited' })
  expect(await storedEntries(ann)).toEqual([])
  expect((await join(bob, filet.id)).ok).toBe(true)
})
