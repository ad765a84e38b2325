import { CompiledQuery, sql } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createCustomer, createProduct, createWaitingListEntry } from '~/seed/factories.server'
import { hashHoldToken, newHoldToken } from '~/waiting-list/hold-token.server'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { addToCart } from './cart-changes.server'
import { deleteIdleGuestCarts, idleGuestCartBatch } from './cart-cleanup.server'
import type { CartOwner } from './cart-owner.server'

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

const DAY = 24 * 60 * 60 * 1000
const now = new Date()
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY)

/** A cart with one line of each product, last changed `idleDays` ago. */
async function cart(owner: CartOwner, productIds: string[], idleDays: number): Promise<string> {
  let cartId = owner.kind === 'guest' ? owner.cartId : null
  for (const productId of productIds) {
    const added = await addToCart(
      t.db,
      owner.kind === 'guest' ? { kind: 'guest', cartId } : owner,
      { productId, quantity: 1 },
    )
    if (!added.ok) throw new Error(added.message)
    cartId = added.cartId ?? cartId
  }
  const row = await t.db
    .updateTable('carts')
    .set({ updated_at: daysAgo(idleDays) })
    .where(
      owner.kind === 'guest' ? 'id' : 'customer_id',
      '=',
      owner.kind === 'guest' ? (cartId ?? '') : owner.customerId,
    )
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

const guest = { kind: 'guest', cartId: null } as const

async function linesOf(cartId: string): Promise<number> {
  const row = await t.db
    .selectFrom('cart_lines')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('cart_id', '=', cartId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

async function exists(cartId: string): Promise<boolean> {
  return Boolean(
    await t.db.selectFrom('carts').select('id').where('id', '=', cartId).executeTakeFirst(),
  )
}

test('guest carts idle for more than 30 days go with their lines; fresh ones and customers\u2019 stay', {
  timeout: 30_000,
}, async () => {
  const eggs = await createProduct(t.db, { stock_quantity: 100 })
  const beef = await createProduct(t.db, { stock_quantity: 100 })
  const customer = await createCustomer(t.db)

  const oldGuest = await cart(guest, [eggs.id, beef.id], 31)
  const freshGuest = await cart(guest, [eggs.id], 29)
  const oldCustomer = await cart({ kind: 'customer', customerId: customer.id }, [beef.id], 400)
  expect(await linesOf(oldGuest)).toBe(2)

  expect(await deleteIdleGuestCarts(t.db, { now })).toBe(1)
  expect(await exists(oldGuest)).toBe(false)
  expect(await linesOf(oldGuest)).toBe(0)
  expect(await exists(freshGuest)).toBe(true)
  expect(await linesOf(freshGuest)).toBe(1)
  expect(await exists(oldCustomer)).toBe(true)
  expect(await linesOf(oldCustomer)).toBe(1)

  // Run again (another instance, the next hour): nothing more to do.
  expect(await deleteIdleGuestCarts(t.db, { now })).toBe(0)
})

test('a line that carries a waiting-list hold goes; the hold stays for its own sweep', {
  timeout: 30_000,
}, async () => {
  const product = await createProduct(t.db, { stock_quantity: 5 })
  const customer = await createCustomer(t.db)
  const entry = await createWaitingListEntry(t.db, customer.id, product.id)
  const holdId = crypto.randomUUID()
  await t.db
    .insertInto('stock_holds')
    .values({
      id: holdId,
      waiting_list_id: entry.id,
      product_id: product.id,
      quantity: 1,
      token_hash: hashHoldToken(newHoldToken()),
      status: 'held',
      expires_at: daysAgo(-1),
    })
    .execute()
  const idle = await cart(guest, [product.id], 45)
  await t.db
    .updateTable('cart_lines')
    .set({ stock_hold_id: holdId })
    .where('cart_id', '=', idle)
    .execute()

  expect(await deleteIdleGuestCarts(t.db, { now })).toBe(1)
  expect(await linesOf(idle)).toBe(0)
  const hold = await t.db
    .selectFrom('stock_holds')
    .select('status')
    .where('id', '=', holdId)
    .executeTakeFirstOrThrow()
  expect(hold.status).toBe('held')
})

test('batch after batch, and two instances at once delete each cart once', {
  timeout: 30_000,
}, async () => {
  const product = await createProduct(t.db, { stock_quantity: 1000 })
  const ids: string[] = []
  for (let i = 0; i < 13; i++) ids.push(await cart(guest, [product.id], 31 + i))
  const runs = await Promise.all([
    deleteIdleGuestCarts(t.db, { now, batch: 3 }),
    deleteIdleGuestCarts(t.db, { now, batch: 3 }),
  ])
  expect(runs[0] + runs[1]).toBe(13)
  for (const id of ids) expect(await exists(id)).toBe(false)
})

test('a cart a shopper changes while a batch deletes it is kept', async () => {
  const product = await createProduct(t.db, { stock_quantity: 10 })
  const touched = await cart(guest, [product.id], 60)
  if (t.dialect === 'sqlite') {
    // One writer: the change and the DELETE cannot overlap, only follow each other.
    await t.db.updateTable('carts').set({ updated_at: now }).where('id', '=', touched).execute()
    expect(await deleteIdleGuestCarts(t.db, { now })).toBe(0)
    expect(await exists(touched)).toBe(true)
    return
  }
  // The shopper's change holds the row (touchCart is each change's first write) while the
  // batch's DELETE picks the cart as idle and waits for it; after the change commits, the
  // DELETE looks at the row again and leaves it.
  const change = await t.db.startTransaction().execute()
  await change.updateTable('carts').set({ updated_at: now }).where('id', '=', touched).execute()
  const deleting = deleteIdleGuestCarts(t.db, { now })
  await waitUntilBlocked()
  await change.commit().execute()
  expect(await deleting).toBe(0)
  expect(await exists(touched)).toBe(true)
  expect(await linesOf(touched)).toBe(1)
})

/** PostgreSQL: until some statement waits for a row lock (the DELETE behind the change). */
async function waitUntilBlocked() {
  for (let i = 0; i < 100; i++) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'
        and query ilike 'delete from%carts%'
    `.execute(t.db)
    if ((rows[0]?.n ?? 0) > 0) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error('the DELETE never waited for the row')
}

test('a batch reads the guest-cart index, not every cart', async () => {
  const query = idleGuestCartBatch(t.db, daysAgo(30), 500).compile()
  if (t.dialect === 'sqlite') {
    const { rows } = await t.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    )
    const plan = rows.map((row) => row.detail)
    // The oldest idle guest carts in the index's order (no sort), then each one by its key.
    expect(plan).toEqual([
      expect.stringMatching(/^SEARCH carts USING INDEX sqlite_autoindex_carts_\d \(id=\?\)$/),
      'LIST SUBQUERY 1',
      'SEARCH idle USING INDEX carts_idle_idx (customer_id=? AND updated_at<?)',
      expect.stringMatching(/^SEARCH cart_lines USING COVERING INDEX cart_lines_cart_idx/),
    ])
    return
  }
  // PostgreSQL plans a small table as a scan whatever its indexes; with scans priced out of
  // reach it shows whether the index can serve the batch.
  const plan = await t.db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx)
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
    )
    return rows.map((row) => row['QUERY PLAN']).join('\n')
  })
  expect(plan).toContain('carts_idle_idx')
})
