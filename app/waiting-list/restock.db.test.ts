import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getProductDetail } from '~/catalog/product-detail.server'
import {
  createCustomer,
  createProduct,
  createVariant,
  createWaitingListEntry,
} from '~/seed/factories.server'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { notifyRestocked, notifyWaitingGroup } from './restock.server'

// ADR 29 (amends D14): a restock holds the free units for the queue, in join order, and
// emails only the people it reaches.

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

function holdsOf(productId: string) {
  return t.db
    .selectFrom('stock_holds')
    .select(['waiting_list_id', 'quantity', 'status', 'expires_at', 'product_variant_id'])
    .where('product_id', '=', productId)
    .orderBy('created_at')
    .execute()
}

const held = async (table: 'products' | 'product_variants', id: string) =>
  (
    await t.db
      .selectFrom(table)
      .select('held_quantity')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).held_quantity

const restock = (productIds: string[], now?: Date) =>
  t.db.transaction().execute((trx) => notifyRestocked(trx, productIds, now))

/** People who joined one after the other (a minute apart, so the order is certain). */
async function queue(productId: string, size: number, options: { quantity?: number } = {}) {
  const start = Date.UTC(2026, 0, 1)
  const people = []
  for (let i = 0; i < size; i++) {
    const customer = await createCustomer(t.db, { first_name: `Waiter${i}` })
    const row = await createWaitingListEntry(t.db, customer.id, productId, {
      quantity: options.quantity ?? 1,
      created_at: new Date(start + i * 60_000),
    })
    people.push({ customer, entryId: row.id })
  }
  return people
}

