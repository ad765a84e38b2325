import { sql } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { setProductStock } from '../app/catalog/admin/products.server'
import { changeListenerOf, type DB, openDatabase } from '../app/platform/db/db.server'
import { createCustomer, createProduct } from '../app/seed/factories.server'
import { createTestApp } from '../tests/setup/app'
import { type TestDatabase, testDialect } from '../tests/setup/database'
import { PRIVATE_TABLES } from './page-cache.server'
import { databaseFreshness, type Freshness } from './page-cache-freshness.server'

// When the guest page cache must let its pages go (ADR 23). `shop` is a shop process's own
// handle; `other` stands for another worker, another instance, or someone in psql.

let t: TestDatabase
let shop: DB
let other: DB
let freshness: Freshness
let admin: string
let product: string

beforeAll(async () => {
  t = await createTestApp()
  if (testDialect() === 'sqlite') {
    shop = t.db
    other = openDatabase(t.config)
  } else {
    shop = openDatabase(t.config, undefined, { listenForChanges: true })
    other = t.db
  }
  freshness = databaseFreshness(shop)
  admin = (await createCustomer(shop, { is_admin: true })).id
  product = (await createProduct(shop, { stock_quantity: 12 })).id
})
afterAll(async () => {
  freshness?.stop()
  if (testDialect() === 'sqlite') await other?.destroy()
  else await shop?.destroy()
  await t?.cleanup()
})

/** Once pages may be kept: at once on SQLite, once the listener hears on PostgreSQL. */
async function keptVersion(): Promise<number> {
  await expect.poll(() => freshness.version(), { timeout: 5000 }).toBeTypeOf('number')
  return freshness.version() as number
}
/** Lets a notice on its way arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200))

test("a stock change through the admin's function drops the pages before it returns", async () => {
  const before = await keptVersion()
  const result = await setProductStock(shop, admin, product, 0)
  expect(result.status).toBe('saved')
  expect(freshness.version()).not.toBe(before)
})

test("this process's write to a shopper's own table leaves the pages", async () => {
  await settle()
  const before = await keptVersion()
  const customer = await createCustomer(shop)
  await shop
    .insertInto('sessions')
    .values({
      id: crypto.randomUUID(),
      token: crypto.randomUUID(),
      user_id: customer.id,
      expires_at: new Date(Date.now() + 60_000),
    })
    .execute()
  await settle()
  expect(freshness.version()).toBe(before)
})

test('a write by raw SQL counts too, and so does one inside a transaction', async () => {
  let before = await keptVersion()
  await sql`update products set stock_quantity = 3 where id = ${product}`.execute(shop)
  expect(freshness.version()).not.toBe(before)
  before = freshness.version() as number
  await shop.transaction().execute(async (trx) => {
    await trx.updateTable('team_members').set({ name: 'Ada' }).where('id', '=', 'none').execute()
    await trx.updateTable('products').set({ unit: 'jar' }).where('id', '=', product).execute()
  })
  expect(freshness.version()).not.toBe(before)
})

test("another connection's write is seen: data_version on SQLite, a notice on PostgreSQL", async () => {
  const before = await keptVersion()
  await other.updateTable('products').set({ stock_quantity: 7 }).where('id', '=', product).execute()
  if (testDialect() === 'sqlite') expect(freshness.version()).not.toBe(before)
  else await expect.poll(() => freshness.version(), { timeout: 2000, interval: 5 }).not.toBe(before)
})

if (testDialect() === 'sqlite') {
  test("on SQLite another connection's every commit counts, whatever it wrote", async () => {
    const before = await keptVersion()
    await createCustomer(other)
    expect(freshness.version()).not.toBe(before)
    // A statement that changed nothing commits nothing.
    const now = freshness.version()
    await other.updateTable('products').set({ unit: 'x' }).where('id', '=', 'none').execute()
    expect(freshness.version()).toBe(now)
  })
} else {
  test("on PostgreSQL another instance's write to a shopper's own table sends no notice", async () => {
    await settle()
    const before = await keptVersion()
    await createCustomer(other)
    await settle()
    expect(freshness.version()).toBe(before)
  })

  test('every table a page may show sends its notice; only the private ones do not', async () => {
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'
    `.execute(other)
    const triggered = await sql<{ table_name: string }>`
      select distinct event_object_table as table_name from information_schema.triggers
      where action_statement like '%farm_shop_notify_change%'
    `.execute(other)
    const notifying = new Set(triggered.rows.map((row) => row.table_name))
    const silent = tables.rows
      .map((row) => row.table_name)
      .filter((table) => !notifying.has(table))
      .sort()
    expect(silent).toEqual(silent.filter((table) => PRIVATE_TABLES.has(table)))
    expect(notifying.has('products')).toBe(true)
  })

  test('cut off from its notices, nothing is kept until it hears again, then afresh', async () => {
    const before = await keptVersion()
    await sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query = 'listen farm_shop_changes'
    `.execute(other)
    await expect
      .poll(() => changeListenerOf(shop)?.listening, { timeout: 2000, interval: 5 })
      .toBe(false)
    expect(freshness.version()).toBeUndefined()
    const after = await keptVersion()
    expect(after).not.toBe(before)
  })
}
