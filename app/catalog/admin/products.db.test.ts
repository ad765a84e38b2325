import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { pageRequest } from '~/platform/admin/pagination'
import { parseSubmission } from '~/platform/forms/conform'
import {
  createCustomer,
  createProduct,
  createVariant,
  createWaitingListEntry,
} from '~/seed/factories.server'
import { createTestApp } from '../../../tests/setup/app'
import type { TestDatabase } from '../../../tests/setup/database'
import { ProductSchema, productInput } from './product-form'
import {
  createAdminProduct,
  getAdminProduct,
  listAdminProducts,
  productListFilters,
  removeAdminVariant,
  setProductArchived,
  setProductStock,
  updateAdminProduct,
} from './products.server'

let t: TestDatabase
let adminId: string
beforeAll(async () => {
  t = await createTestApp()
  adminId = (await createCustomer(t.db)).id
})
afterAll(async () => {
  await t?.cleanup()
})

/** The product form as posted; option fields as `variants.0.name` here, for short. */
function formInput(values: Record<string, string>) {
  const form = new FormData()
  const all: Record<string, string> = {
    name: 'Duck Eggs',
    description: 'Rich and large.',
    category: 'Eggs',
    price: '9.50',
    unit: 'dozen',
    isAvailable: 'on',
    stock: '0',
    ...values,
  }
  for (const [name, value] of Object.entries(all)) {
    form.append(name.replace(/^variants\.(\d+)\./, 'variants[$1].'), value)
  }
  const submission = parseSubmission(form, ProductSchema)
  if (submission.status !== 'success') throw new Error(JSON.stringify(submission.error))
  return productInput(submission.value)
}

function auditOf(entityId: string) {
  return t.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'details'])
    .where('entity_id', '=', entityId)
    .orderBy('created_at')
    .execute()
}

/** A new customer's entry for the product (or one of its options); its id. */
async function waitFor(productId: string, variantId: string | null = null) {
  const { id: customer } = await createCustomer(t.db)
  const entry = await createWaitingListEntry(t.db, customer, productId, {
    product_variant_id: variantId,
  })
  return entry.id
}

const statusOf = async (entryId: string) =>
  (
    await t.db
      .selectFrom('waiting_list')
      .select('status')
      .where('id', '=', entryId)
      .executeTakeFirstOrThrow()
  ).status

