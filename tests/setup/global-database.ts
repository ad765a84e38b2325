import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../app/platform/db/db.server'
import { migrateToLatest } from '../../app/platform/db/migrate.server'
import { withDatabase } from './database'

declare module 'vitest' {
  export interface ProvidedContext {
    sqliteTemplate: string
    pgServerUrl: string
    pgTemplate: string
  }
}

const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/test'

/** Migrates one template database per run; test files copy it (tests/setup/database.ts). */
export default async function setup(project: TestProject) {
  if (project.name === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'farm-template-'))
    const file = path.join(dir, 'template.db')
    const db = openDatabase({ kind: 'sqlite', path: file })
    await migrateToLatest(db)
    // Fold the WAL back into the main file so a plain file copy carries everything.
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db)
    await sql`pragma journal_mode = DELETE`.execute(db)
    await db.destroy()
    project.provide('sqliteTemplate', file)
    return () => rmSync(dir, { recursive: true, force: true })
  }

  const serverUrl = process.env.TEST_DATABASE_URL || DEFAULT_PG
  const template = `farm_template_${process.pid}`
  const admin = openDatabase({ kind: 'postgres', url: serverUrl })
  await sql`drop database if exists ${sql.id(template)} with (force)`.execute(admin)
  await sql`create database ${sql.id(template)}`.execute(admin)
  const templateDb = openDatabase({ kind: 'postgres', url: withDatabase(serverUrl, template) })
  await migrateToLatest(templateDb)
  await templateDb.destroy()
  await admin.destroy()
  project.provide('pgServerUrl', serverUrl)
  project.provide('pgTemplate', template)
  return async () => {
    const dropper = openDatabase({ kind: 'postgres', url: serverUrl })
    await sql`drop database if exists ${sql.id(template)} with (force)`.execute(dropper)
    await dropper.destroy()
  }
}
