import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  createCustomer,
  createPickupPlace,
  createProduct,
  createSubscription,
  createWindow,
} from '~/seed/factories.server'
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/database'
import { changeWindow } from './setup.server'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(async () => {
  await t?.cleanup()
})

test('a window subscribers get their boxes in is switched off, never deleted; others delete', async () => {
  const admin = await createCustomer(t.db, { is_admin: true })
  const place = await createPickupPlace(t.db)
  const owner = { kind: 'place' as const, id: place.id }
  const subscribed = await createWindow(t.db, { place_id: place.id })
  const spare = await createWindow(t.db, { place_id: place.id }, { weekday: 6 })
  const customer = await createCustomer(t.db)
  const product = await createProduct(t.db)
  await createSubscription(t.db, { customerId: customer.id, windowId: subscribed.id }, [
    { product_id: product.id },
  ])

  expect(await changeWindow(t.db, admin.id, owner, subscribed.id, 'delete-window')).toBe(
    'subscribed',
  )
  expect(await changeWindow(t.db, admin.id, owner, subscribed.id, 'toggle-window')).toBe('done')
  expect(await changeWindow(t.db, admin.id, owner, spare.id, 'delete-window')).toBe('done')
  const left = await t.db
    .selectFrom('fulfilment_windows')
    .select(['id', 'is_active'])
    .where('place_id', '=', place.id)
    .execute()
  expect(left.map((row) => [row.id, Boolean(row.is_active)])).toEqual([[subscribed.id, false]])
  expect(await changeWindow(t.db, admin.id, owner, spare.id, 'delete-window')).toBe('missing')
})