describe('create and update', () => {
  test('creates a product with options; its stock is their sum; audited', async () => {
    const id = await createAdminProduct(
      t.db,
      adminId,
      formInput({
        category: '',
        newCategory: 'Poultry',
        stock: '99',
        'variants.0.name': 'Half Dozen',
        'variants.0.price': '5',
        'variants.0.stock': '4',
        'variants.0.available': 'on',
        'variants.1.name': 'Dozen',
        'variants.1.price': '$9.50',
        'variants.1.stock': '6',
        'variants.2.name': '',
        'variants.2.price': '',
        'variants.2.stock': '',
        'variants.2.available': 'on',
      }),
    )
    const product = await getAdminProduct(t.db, id)
    expect(product).toMatchObject({
      name: 'Duck Eggs',
      category: 'Poultry',
      price_cents: 950,
      stock_quantity: 10,
      is_available: true,
      archived_at: null,
    })
    expect(
      product?.variants.map((v) => [v.name, v.price_cents, v.stock_quantity, v.is_available]),
    ).toEqual([
      ['Half Dozen', 500, 4, true],
      ['Dozen', 950, 6, false],
    ])
    const [entry] = await auditOf(id)
    expect(entry?.action).toBe('product.create')
    expect(entry?.actor_id).toBe(adminId)
    expect(JSON.parse(entry?.details ?? '{}').after.variants).toHaveLength(2)
  })

  test('update changes fields and options, adds one, keeps the sum, and records the diff', async () => {
    const id = await createAdminProduct(
      t.db,
      adminId,
      formInput({ 'variants.0.name': 'Small', 'variants.0.price': '3', 'variants.0.stock': '2' }),
    )
    const before = await getAdminProduct(t.db, id)
    const small = before?.variants[0]
    const result = await updateAdminProduct(
      t.db,
      adminId,
      id,
      formInput({
        name: 'Duck Eggs (free range)',
        'variants.0.id': small?.id ?? '',
        'variants.0.name': 'Small',
        'variants.0.price': '3.25',
        'variants.0.stock': '7',
        'variants.0.stockWas': '2',
        'variants.0.available': 'on',
        'variants.1.name': 'Large',
        'variants.1.price': '4',
        'variants.1.stock': '1',
        'variants.1.available': 'on',
      }),
    )
    expect(result).toEqual({ ok: true })
    const after = await getAdminProduct(t.db, id)
    expect(after?.name).toBe('Duck Eggs (free range)')
    expect(after?.stock_quantity).toBe(8)
    expect(after?.variants.map((v) => [v.name, v.price_cents, v.stock_quantity])).toEqual([
      ['Small', 325, 7],
      ['Large', 400, 1],
    ])
    const entries = await auditOf(id)
    const update = JSON.parse(entries.at(-1)?.details ?? '{}')
    expect(entries.at(-1)?.action).toBe('product.update')
    expect(update.before).toMatchObject({ name: 'Duck Eggs', stock_quantity: 2 })
    expect(update.after).toMatchObject({ name: 'Duck Eggs (free range)', stock_quantity: 8 })
    expect(update.after.variants).toHaveLength(2)
    expect(update.before.description).toBeUndefined()
  })

  test("subscriptions: frequencies, discount and each option's Subscribable are saved and audited", async () => {
    const id = await createAdminProduct(
      t.db,
      adminId,
      formInput({
        subscribeWeekly: 'on',
        subscriberDiscount: '10',
        'variants.0.name': 'Dozen',
        'variants.0.price': '7',
        'variants.0.stock': '5',
        'variants.0.subscribable': 'on',
        'variants.1.name': 'Half Dozen',
        'variants.1.price': '4',
        'variants.1.stock': '5',
      }),
    )
    const created = await getAdminProduct(t.db, id)
    expect(created).toMatchObject({
      subscription_frequencies: 'weekly',
      subscriber_discount_percent: 10,
    })
    expect(created?.variants.map((v) => [v.name, v.subscribable])).toEqual([
      ['Half Dozen', false],
      ['Dozen', true],
    ])
    const [half, dozen] = created?.variants ?? []
    expect(
      await updateAdminProduct(
        t.db,
        adminId,
        id,
        formInput({
          subscribeBiweekly: 'on',
          subscribeMonthly: 'on',
          subscriberDiscount: '5',
          'variants.0.id': half?.id ?? '',
          'variants.0.name': 'Half Dozen',
          'variants.0.price': '4',
          'variants.0.stock': '5',
          'variants.0.subscribable': 'on',
          'variants.1.id': dozen?.id ?? '',
          'variants.1.name': 'Dozen',
          'variants.1.price': '7',
          'variants.1.stock': '5',
          'variants.1.subscribable': 'on',
        }),
      ),
    ).toEqual({ ok: true })
    const updated = await getAdminProduct(t.db, id)
    expect(updated).toMatchObject({
      subscription_frequencies: 'biweekly,monthly',
      subscriber_discount_percent: 5,
    })
    expect(updated?.variants.every((v) => v.subscribable)).toBe(true)
    const change = JSON.parse((await auditOf(id)).at(-1)?.details ?? '{}')
    expect(change.before).toMatchObject({
      subscription_frequencies: 'weekly',
      subscriber_discount_percent: 10,
    })
    expect(change.after).toMatchObject({
      subscription_frequencies: 'biweekly,monthly',
      subscriber_discount_percent: 5,
    })
  })

  test('a stock left as it was on the page is not written over a sale made meanwhile', async () => {
    const product = await createProduct(t.db, { stock_quantity: 10 })
    // A customer buys 3 after the admin opened the page showing 10.
    await t.db
      .updateTable('products')
      .set({ stock_quantity: 7 })
      .where('id', '=', product.id)
      .execute()
    await updateAdminProduct(
      t.db,
      adminId,
      product.id,
      formInput({ stock: '10', stockWas: '10', description: 'New words' }),
    )
    expect((await getAdminProduct(t.db, product.id))?.stock_quantity).toBe(7)
  })

  test("an option id that is not the product's is refused, and nothing changes", async () => {
    const product = await createProduct(t.db, { name: 'Honey' })
    const other = await createProduct(t.db)
    const foreign = await createVariant(t.db, other.id)
    const result = await updateAdminProduct(
      t.db,
      adminId,
      product.id,
      formInput({
        name: 'Renamed',
        'variants.0.id': foreign.id,
        'variants.0.name': 'Stolen',
        'variants.0.price': '1',
        'variants.0.stock': '1',
      }),
    )
    expect(result).toMatchObject({ ok: false, reason: 'stale' })
    expect((await getAdminProduct(t.db, product.id))?.name).toBe('Honey')
    expect(await updateAdminProduct(t.db, adminId, crypto.randomUUID(), formInput({}))).toEqual({
      ok: false,
      reason: 'not-found',
    })
  })
})

