import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  createCustomer,
  createProduct,
  createVariant,
  createWaitingListEntry,
} from '~/seed/factories.server'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { notifyRestocked, notifyWaitingGroup } from './restock.server'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

function entry(id: string) {
  return t.db
    .selectFrom('waiting_list')
    .select(['status', 'notified_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
}

function mailTo(email: string) {
  return t.db
    .selectFrom('email_outbox')
    .select(['subject', 'text_body', 'html_body', 'template'])
    .where('to_address', '=', email)
    .execute()
}

const restock = (productIds: string[]) =>
  t.db.transaction().execute((trx) => notifyRestocked(trx, productIds))

describe('notifyRestocked', () => {
  test('emails a waiting customer once when the product is in stock, and marks the entry', async () => {
    const ann = await createCustomer(t.db, { first_name: 'Ann' })
    const product = await createProduct(t.db, { name: 'Ribeye <Steak>', stock_quantity: 0 })
    const { id } = await createWaitingListEntry(t.db, ann.id, product.id, { quantity: 2 })

    expect(await restock([product.id])).toBe(0)
    expect((await entry(id)).status).toBe('waiting')

    await t.db
      .updateTable('products')
      .set({ stock_quantity: 3 })
      .where('id', '=', product.id)
      .execute()
    expect(await restock([product.id])).toBe(1)
    expect(await restock([product.id])).toBe(0)

    const after = await entry(id)
    expect(after.status).toBe('notified')
    expect(after.notified_at).toBeInstanceOf(Date)
    const mail = await mailTo(ann.email)
    expect(mail).toHaveLength(1)
    expect(mail[0]?.subject).toBe('Back in stock: Ribeye <Steak>')
    expect(mail[0]?.template).toBe('back-in-stock')
    expect(mail[0]?.text_body).toContain(`/product/${product.id}`)
    expect(mail[0]?.text_body).toContain('Hello Ann,')
    expect(mail[0]?.html_body).toContain('Ribeye &lt;Steak&gt;')
    expect(mail[0]?.html_body).not.toContain('<Steak>')
  })

  test('an entry that did not ask for an email stays waiting and gets none', async () => {
    const bob = await createCustomer(t.db)
    const product = await createProduct(t.db, { stock_quantity: 5 })
    const { id } = await createWaitingListEntry(t.db, bob.id, product.id, {
      notify_by_email: false,
    })
    expect(await restock([product.id])).toBe(0)
    expect((await entry(id)).status).toBe('waiting')
    expect(await mailTo(bob.email)).toHaveLength(0)
  })

  test('an option: only the entries for the option back in stock are notified', async () => {
    const cid = await createCustomer(t.db)
    const dee = await createCustomer(t.db)
    const product = await createProduct(t.db, { name: 'Beef Share', stock_quantity: 4 })
    const half = await createVariant(t.db, product.id, { name: 'Half', stock_quantity: 4 })
    const whole = await createVariant(t.db, product.id, { name: 'Whole', stock_quantity: 0 })
    const { id: forHalf } = await createWaitingListEntry(t.db, cid.id, product.id, {
      product_variant_id: half.id,
    })
    const { id: forWhole } = await createWaitingListEntry(t.db, dee.id, product.id, {
      product_variant_id: whole.id,
    })

    expect(await restock([product.id])).toBe(1)
    expect((await entry(forHalf)).status).toBe('notified')
    expect((await entry(forWhole)).status).toBe('waiting')
    const [mail] = await mailTo(cid.email)
    expect(mail?.subject).toBe('Back in stock: Beef Share (Half)')
    expect(mail?.text_body).toContain(`/product/${product.id}?variant=${half.id}`)
    expect(await mailTo(dee.email)).toHaveLength(0)
  })

  test('not for an archived or unavailable product, nor an unavailable option', async () => {
    const eve = await createCustomer(t.db)
    const archived = await createProduct(t.db, { stock_quantity: 5, archived_at: new Date() })
    const hidden = await createProduct(t.db, { stock_quantity: 5, is_available: false })
    const withOption = await createProduct(t.db, { stock_quantity: 5 })
    const offOption = await createVariant(t.db, withOption.id, {
      stock_quantity: 5,
      is_available: false,
    })
    const entries = [
      await createWaitingListEntry(t.db, eve.id, archived.id),
      await createWaitingListEntry(t.db, eve.id, hidden.id),
      await createWaitingListEntry(t.db, eve.id, withOption.id, {
        product_variant_id: offOption.id,
      }),
    ]
    expect(await restock([archived.id, hidden.id, withOption.id])).toBe(0)
    for (const { id } of entries) expect((await entry(id)).status).toBe('waiting')
    expect(await mailTo(eve.email)).toHaveLength(0)
  })

  test('only the products named are looked at; an empty list does nothing', async () => {
    const fay = await createCustomer(t.db)
    const product = await createProduct(t.db, { stock_quantity: 5 })
    const { id } = await createWaitingListEntry(t.db, fay.id, product.id)
    expect(await restock([])).toBe(0)
    const other = await createProduct(t.db)
    expect(await restock([other.id])).toBe(0)
    expect((await entry(id)).status).toBe('waiting')
  })

  test('two transactions at once email each entry exactly once', async () => {
    const product = await createProduct(t.db, { stock_quantity: 10 })
    const customers = await Promise.all(Array.from({ length: 4 }, () => createCustomer(t.db)))
    for (const customer of customers) await createWaitingListEntry(t.db, customer.id, product.id)
    const counts = await Promise.all(
      Array.from({ length: 4 }, () => restock([product.id, product.id])),
    )
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(4)
    for (const customer of customers) expect(await mailTo(customer.email)).toHaveLength(1)
  })

  test('a rolled-back transaction leaves the entry waiting and no email', async () => {
    const kim = await createCustomer(t.db)
    const product = await createProduct(t.db, { stock_quantity: 5 })
    const { id } = await createWaitingListEntry(t.db, kim.id, product.id)
    await expect(
      t.db.transaction().execute(async (trx) => {
        await notifyRestocked(trx, [product.id])
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    expect((await entry(id)).status).toBe('waiting')
    expect(await mailTo(kim.email)).toHaveLength(0)
  })
})

describe('notifyWaitingGroup', () => {
  test('the admin may notify an out-of-stock group; once only; others untouched', async () => {
    const lou = await createCustomer(t.db)
    const max = await createCustomer(t.db)
    const product = await createProduct(t.db, { stock_quantity: 0 })
    const option = await createVariant(t.db, product.id, { stock_quantity: 0 })
    const { id: plain } = await createWaitingListEntry(t.db, lou.id, product.id)
    const { id: quiet } = await createWaitingListEntry(t.db, max.id, product.id, {
      notify_by_email: false,
    })
    const { id: optionEntry } = await createWaitingListEntry(t.db, max.id, product.id, {
      product_variant_id: option.id,
    })

    const notify = () =>
      t.db
        .transaction()
        .execute((trx) => notifyWaitingGroup(trx, { productId: product.id, variantId: null }))
    expect(await notify()).toBe(1)
    expect(await notify()).toBe(0)
    expect((await entry(plain)).status).toBe('notified')
    expect((await entry(quiet)).status).toBe('waiting')
    expect((await entry(optionEntry)).status).toBe('waiting')
    expect(await mailTo(lou.email)).toHaveLength(1)
  })
})
