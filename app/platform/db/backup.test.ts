import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { backupFileName, backupSqlite, inspectBackup, restoreSqlite } from './backup.server'
import { openDatabase } from './db.server'
import { migrateToLatest } from './migrate.server'

// SQLite only (PostgreSQL is backed up with pg_dump): each test makes its own database file.

const dirs: string[] = []
function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'farm-backup-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

async function shopDatabase(file: string) {
  const db = openDatabase({ kind: 'sqlite', path: file })
  await migrateToLatest(db)
  return db
}

async function insertOrder(db: Awaited<ReturnType<typeof shopDatabase>>, n: number) {
  const customerId = `c-${n}`
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('customers')
      .values({
        id: customerId,
        name: 'A B',
        email: `c${n}@example.com`,
        first_name: 'A',
        last_name: 'B',
      })
      .execute()
    await trx
      .insertInto('orders')
      .values({
        id: `o-${n}`,
        order_number: 10000 + n,
        customer_id: customerId,
        idempotency_key: `k-${n}`,
        status: 'pending_payment',
        email: `c${n}@example.com`,
        phone: '2085550100',
        subtotal_cents: 1000,
        discount_cents: 0,
        shipping_cents: 0,
        tax_cents: 60,
        total_cents: 1060,
        tax_rate_basis_points: 600,
        shipping_method: 'pickup',
        ship_first_name: 'A',
        ship_last_name: 'B',
        ship_street: '1 Farm Rd',
        ship_city: 'Boise',
        ship_state: 'ID',
        ship_zip_code: '83702',
        payment_method: 'offline',
        payment_status: 'pending',
      })
      .execute()
    await trx
      .insertInto('order_items')
      .values({
        id: `i-${n}`,
        order_id: `o-${n}`,
        product_name: 'Eggs',
        unit_price_cents: 1000,
        quantity: 1,
        line_total_cents: 1000,
      })
      .execute()
  })
}

describe('SQLite backups', () => {
  it('names backups by UTC time so they sort', () => {
    expect(backupFileName(new Date('2026-11-21T22:15:03.123Z'))).toBe('shop-20261121-221503Z.db')
  })

  it('copies the database while orders are being written, and every committed order is in it whole', async () => {
    const dir = tempDir()
    const file = path.join(dir, 'shop.db')
    const db = await shopDatabase(file)
    for (let n = 1; n <= 50; n++) await insertOrder(db, n)

    // Keep writing orders while the backup runs, from the shop's own connection.
    let written = 50
    let writing = true
    const writer = (async () => {
      while (writing) {
        written += 1
        await insertOrder(db, written)
        await new Promise((resolve) => setImmediate(resolve))
      }
    })()
    const committedBefore = written
    const backup = await backupSqlite(file, path.join(dir, 'backups'))
    writing = false
    await writer
    await db.destroy()

    const check = inspectBackup(backup)
    expect(check.ok).toBe(true)
    if (!check.ok) return
    expect(check.orders).toBeGreaterThanOrEqual(committedBefore)
    expect(check.orders).toBeLessThanOrEqual(written)

    // Restore it over the live file and read it back with the shop's own driver.
    const restored = restoreSqlite(backup, file)
    expect(restored.replaced && existsSync(restored.replaced)).toBe(true)
    const back = openDatabase({ kind: 'sqlite', path: file })
    const orders = await back.selectFrom('orders').select(['id']).execute()
    const items = await back.selectFrom('order_items').select(['order_id']).execute()
    await back.destroy()
    expect(orders).toHaveLength(check.orders)
    // No order without its items: the snapshot is consistent.
    expect(new Set(items.map((i) => i.order_id))).toEqual(new Set(orders.map((o) => o.id)))
    for (let n = 1; n <= committedBefore; n++) expect(orders.map((o) => o.id)).toContain(`o-${n}`)
  })

  it('refuses to restore a file that is not a shop database, and leaves the live one alone', async () => {
    const dir = tempDir()
    const live = path.join(dir, 'shop.db')
    const db = await shopDatabase(live)
    await insertOrder(db, 1)
    await db.destroy()

    const junk = path.join(dir, 'junk.db')
    writeFileSync(junk, 'this is not a database')
    expect(inspectBackup(junk)).toMatchObject({ ok: false })
    expect(() => restoreSqlite(junk, live)).toThrow(/cannot be restored/)
    expect(() => restoreSqlite(path.join(dir, 'missing.db'), live)).toThrow(/no file/)

    const other = path.join(dir, 'other.db')
    const plain = openDatabase({ kind: 'sqlite', path: other })
    await plain.destroy()
    expect(inspectBackup(other)).toEqual({
      ok: false,
      reason: 'not a farm shop database (no migrations)',
    })
    expect(inspectBackup(live)).toMatchObject({ ok: true, orders: 1 })
  })
})