describe('notifyRestocked', () => {
  test('2 units with 5 waiting: exactly 2 holds and 2 emails, to the first two', async () => {
    const product = await createProduct(t.db, { name: 'Ribeye <Steak>', stock_quantity: 0 })
    const people = await queue(product.id, 5)
    expect(await restock([product.id])).toBe(0)

    await t.db
      .updateTable('products')
      .set({ stock_quantity: 2 })
      .where('id', '=', product.id)
      .execute()
    const now = new Date('2026-11-26T20:00:00Z')
    expect(await restock([product.id], now)).toBe(2)
    expect(await restock([product.id], now)).toBe(0)

    const holds = await holdsOf(product.id)
    expect(holds.map((h) => [h.waiting_list_id, h.quantity, h.status])).toEqual([
      [people[0]?.entryId, 1, 'held'],
      [people[1]?.entryId, 1, 'held'],
    ])
    // 24 hours, the default setting.
    expect(holds[0]?.expires_at).toEqual(new Date('2026-11-27T20:00:00Z'))
    expect(await held('products', product.id)).toBe(2)
    // Nobody else sees them for sale.
    expect((await getProductDetail(t.db, product.id))?.stock_quantity).toBe(0)

    const statuses = await Promise.all(people.map((p) => entry(p.entryId)))
    expect(statuses.map((s) => s.status)).toEqual([
      'notified',
      'notified',
      'waiting',
      'waiting',
      'waiting',
    ])
    const first = await mailTo(people[0]?.customer.email ?? '')
    expect(first).toHaveLength(1)
    expect(first[0]?.template).toBe('stock-held')
    expect(first[0]?.subject).toBe('Reserved for you: Ribeye <Steak>')
    // 20:00 UTC is 1 pm in Boise (MST).
    expect(first[0]?.text_body).toContain('Reserved for you until Friday, November 27, 1 pm.')
    expect(first[0]?.text_body).toMatch(/\/waiting-list\/claim\/[A-Za-z0-9_-]{43}/)
    expect(first[0]?.text_body).toMatch(/\/waiting-list\/decline\/[A-Za-z0-9_-]{43}/)
    expect(first[0]?.html_body).toContain('Ribeye &lt;Steak&gt;')
    expect(await mailTo(people[1]?.customer.email ?? '')).toHaveLength(1)
    for (const person of people.slice(2)) {
      expect(await mailTo(person.customer.email)).toHaveLength(0)
    }
    // Only the token's hash is kept.
    const token = /claim\/([A-Za-z0-9_-]{43})/.exec(first[0]?.text_body ?? '')?.[1] ?? ''
    const stored = await t.db
      .selectFrom('stock_holds')
      .select('token_hash')
      .where('waiting_list_id', '=', people[0]?.entryId ?? '')
      .executeTakeFirstOrThrow()
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(stored.token_hash).not.toContain(token)
  })

  test('a hold lasts the hold time the admin set', async () => {
    const product = await createProduct(t.db, { stock_quantity: 1 })
    await queue(product.id, 1)
    await t.db.updateTable('settings').set({ hold_hours: 2 }).where('id', '=', 1).execute()
    try {
      const now = new Date('2026-11-26T20:00:00Z')
      expect(await restock([product.id], now)).toBe(1)
      expect((await holdsOf(product.id))[0]?.expires_at).toEqual(new Date('2026-11-26T22:00:00Z'))
    } finally {
      await t.db.updateTable('settings').set({ hold_hours: 24 }).where('id', '=', 1).execute()
    }
  })

  test('fewer left than asked: the last units are held and the email says so', async () => {
    const product = await createProduct(t.db, { name: 'Eggs', stock_quantity: 0 })
    const [first, second] = await queue(product.id, 2, { quantity: 3 })
    await t.db
      .updateTable('products')
      .set({ stock_quantity: 4 })
      .where('id', '=', product.id)
      .execute()
    expect(await restock([product.id])).toBe(2)
    expect((await holdsOf(product.id)).map((h) => h.quantity)).toEqual([3, 1])
    expect((await mailTo(first?.customer.email ?? ''))[0]?.text_body).toContain(
      'We have set aside 3 for you.',
    )
    expect((await mailTo(second?.customer.email ?? ''))[0]?.text_body).toContain(
      'Only 1 of the 3 you asked for were left',
    )
    expect(await held('products', product.id)).toBe(4)
  })

  test('an entry that did not ask for an email keeps waiting; the next one gets the unit', async () => {
    const product = await createProduct(t.db, { stock_quantity: 1 })
    const bob = await createCustomer(t.db)
    const cat = await createCustomer(t.db)
    const { id: quiet } = await createWaitingListEntry(t.db, bob.id, product.id, {
      notify_by_email: false,
      created_at: new Date('2026-01-01T00:00:00Z'),
    })
    const { id: loud } = await createWaitingListEntry(t.db, cat.id, product.id, {
      created_at: new Date('2026-01-02T00:00:00Z'),
    })
    expect(await restock([product.id])).toBe(1)
    expect((await entry(quiet)).status).toBe('waiting')
    expect((await entry(loud)).status).toBe('notified')
    expect(await mailTo(bob.email)).toHaveLength(0)
  })

  test('an option: its free units go to its own queue only, held on the option', async () => {
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
    expect(await held('product_variants', half.id)).toBe(1)
    expect(await held('products', product.id)).toBe(0)
    const [mail] = await mailTo(cid.email)
    expect(mail?.subject).toBe('Reserved for you: Beef Share (Half)')
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

  test('four restocks at once (separate transactions): 3 units, 3 holds, nobody emailed twice', async () => {
    const product = await createProduct(t.db, { stock_quantity: 3 })
    const people = await queue(product.id, 5)
    const counts = await Promise.all(
      Array.from({ length: 4 }, () => restock([product.id, product.id])),
    )
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(3)
    expect(await held('products', product.id)).toBe(3)
    const mails = await Promise.all(people.map((p) => mailTo(p.customer.email)))
    expect(mails.map((m) => m.length)).toEqual([1, 1, 1, 0, 0])
  })

  test('a rolled-back transaction leaves the entry waiting, nothing held and no email', async () => {
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
    expect(await held('products', product.id)).toBe(0)
    expect(await holdsOf(product.id)).toEqual([])
    expect(await mailTo(kim.email)).toHaveLength(0)
  })
})

describe('notifyWaitingGroup (Notify now)', () => {
  test('holds for this group only; nothing free, nobody emailed', async () => {
    const lou = await createCustomer(t.db)
    const max = await createCustomer(t.db)
    const product = await createProduct(t.db, { stock_quantity: 0 })
    const option = await createVariant(t.db, product.id, { stock_quantity: 2 })
    const { id: optionEntry } = await createWaitingListEntry(t.db, lou.id, product.id, {
      product_variant_id: option.id,
    })
    const other = await createProduct(t.db, { stock_quantity: 0 })
    const { id: otherEntry } = await createWaitingListEntry(t.db, max.id, other.id)

    const notify = (group: { productId: string; variantId: string | null }) =>
      t.db.transaction().execute((trx) => notifyWaitingGroup(trx, group))
    expect(await notify({ productId: other.id, variantId: null })).toBe(0)
    expect((await entry(otherEntry)).status).toBe('waiting')
    expect(await notify({ productId: product.id, variantId: option.id })).toBe(1)
    expect(await notify({ productId: product.id, variantId: option.id })).toBe(0)
    expect((await entry(optionEntry)).status).toBe('notified')
    expect(await mailTo(lou.email)).toHaveLength(1)
    expect(await mailTo(max.email)).toHaveLength(0)
  })
})
