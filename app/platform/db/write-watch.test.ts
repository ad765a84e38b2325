import { sql } from 'kysely'
import { afterEach, describe, expect, test } from 'vitest'
import { type DB, openDatabase, writeWatchOf } from './db.server'
import { ConnectionWrites, type Written, writtenTable } from './write-watch.server'

test('the table an INSERT, UPDATE or DELETE names, as Kysely or a person writes it', () => {
  expect(writtenTable('insert into "products" ("id") values (?)')).toBe('products')
  expect(writtenTable('update "products" set "stock_quantity" = ?')).toBe('products')
  expect(writtenTable('delete from "cart_lines" where "id" = ?')).toBe('cart_lines')
  expect(writtenTable('  INSERT OR IGNORE INTO settings values (1)')).toBe('settings')
  expect(writtenTable('update "public"."farm_info" set name = $1')).toBe('farm_info')
  expect(writtenTable('with x as (select 1) update products set a = 1')).toBeNull()
  expect(writtenTable('select * from products')).toBeNull()
  expect(writtenTable('create table t (a int)')).toBeNull()
})

describe('PostgreSQL statements', () => {
  function watch() {
    const told: Written[] = []
    return { writes: new ConnectionWrites((written) => told.push(written)), told }
  }
  const tables = (written: Written | undefined) =>
    written === 'unknown' ? written : [...(written ?? [])]

  test('a write outside a transaction is told at once; a read or no rows changed, never', () => {
    const { writes, told } = watch()
    writes.postgres('select * from "products"', 'SELECT', 3)
    writes.postgres('update "products" set a = $1 where id = $2', 'UPDATE', 0)
    expect(told).toEqual([])
    writes.postgres('update "products" set a = $1 where id = $2', 'UPDATE', 1)
    expect(told.map(tables)).toEqual([['products']])
  })

  test('a transaction is told when it ends, with every table it wrote', () => {
    const { writes, told } = watch()
    writes.postgres('begin', 'BEGIN', 0)
    writes.postgres('insert into "orders" values ($1)', 'INSERT', 1)
    writes.postgres('update "products" set a = $1', 'UPDATE', 2)
    writes.postgres('select 1', 'SELECT', 1)
    expect(told).toEqual([])
    writes.postgres('commit', 'COMMIT', 0)
    expect(told.map(tables)).toEqual([['orders', 'products']])
    writes.postgres('start transaction isolation level serializable', 'START', 0)
    writes.postgres('delete from "products"', 'DELETE', 1)
    writes.postgres('rollback', 'ROLLBACK', 0)
    expect(told).toHaveLength(2)
  })

  test('ROLLBACK TO SAVEPOINT keeps the transaction and what it wrote before', () => {
    const { writes, told } = watch()
    writes.postgres('begin', 'BEGIN', 0)
    writes.postgres('update "products" set a = 1', 'UPDATE', 1)
    writes.postgres('savepoint "a"', 'SAVEPOINT', 0)
    writes.postgres('rollback to "a"', 'ROLLBACK', 0)
    expect(told).toEqual([])
    writes.postgres('commit', 'COMMIT', 0)
    expect(told.map(tables)).toEqual([['products']])
  })

  test('a statement that may write without saying what is unknown', () => {
    const { writes, told } = watch()
    writes.postgres('with moved as (delete from a returning *) select * from moved', 'SELECT', 1)
    writes.postgres('truncate products', 'TRUNCATE', 0)
    writes.postgres('alter table products add column x int', 'ALTER', 0)
    expect(told).toEqual(['unknown', 'unknown', 'unknown'])
  })
})

describe('SQLite through the handle', () => {
  let db: DB | undefined
  afterEach(async () => {
    await db?.destroy()
    db = undefined
  })

  async function open() {
    db = openDatabase({ kind: 'sqlite', path: ':memory:' })
    await sql`create table t (id integer primary key, a int)`.execute(db)
    const told: Written[] = []
    writeWatchOf(db)?.observe((written) => told.push(written))
    return { db, told }
  }

  test('builders, raw sql and RETURNING are seen; reads and unchanged rows are not', async () => {
    const { db, told } = await open()
    await sql`insert into t (id, a) values (1, 1)`.execute(db)
    await db
      .selectFrom('t' as never)
      .selectAll()
      .execute()
    await sql`update t set a = 2 where id = 99`.execute(db)
    await sql`update t set a = 2 where id = 1 returning id`.execute(db)
    await sql`delete from t where id = 1`.execute(db)
    expect(told.map((w) => (w === 'unknown' ? w : [...w]))).toEqual([['t'], ['t'], ['t']])
  })

  test('a transaction is told once, at its end', async () => {
    const { db, told } = await open()
    await db.transaction().execute(async (trx) => {
      await sql`insert into t (id, a) values (1, 1)`.execute(trx)
      await sql`insert into t (id, a) values (2, 1)`.execute(trx)
      expect(told).toEqual([])
    })
    expect(told).toHaveLength(1)
  })

  test('a statement that changes the schema is unknown', async () => {
    const { db, told } = await open()
    await sql`create index t_a on t (a)`.execute(db)
    expect(told).toEqual(['unknown'])
  })
})
