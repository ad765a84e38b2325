import { sql } from 'kysely'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { getFarmBasics } from '~/farm/farm.server'
import { getPricingSettings } from '~/settings/settings.server'
import { createTestDatabase, type TestDatabase, testDialect } from '../../../tests/setup/database'
import { changeListenerOf, type DB, openDatabase } from './db.server'
import { referenceChanged } from './reference-rows.server'

// Reference rows (farm details, settings) kept by a shop process between requests, and dropped
// when the change triggers' notice comes (migration 0007, ADR 16). `shop` is a process's own
// handle, which listens; `t.db` stands for everyone else (another instance, psql).

let t: TestDatabase
let shop: DB
beforeAll(async () => {
  t = await createTestDatabase()
  shop = openDatabase(t.config, undefined, { listenForChanges: true })
})
afterAll(async () => {
  await shop?.destroy()
  await t?.cleanup()
})

const farmName = (name: string) =>
  t.db.updateTable('farm_info').set({ name }).where('id', '=', 1).execute()
const taxRate = (basisPoints: number) =>
  t.db
    .updateTable('settings')
    .set({ tax_rate_basis_points: basisPoints })
    .where('id', '=', 1)
    .execute()
/** A write that sends no notice, to show what is kept is what is read. */
async function quietly(table: 'farm_info' | 'settings', write: () => Promise<unknown>) {
  await sql`alter table ${sql.id(table)} disable trigger ${sql.id(`${table}_changes`)}`.execute(
    t.db,
  )
  try {
    await write()
  } finally {
    await sql`alter table ${sql.id(table)} enable trigger ${sql.id(`${table}_changes`)}`.execute(
      t.db,
    )
  }
}
/** Lets a notice on its way arrive, so the next read is one that is kept. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100))
const listening = () => changeListenerOf(shop)?.listening === true
const nameSeen = async () => (await getFarmBasics(shop)).name

if (testDialect() === 'sqlite') {
  test('SQLite keeps nothing: every read is fresh', async () => {
    expect(changeListenerOf(shop)).toBeUndefined()
    await getFarmBasics(shop)
    await farmName('Read Afresh Farm')
    expect(await nameSeen()).toBe('Read Afresh Farm')
  })
} else {
  test('a read is kept until a write anywhere sends its notice', async () => {
    await farmName('Kept Farm')
    // The first read starts the listener; until it listens, nothing is kept.
    expect(await nameSeen()).toBe('Kept Farm')
    await expect.poll(listening, { timeout: 5000 }).toBe(true)
    await settle()
    expect(await nameSeen()).toBe('Kept Farm')

    await quietly('farm_info', () => farmName('Unannounced Farm'))
    expect(await nameSeen()).toBe('Kept Farm')

    await farmName('Announced Farm')
    await expect.poll(nameSeen, { timeout: 2000, interval: 5 }).toBe('Announced Farm')
  })

  test('settings too; a transaction always reads afresh', async () => {
    await expect.poll(listening, { timeout: 5000 }).toBe(true)
    await taxRate(600)
    await expect
      .poll(async () => (await getPricingSettings(shop)).taxRateBasisPoints, { timeout: 2000 })
      .toBe(600)
    await settle()
    expect((await getPricingSettings(shop)).taxRateBasisPoints).toBe(600)
    await quietly('settings', () => taxRate(725))
    expect((await getPricingSettings(shop)).taxRateBasisPoints).toBe(600)
    const inTransaction = await shop.transaction().execute((trx) => getPricingSettings(trx))
    expect(inTransaction.taxRateBasisPoints).toBe(725)
  })

  test("the process's own write is read back at once, before its notice comes", async () => {
    await expect.poll(listening, { timeout: 5000 }).toBe(true)
    expect(await nameSeen()).toBeTruthy()
    await quietly('farm_info', () => farmName('Saved Here Farm'))
    referenceChanged(shop, 'farm_info')
    expect(await nameSeen()).toBe('Saved Here Farm')
  })

  test('cut off from its notices, a process keeps nothing until it listens again', async () => {
    await expect.poll(listening, { timeout: 5000 }).toBe(true)
    expect(await nameSeen()).toBeTruthy()
    await sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query = 'listen farm_shop_changes'
    `.execute(t.db)
    await expect.poll(listening, { timeout: 2000, interval: 5 }).toBe(false)
    await quietly('farm_info', () => farmName('Missed Notice Farm'))
    expect(await nameSeen()).toBe('Missed Notice Farm')

    // It reconnects by itself and keeps again.
    await expect.poll(listening, { timeout: 5000 }).toBe(true)
    expect(await nameSeen()).toBe('Missed Notice Farm')
    await quietly('farm_info', () => farmName('Kept Again Farm'))
    expect(await nameSeen()).toBe('Missed Notice Farm')
  })
}