describe('stock and the waiting list', () => {
  test('quick stock change: from 0 to 5 notifies once; audited; refused for options', async () => {
    const product = await createProduct(t.db, { stock_quantity: 0 })
    const entry = await waitFor(product.id)
    const set = async (stock: number) =>
      (await setProductStock(t.db, adminId, product.id, stock)).status
    expect(await setProductStock(t.db, adminId, product.id, 5)).toMatchObject({
      status: 'saved',
      notified: 1,
    })
    expect(await statusOf(entry)).toBe('notified')
    expect(await set(5)).toBe('unchanged')
    // The entry's 1 unit is held (ADR 29): the stock may not go below it.
    expect(await setProductStock(t.db, adminId, product.id, 0)).toMatchObject({
      status: 'held',
      held: 1,
    })
    expect(await set(1)).toBe('saved')
    expect(await setProductStock(t.db, adminId, product.id, 3)).toMatchObject({ notified: 0 })
    const mails = await t.db
      .selectFrom('email_outbox as m')
      .innerJoin('customers as c', 'c.email', 'm.to_address')
      .innerJoin('waiting_list as w', 'w.customer_id', 'c.id')
      .select('m.id')
      .where('m.template', '=', 'stock-held')
      .where('w.id', '=', entry)
      .execute()
    expect(mails).toHaveLength(1)
    expect((await auditOf(product.id)).map((e) => e.action)).toEqual([
      'product.stock',
      'product.stock',
      'product.stock',
    ])

    const withOptions = await createProduct(t.db)
    await createVariant(t.db, withOptions.id)
    expect(await setProductStock(t.db, adminId, withOptions.id, 1)).toEqual({
      status: 'has-options',
    })
    expect(await setProductStock(t.db, adminId, crypto.randomUUID(), 1)).toEqual({
      status: 'not-found',
    })
  })

  test('an option restocked on the edit page notifies its waiting list only', async () => {
    const product = await createProduct(t.db, { stock_quantity: 0 })
    const half = await createVariant(t.db, product.id, { name: 'Half', stock_quantity: 0 })
    const whole = await createVariant(t.db, product.id, { name: 'Whole', stock_quantity: 0 })
    const forHalf = await waitFor(product.id, half.id)
    const forWhole = await waitFor(product.id, whole.id)
    await updateAdminProduct(
      t.db,
      adminId,
      product.id,
      formInput({
        'variants.0.id': half.id,
        'variants.0.name': 'Half',
        'variants.0.price': '10',
        'variants.0.stock': '2',
        'variants.0.stockWas': '0',
        'variants.0.available': 'on',
        'variants.1.id': whole.id,
        'variants.1.name': 'Whole',
        'variants.1.price': '20',
        'variants.1.stock': '0',
        'variants.1.stockWas': '0',
        'variants.1.available': 'on',
      }),
    )
    expect(await statusOf(forHalf)).toBe('notified')
    expect(await statusOf(forWhole)).toBe('waiting')
    expect((await getAdminProduct(t.db, product.id))?.stock_quantity).toBe(2)

    // Below the unit now held for the Half's waiting list: refused at that field, nothing saved.
    const refused = await updateAdminProduct(
      t.db,
      adminId,
      product.id,
      formInput({
        name: 'Renamed',
        'variants.0.id': half.id,
        'variants.0.name': 'Half',
        'variants.0.price': '10',
        'variants.0.stock': '0',
        'variants.0.stockWas': '2',
        'variants.0.available': 'on',
        'variants.1.id': whole.id,
        'variants.1.name': 'Whole',
        'variants.1.price': '20',
        'variants.1.stock': '0',
        'variants.1.stockWas': '0',
        'variants.1.available': 'on',
      }),
    )
    expect(refused).toEqual({
      ok: false,
      reason: 'held',
      fieldErrors: {
        'variants[0].stock': [
          '1 is held for the waiting list; the stock cannot go below 1 until that hold ends.',
        ],
      },
    })
    expect((await getAdminProduct(t.db, product.id))?.stock_quantity).toBe(2)
  })

  test('removing an option: the sum follows, old orders keep the name', async () => {
    const product = await createProduct(t.db, { stock_quantity: 5 })
    const a = await createVariant(t.db, product.id, { name: 'A', stock_quantity: 2 })
    const b = await createVariant(t.db, product.id, { name: 'B', stock_quantity: 3 })
    const orderId = crypto.randomUUID()
    await t.db
      .insertInto('orders')
      .values({
        id: orderId,
        order_number: Math.floor(Math.random() * 1e9),
        customer_id: adminId,
        idempotency_key: orderId,
        status: 'paid',
        email: 'a@example.com',
        phone: '555',
        subtotal_cents: 100,
        discount_cents: 0,
        shipping_cents: 0,
        tax_cents: 0,
        total_cents: 100,
        tax_rate_basis_points: 0,
        shipping_method: 'pickup',
        ship_first_name: 'A',
        ship_last_name: 'B',
        ship_street: '1 Road',
        ship_city: 'Town',
        ship_state: 'ID',
        ship_zip_code: '83701',
        payment_method: 'offline',
        payment_status: 'paid',
      })
      .execute()
    await t.db
      .insertInto('order_items')
      .values({
        id: crypto.randomUUID(),
        order_id: orderId,
        product_id: product.id,
        product_variant_id: b.id,
        product_name: product.name,
        variant_name: 'B',
        unit_price_cents: 100,
        quantity: 1,
        line_total_cents: 100,
      })
      .execute()
    expect(await removeAdminVariant(t.db, adminId, product.id, b.id)).toEqual({
      ok: true,
      name: 'B',
    })
    expect(await removeAdminVariant(t.db, adminId, product.id, b.id)).toEqual({ ok: false })
    const after = await getAdminProduct(t.db, product.id)
    expect(after?.stock_quantity).toBe(2)
    expect(after?.variants.map((v) => v.id)).toEqual([a.id])
    const item = await t.db
      .selectFrom('order_items')
      .select(['variant_name', 'product_variant_id'])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow()
    expect(item).toEqual({ variant_name: 'B', product_variant_id: null })
  })
})

