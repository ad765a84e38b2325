import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createCustomer, createProduct, createVariant } from '~/seed/factories.server'
import { createTestApp } from '../../../tests/setup/app'
import type { TestDatabase } from '../../../tests/setup/database'
import { auditOf, formInput } from '../../../tests/support/product-admin'
import { getAdminProduct } from './product-record.server'
import { createAdminProduct, updateAdminProduct } from './product-save.server'

let t: TestDatabase
let adminId: string
beforeAll(async () => {
  t = await createTestApp()
  adminId = (await createCustomer(t.db)).id
})
afterAll(async () => {
  await t?.cleanup()
})

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
    const [entry] = await auditOf(t.db, id)
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
    const entries = await auditOf(t.db, id)
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
    const change = JSON.parse((await auditOf(t.db, id)).at(-1)?.details ?? '{}')
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
