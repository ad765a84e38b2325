import { getMigrations } from 'better-auth/db/migration'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createTestApp } from '../../tests/setup/app'
import type { TestDatabase } from '../../tests/setup/database'
import { getAuth } from './auth.server'

// Our migrations own the schema (ADR 4). better-auth's own migration planner, given our
// configuration, must find nothing to create or add on either database. (On SQLite it warns
// that timestamps are TEXT: that is our ISO-8601 convention, ADR 2, and its adapter agrees.)

let t: TestDatabase
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

test("better-auth's migration planner finds our tables complete", async () => {
  const { toBeCreated, toBeAdded } = await getMigrations(getAuth().options)
  expect(toBeCreated.map((table) => table.table)).toEqual([])
  expect(
    toBeAdded.map((table) => `${table.table}: ${Object.keys(table.fields).join(', ')}`),
  ).toEqual([])
})