describe('archive and the list', () => {
  test('archive leaves the list (and the shop), unarchive brings it back and notifies', async () => {
    const name = `Archivable ${crypto.randomUUID().slice(0, 6)}`
    const product = await createProduct(t.db, { name, stock_quantity: 4 })
    const url = (query: string) => new URL(`http://x/admin/products?${query}`)
    const find = async (query: string) =>
      (
        await listAdminProducts(t.db, productListFilters(url(query)), pageRequest(url(query)))
      ).rows.map((row) => row.id)
    expect(await find(`q=${encodeURIComponent(name.toUpperCase())}`)).toEqual([product.id])
    expect(await setProductArchived(t.db, adminId, product.id, true)).toBe(true)
    expect(await setProductArchived(t.db, adminId, product.id, true)).toBe(false)
    const entry = await waitFor(product.id)
    expect(await find(`q=${encodeURIComponent(name)}`)).toEqual([])
    expect(await find(`q=${encodeURIComponent(name)}&status=archived`)).toEqual([product.id])
    expect(await setProductArchived(t.db, adminId, product.id, false)).toBe(true)
    expect(await statusOf(entry)).toBe('notified')
    expect((await auditOf(product.id)).map((e) => e.action)).toEqual([
      'product.archive',
      'product.unarchive',
    ])
  })

  test('filters: category, low and out of stock; search reads words, never syntax', async () => {
    const category = `Cat ${crypto.randomUUID().slice(0, 6)}`
    const out = await createProduct(t.db, { category, stock_quantity: 0, name: 'Out 100%' })
    const low = await createProduct(t.db, { category, stock_quantity: 4 })
    const plenty = await createProduct(t.db, { category, stock_quantity: 5 })
    await createVariant(t.db, plenty.id)
    const url = (query: string) =>
      new URL(`http://x/admin/products?category=${encodeURIComponent(category)}&${query}`)
    const list = (query: string) =>
      listAdminProducts(t.db, productListFilters(url(query)), pageRequest(url(query)))
    const all = await list('')
    expect(all.info.total).toBe(3)
    expect(all.categories).toContain(category)
    expect(all.rows.find((row) => row.id === plenty.id)?.variant_count).toBe(1)
    expect((await list('stock=out')).rows.map((r) => r.id)).toEqual([out.id])
    expect((await list('stock=low')).rows.map((r) => r.id)).toEqual([low.id])
    expect((await list('q=100%25')).rows.map((r) => r.id)).toEqual([out.id])
    expect((await list('q=ou')).rows.map((r) => r.id)).toEqual([out.id])
    // The category is searched too (ADR 21); punctuation alone is no search at all.
    expect((await list(`q=${encodeURIComponent(category)}`)).info.total).toBe(3)
    expect((await list('q=_')).info.total).toBe(3)
  })
})

