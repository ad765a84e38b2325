import { afterAll, beforeAll, expect, test } from 'vitest'
import { pageRequest } from '~/platform/admin/pagination'
import { createProduct, createVariant } from '~/seed/factories.server'
import { createTestApp } from '../../../tests/setup/app'
import type { TestDatabase } from '../../../tests/setup/database'
import {
  listWaitingGroup,
  listWaitingGroups,
  waitingGroupKey,
  waitingListFilter,
} from './waiting-list.server'
import { changeWaitingEntry, notifyGroupNow } from './waiting-list-changes.server'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

async function customer(name: string) {
  const id = crypto.randomUUID()
  await t.db
    .insertInto('customers')
    .values({ id, name, email: `${id}@example.com`, first_name: name, last_name: 'Z' })
    .execute()
  return id
}

// Entries list oldest first; each join is a second after the last, so two joins made in the
// same millisecond still have an order.
let joined = Date.parse('2026-11-01T12:00:00Z')

async function join(
  customerId: string,
  productId: string,
  quantity: number,
  options: { variantId?: string; notify?: boolean; status?: string } = {},
) {
  const id = crypto.randomUUID()
  joined += 1000
  await t.db
    .insertInto('waiting_list')
    .values({
      id,
      customer_id: customerId,
      product_id: productId,
      product_variant_id: options.variantId ?? null,
      quantity,
      notify_by_email: options.notify ?? true,
      status: options.status ?? 'waiting',
      created_at: new Date(joined),
    })
    .execute()
  return id
}

const list = (query = '') => {
  const url = new URL(`http://x/admin/waiting-list?${query}`)
  return listWaitingGroups(t.db, waitingListFilter(url), pageRequest(url))
}

test('groups by product and option, most wanted first, with totals and entries', async () => {
  const [ann, bob, cy] = [await customer('Ann'), await customer('Bob'), await customer('Cy')]
  const steak = await createProduct(t.db, { name: 'Steak', stock_quantity: 0 })
  const share = await createProduct(t.db, { name: 'Share', stock_quantity: 0 })
  const half = await createVariant(t.db, share.id, { name: 'Half', stock_quantity: 0 })
  const whole = await createVariant(t.db, share.id, { name: 'Whole', stock_quantity: 0 })
  await join(ann, steak.id, 2)
  await join(bob, steak.id, 3, { notify: false })
  await join(ann, share.id, 9, { variantId: half.id })
  await join(cy, share.id, 1, { variantId: whole.id })
  await join(cy, steak.id, 4, { status: 'cancelled' })

  const { groups, info } = await list()
  expect(info.total).toBe(3)
  expect(
    groups.map((g) => [g.productName, g.variantName, g.totalQuantity, g.customerCount, g.toNotify]),
  ).toEqual([
    ['Share', 'Half', 9, 1, 1],
    ['Steak', null, 5, 2, 1],
    ['Share', 'Whole', 1, 1, 1],
  ])
  expect(groups[1]?.entries.map((e) => [e.customer_name, e.quantity, e.notify_by_email])).toEqual([
    ['Ann', 2, true],
    ['Bob', 3, false],
  ])
  expect(groups[0]?.entries).toHaveLength(1)

  const removed = await list('status=removed')
  expect(removed.groups.map((g) => [g.productName, g.totalQuantity])).toEqual([['Steak', 4]])
  expect((await list('status=nonsense')).info.total).toBe(3)
})

test('notify now, fulfil and remove are audited and happen once', async () => {
  const admin = await customer('Admin')
  const dee = await customer('Dee')
  const product = await createProduct(t.db, { name: 'Lamb', stock_quantity: 0 })
  const entry = await join(dee, product.id, 1)
  const group = { productId: product.id, variantId: null }
  // Nothing free, nobody emailed (ADR 29); then one unit comes in.
  expect(await notifyGroupNow(t.db, admin, group)).toBe(0)
  await t.db
    .updateTable('products')
    .set({ stock_quantity: 1 })
    .where('id', '=', product.id)
    .execute()
  expect(await notifyGroupNow(t.db, admin, group)).toBe(1)
  expect(await notifyGroupNow(t.db, admin, group)).toBe(0)
  expect(await changeWaitingEntry(t.db, admin, entry, 'fulfilled')).toBe(true)
  // Served by the farm: the entry's live hold ends and its unit is free again.
  const hold = await t.db
    .selectFrom('stock_holds')
    .select('status')
    .where('waiting_list_id', '=', entry)
    .executeTakeFirstOrThrow()
  expect(hold.status).toBe('declined')
  const row = await t.db
    .selectFrom('products')
    .select('held_quantity')
    .where('id', '=', product.id)
    .executeTakeFirstOrThrow()
  expect(row.held_quantity).toBe(0)
  expect(await changeWaitingEntry(t.db, admin, entry, 'removed')).toBe(false)
  expect(await changeWaitingEntry(t.db, admin, crypto.randomUUID(), 'removed')).toBe(false)
  const actions = await t.db
    .selectFrom('audit_log')
    .select('action')
    .where('actor_id', '=', admin)
    .orderBy('created_at')
    .execute()
  expect(actions.map((a) => a.action)).toEqual(['waiting_list.notify', 'waiting_list.fulfil'])
  const mails = await t.db
    .selectFrom('email_outbox')
    .select('subject')
    .where('to_address', '=', `${dee}@example.com`)
    .execute()
  expect(mails).toEqual([{ subject: 'Reserved for you: Lamb' }])
})

