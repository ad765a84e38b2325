import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { pageRequest } from '~/platform/admin/pagination'
import { createCustomer, createProduct, createVariant } from '~/seed/factories.server'
import { createTestApp } from '../../../tests/setup/app'
import type { TestDatabase } from '../../../tests/setup/database'
import { auditOf, formInput, statusOf, waitFor } from '../../../tests/support/product-admin'
import { getAdminProduct } from './product-record.server'
import { removeAdminVariant, setProductArchived, updateAdminProduct } from './product-save.server'
import { listAdminProducts, productListFilters, setProductStock } from './products.server'

let t: TestDatabase
let adminId: string
beforeAll(async () => {
  t = await createTestApp()
  adminId = (await createCustomer(t.db)).id
})
afterAll(async () => {
  await t?.cleanup()
})

describe('stock and the waiting list', () => {
  test('quick stock change: from 0 to 5 notifies once; audited; refused for options', async () => {
    const product = await createProduct(t.db, { stock_quantity: 0 })
    const entry = await waitFor(t.db, product.id)
    const set = async (stock: number) =>
      (await setProductStock(t.db, adminId, product.id, stock)).status
    expect(await setProductStock(t.db, adminId, product.id, 5)).toMatchObject({
      status: 'saved',
      notified: 1,
    })
    expect(await statusOf(t.db, entry)).toBe('notified')
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
    expect((await auditOf(t.db, product.id)).map((e) => e.action)).toEqual([
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
    const forHalf = await waitFor(t.db, product.id, half.id)
    const forWhole = await waitFor(t.db, product.id, whole.id)
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
    expect(await statusOf(t.db, forHalf)).toBe('notified')
    expect(await statusOf(t.db, forWhole)).toBe('waiting')
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
    const entry = await waitFor(t.db, product.id)
    expect(await find(`q=${encodeURIComponent(name)}`)).toEqual([])
    expect(await find(`q=${encodeURIComponent(name)}&status=archived`)).toEqual([product.id])
    expect(await setProductArchived(t.db, adminId, product.id, false)).toBe(true)
    expect(await statusOf(t.db, entry)).toBe('notified')
    expect((await auditOf(t.db, product.id)).map((e) => e.action)).toEqual([
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
