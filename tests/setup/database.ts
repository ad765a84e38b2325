import { randomBytes } from 'node:crypto'
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { inject } from 'vitest'
import { type DB, openDatabase } from '../../app/platform/db/db.server'
import type { DatabaseConfig } from '../../app/platform/env.server'

// Each test file gets its own database copied from a template that global-database.ts
// migrated once: a file copy on SQLite, CREATE DATABASE ... TEMPLATE on PostgreSQL.

export type TestDatabase = {
  db: DB
  dialect: 'sqlite' | 'postgres'
  config: DatabaseConfig
  cleanup: () => Promise<void>
}

export function testDialect(): 'sqlite' | 'postgres' {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite'
}

function required(name: 'sqliteTemplate' | 'pgServerUrl' | 'pgTemplate'): string {
  const value = inject(name)
  if (!value)
    throw new Error(`${name} is not provided: run database tests through vitest's projects`)
  return value
}

export function withDatabase(url: string, name: string): string {
  const target = new URL(url)
  target.pathname = `/${name}`
  return target.toString()
}

async function createPostgresCopy(): Promise<TestDatabase> {
  const serverUrl = required('pgServerUrl')
  const template = required('pgTemplate')
  const name = `farm_test_${randomBytes(6).toString('hex')}`
  const admin = openDatabase({ kind: 'postgres', url: serverUrl })
  try {
    // Two copies of one template at the same instant can collide; a retry settles it.
    for (let attempt = 1; ; attempt++) {
      try {
        await sql`create database ${sql.id(name)} template ${sql.id(template)}`.execute(admin)
        break
      } catch (error) {
        if (attempt >= 20) throw error
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt))
      }
    }
  } finally {
    await admin.destroy()
  }
  const config = { kind: 'postgres' as const, url: withDatabase(serverUrl, name) }
  const db = openDatabase(config)
  return {
    db,
    dialect: 'postgres',
    config,
    cleanup: async () => {
      await db.destroy()
      const dropper = openDatabase({ kind: 'postgres', url: serverUrl })
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(dropper)
      await dropper.destroy()
    },
  }
}

function createSqliteCopy(): TestDatabase {
  const dir = mkdtempSync(path.join(tmpdir(), 'farm-test-'))
  const file = path.join(dir, 'shop.db')
  copyFileSync(required('sqliteTemplate'), file)
  const config = { kind: 'sqlite' as const, path: file }
  const db = openDatabase(config)
  return {
    db,
    dialect: 'sqlite',
    config,
    cleanup: async () => {
      await db.destroy()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  return testDialect() === 'postgres' ? createPostgresCopy() : createSqliteCopy()
}
