import { sql } from 'kysely'
import pino from 'pino'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestApp } from '../../../tests/setup/app'
import type { TestDatabase } from '../../../tests/setup/database'
import { type DB, openDatabase } from './db.server'

// The net under the lock order: two transactions that lock the same two rows in opposite order.
// PostgreSQL breaks the circle by ending one (40P01); the shop's handle runs that one again and
// both commit. On SQLite writers take turns, so both commit the first time.

let t: TestDatabase
let shop: DB
const warnings: string[] = []

beforeAll(async () => {
  t = await createTestApp()
  shop = openDatabase(t.config, pino({ level: 'warn' }, { write: (l: string) => warnings.push(l) }))
  await sql`create table lock_pair (id text primary key, n integer not null)`.execute(t.db)
  await sql`insert into lock_pair (id, n) values ('a', 0), ('b', 0)`.execute(t.db)
})
afterAll(async () => {
  await shop?.destroy()
  await t?.cleanup()
})

const bump = (trx: DB, id: string) =>
  sql`update lock_pair set n = n + 1 where id = ${id}`.execute(trx)

test('a transaction ended as a deadlock victim runs again and commits; so does the other', async () => {
  const postgres = t.dialect === 'postgres'
  let firstRuns = 0
  let secondRuns = 0
  let bothHoldOne = () => {}
  const bothHold = new Promise<void>((resolve) => {
    let held = 0
    bothHoldOne = () => {
      if (++held === 2) resolve()
    }
  })
  // Each takes its first row, waits until the other has taken its own (PostgreSQL only: on
  // SQLite the second cannot begin before the first ends), then asks for the other's row.
  const first = shop.transaction().execute(async (trx) => {
    firstRuns++
    await bump(trx, 'a')
    if (firstRuns === 1 && postgres) {
      bothHoldOne()
      await bothHold
    }
    await bump(trx, 'b')
    return 'first'
  })
  const second = shop.transaction().execute(async (trx) => {
    secondRuns++
    await bump(trx, 'b')
    if (secondRuns === 1 && postgres) {
      bothHoldOne()
      await bothHold
    }
    await bump(trx, 'a')
    return 'second'
  })

  await expect(Promise.all([first, second])).resolves.toEqual(['first', 'second'])
  const rows = await sql<{
    id: string
    n: number
  }>`select id, n from lock_pair order by id`.execute(t.db)
  expect(rows.rows).toEqual([
    { id: 'a', n: 2 },
    { id: 'b', n: 2 },
  ])
  const retries = warnings.filter((line) => line.includes('running it again'))
  if (postgres) {
    // One of the two was the victim and ran twice; the deadlock is in the log, as a warning.
    expect(firstRuns + secondRuns).toBe(3)
    expect(retries).toHaveLength(1)
    expect(JSON.parse(retries[0] ?? '{}')).toMatchObject({ code: '40P01', attempt: 1 })
  } else {
    expect([firstRuns, secondRuns]).toEqual([1, 1])
    expect(retries).toHaveLength(0)
  }
})
