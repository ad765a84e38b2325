import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { migrations } from './migrations'

// Backups of the embedded SQLite database while the shop runs (issue 7). SQLite's online backup
// API copies the pages through its own read transaction, so the copy is a consistent snapshot:
// every order committed before it started is in it whole, none half-written. We ask for all
// pages in one step, because a step-by-step copy restarts whenever the running shop writes, and
// a busy shop could keep it restarting. PostgreSQL is backed up with pg_dump (README).

/** 2026-11-21T22:15:03.123Z -> shop-20261121-221503Z.db: sorts by time, safe in any file system. */
export function backupFileName(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '')
    .replace('T', '-')
  return `shop-${stamp}.db`
}

/** Copies the live database at `source` into `directory`; returns the new file's path. */
export async function backupSqlite(
  source: string,
  directory: string,
  now = new Date(),
): Promise<string> {
  if (!existsSync(source)) throw new BackupError(`There is no database at ${source}.`)
  mkdirSync(directory, { recursive: true })
  const target = path.join(directory, backupFileName(now))
  if (existsSync(target)) throw new BackupError(`${target} already exists.`)
  // Written under a temporary name and renamed when whole, so a crash never leaves a file
  // that looks like a backup but is not one.
  const partial = `${target}.partial`
  rmSync(partial, { force: true })
  const database = new SQLite(source, { fileMustExist: true })
  try {
    database.pragma('busy_timeout = 5000')
    await database.backup(partial, { progress: () => 0x7fffffff })
  } finally {
    database.close()
  }
  // The copy inherits the shop's WAL mode; a backup is one self-contained file.
  const copy = new SQLite(partial, { fileMustExist: true })
  try {
    copy.pragma('journal_mode = DELETE')
  } finally {
    copy.close()
  }
  const check = inspectBackup(partial)
  if (!check.ok) {
    rmSync(partial, { force: true })
    throw new BackupError(`The copy failed its check: ${check.reason}`)
  }
  renameSync(partial, target)
  return target
}

export type BackupCheck =
  | { ok: true; migrations: string[]; orders: number; customers: number; products: number }
  | { ok: false; reason: string }

/**
 * Is this file a shop database this version can run? An intact SQLite file (integrity_check),
 * migrated by this shop, with no migration newer than this code knows.
 */
export function inspectBackup(file: string): BackupCheck {
  if (!existsSync(file)) return { ok: false, reason: `there is no file at ${file}` }
  let database: SQLite.Database
  try {
    database = new SQLite(file, { readonly: true, fileMustExist: true })
  } catch (error) {
    return { ok: false, reason: `not a SQLite database (${(error as Error).message})` }
  }
  try {
    const integrity = database.pragma('integrity_check', { simple: true })
    if (integrity !== 'ok') return { ok: false, reason: `damaged: ${String(integrity)}` }
    const hasMigrations = database
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'schema_migrations'")
      .get()
    if (!hasMigrations) return { ok: false, reason: 'not a farm shop database (no migrations)' }
    const applied = (
      database.prepare('select name from schema_migrations order by name').all() as {
        name: string
      }[]
    ).map((row) => row.name)
    const unknown = applied.filter((name) => !(name in migrations))
    if (unknown.length > 0)
      return {
        ok: false,
        reason: `made by a newer version of the shop (migrations ${unknown.join(', ')})`,
      }
    const count = (table: string) =>
      (database.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n
    return {
      ok: true,
      migrations: applied,
      orders: count('orders'),
      customers: count('customers'),
      products: count('products'),
    }
  } catch (error) {
    return { ok: false, reason: `unreadable (${(error as Error).message})` }
  } finally {
    database.close()
  }
}

/**
 * Puts a checked backup in place of the database at `target`. The shop must be stopped: the
 * running process would keep writing to the file it has open. The database being replaced is
 * kept beside it (shop.db.before-restore-<time>), so a restore can itself be undone.
 */
export function restoreSqlite(
  backup: string,
  target: string,
  now = new Date(),
): { replaced: string | null } {
  const check = inspectBackup(backup)
  if (!check.ok) throw new BackupError(`${backup} cannot be restored: ${check.reason}.`)
  mkdirSync(path.dirname(target), { recursive: true })

  let replaced: string | null = null
  if (existsSync(target)) {
    // Checkpoint the old database's WAL into its main file so the kept copy is whole.
    const old = new SQLite(target, { fileMustExist: true })
    try {
      old.pragma('wal_checkpoint(TRUNCATE)')
    } finally {
      old.close()
    }
    replaced = `${target}.before-restore-${backupFileName(now).slice('shop-'.length, -'.db'.length)}`
    renameSync(target, replaced)
  }
  for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true })
  const partial = `${target}.partial`
  rmSync(partial, { force: true })
  copyWhole(backup, partial)
  renameSync(partial, target)
  return { replaced }
}

function copyWhole(from: string, to: string) {
  const source = new SQLite(from, { readonly: true, fileMustExist: true })
  try {
    // VACUUM INTO writes a compact, self-contained copy (no WAL needed to read it).
    source.exec(`vacuum into ${quote(to)}`)
  } finally {
    source.close()
  }
}

function quote(file: string): string {
  return `'${file.replaceAll("'", "''")}'`
}

export class BackupError extends Error {
  override name = 'BackupError'
}