test('the whole list shows the oldest 10 of a group; its own view pages through all of them', async () => {
  const honey = await createProduct(t.db, { name: 'Comb Honey', stock_quantity: 0 })
  const jar = await createVariant(t.db, honey.id, { name: 'Jar', stock_quantity: 0 })
  const people: string[] = []
  for (let i = 0; i < 12; i++) people.push(await customer(`Waiter ${i}`))
  for (const person of people) await join(person, honey.id, 1)
  // The product's option is a group of its own.
  await join(people[0] as string, honey.id, 1, { variantId: jar.id })

  const { groups } = await list()
  const plain = groups.find((g) => g.productId === honey.id && g.variantId === null)
  expect(plain?.entryCount).toBe(12)
  expect(plain?.customerCount).toBe(12)
  expect(plain?.entries.map((e) => e.customer_name)).toEqual(
    people.slice(0, 10).map((_, i) => `Waiter ${i}`),
  )
  const option = groups.find((g) => g.variantId === jar.id)
  expect([option?.entryCount, option?.entries.length]).toEqual([1, 1])

  const view = (query: string, pageSize = 5) => {
    const url = new URL(`http://x/admin/waiting-list?${query}`)
    const key = waitingGroupKey(url)
    if (!key) throw new Error(`no group in ${query}`)
    return listWaitingGroup(t.db, waitingListFilter(url), key, pageRequest(url, pageSize))
  }
  const third = await view(`product=${honey.id}&variant=&page=3`)
  expect(third.info).toEqual({ page: 3, pageCount: 3, total: 12, pageSize: 5 })
  expect(third.group?.entries.map((e) => [e.customer_name, e.email])).toEqual([
    ['Waiter 10', `${people[10]}@example.com`],
    ['Waiter 11', `${people[11]}@example.com`],
  ])
  expect(third.group?.totalQuantity).toBe(12)
  const ofOption = await view(`product=${honey.id}&variant=${jar.id}`)
  expect(ofOption.group?.entries.map((e) => e.customer_name)).toEqual(['Waiter 0'])
  expect(ofOption.group?.variantName).toBe('Jar')
  // Nobody in this filter, or no such group: nothing to show.
  expect((await view(`product=${honey.id}&variant=&status=fulfilled`)).group).toBeNull()
  expect((await view(`product=${crypto.randomUUID()}`)).group).toBeNull()
  expect(waitingGroupKey(new URL('http://x/admin/waiting-list?variant=x'))).toBeNull()
})

test('a group shows its held units, its live holds and who bought with an order', async () => {
  const admin = await customer('Admin')
  const ivy = await customer('Ivy')
  const jon = await customer('Jon')
  const product = await createProduct(t.db, { name: 'Oxtail', stock_quantity: 0 })
  await join(ivy, product.id, 1)
  await join(jon, product.id, 1)
  await t.db
    .updateTable('products')
    .set({ stock_quantity: 2 })
    .where('id', '=', product.id)
    .execute()
  expect(await notifyGroupNow(t.db, admin, { productId: product.id, variantId: null })).toBe(2)
  // Ivy's hold is bought by an order (as placeOrder records it).
  const ivyHold = await t.db
    .selectFrom('stock_holds as h')
    .innerJoin('waiting_list as w', 'w.id', 'h.waiting_list_id')
    .select('h.id')
    .where('w.customer_id', '=', ivy)
    .executeTakeFirstOrThrow()
  const orderId = crypto.randomUUID()
  await t.db
    .insertInto('orders')
    .values({
      id: orderId,
      order_number: 777_001,
      customer_id: ivy,
      idempotency_key: orderId,
      status: 'paid',
      email: `${ivy}@example.com`,
      phone: '555',
      subtotal_cents: 100,
      discount_cents: 0,
      shipping_cents: 0,
      tax_cents: 0,
      total_cents: 100,
      tax_rate_basis_points: 0,
      shipping_method: 'pickup',
      ship_first_name: 'Ivy',
      ship_last_name: 'Lee',
      ship_street: '',
      ship_city: '',
      ship_state: '',
      ship_zip_code: '',
      payment_method: 'offline',
      payment_status: 'paid',
    })
    .execute()
  await t.db
    .updateTable('stock_holds')
    .set({ status: 'claimed', order_id: orderId, settled_at: new Date() })
    .where('id', '=', ivyHold.id)
    .execute()
  await t.db
    .updateTable('products')
    .set({ held_quantity: 1 })
    .where('id', '=', product.id)
    .execute()

  const { group } = await listWaitingGroup(
    t.db,
    'notified',
    { productId: product.id, variantId: null },
    { page: 1, limit: 25, offset: 0 },
  )
  expect(group?.held).toBe(1)
  expect(group?.holds.map((h) => [h.customerName, h.status, h.quantity, h.orderNumber])).toEqual([
    ['Jon', 'held', 1, null],
    ['Ivy', 'claimed', 1, 777_001],
  ])
  const whole = await listWaitingGroups(t.db, 'waiting', { page: 1, limit: 10, offset: 0 })
  expect(whole.groups.find((g) => g.productId === product.id)).toBeUndefined()
})