describe('sold by weight (ADR 30)', () => {
  test('the product and each option keep their own terms; unticking clears the average', async () => {
    const id = await createAdminProduct(
      t.db,
      adminId,
      formInput({
        name: 'Weighed Strip',
        category: 'Beef Cuts',
        price: '24.99',
        unit: 'lb',
        soldByWeight: 'on',
        averageWeight: '0.85',
        'variants.0.name': '1.5 in thick',
        'variants.0.price': '25.99',
        'variants.0.stock': '4',
        'variants.0.soldByWeight': 'on',
        'variants.0.averageWeight': '1.25',
        'variants.1.name': 'Trim',
        'variants.1.price': '9.99',
        'variants.1.stock': '2',
      }),
    )
    const created = await getAdminProduct(t.db, id)
    expect(created).toMatchObject({ sold_by_weight: true, average_weight_centi_lb: 85 })
    expect(
      created?.variants.map((v) => [v.name, v.sold_by_weight, v.average_weight_centi_lb]),
    ).toEqual([
      ['Trim', false, null],
      ['1.5 in thick', true, 125],
    ])

    const thick = created?.variants.find((v) => v.name === '1.5 in thick')
    await updateAdminProduct(
      t.db,
      adminId,
      id,
      formInput({
        name: 'Weighed Strip',
        category: 'Beef Cuts',
        price: '24.99',
        unit: 'lb',
        averageWeight: '0.85',
        'variants.0.id': thick?.id ?? '',
        'variants.0.name': '1.5 in thick',
        'variants.0.price': '25.99',
        'variants.0.stock': '4',
        'variants.0.averageWeight': '1.25',
      }),
    )
    const updated = await getAdminProduct(t.db, id)
    expect(updated).toMatchObject({ sold_by_weight: false, average_weight_centi_lb: null })
    expect(updated?.variants.find((v) => v.id === thick?.id)).toMatchObject({
      sold_by_weight: false,
      average_weight_centi_lb: null,
    })
  })
})
