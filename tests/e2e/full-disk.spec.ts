import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import pg from 'pg'
import {
  type AuditDatabase,
  openPostgresAudit,
  openSqliteAudit,
  readCatalog,
} from '../../scripts/load/audit'
import { addToCartFields, customerNumber, signUpFields } from '../../scripts/support/shopper'
import {
  AUTH_SECRET,
  chownToPostgres,
  expectUnavailablePage,
  fillDisk,
  fullDiskScene,
  mountTmpfs,
  post,
  requireOrSkip,
  status,
} from './support/full-disk'
import {
  freePort,
  POSTGRES_SERVER_URL,
  type Running,
  startServer,
  stopServer,
} from './support/server-process'

// Issue 31 item 4: a full disk or a read-only database, for real, under the production server.
// Every write answers the "We'll be right back" page (503, Retry-After, no-store), never a
// 500; pages that only read keep working; /healthz fails while writes fail and comes back by
// itself within seconds of space being freed; an order placed while the disk is full leaves no
// order, no line and no stock change behind.
//
// A small tmpfs holds the database (SQLite's file, or a PostgreSQL tablespace), and a filler
// file takes what is left of it. Mounting needs root; where it cannot be done the tests say why
// and are skipped, except under CI=true, where that is a failure. A read-only SQLite file for
// root (who ignores file modes) is an immutable one (chattr +i): opening it for writing fails,
// and SQLite falls back to reading it.

test.describe.configure({ mode: 'serial' })

test('SQLite on a full disk: writes answer 503, reads work, /healthz fails, no partial order', async () => {
  test.setTimeout(120_000)
  const tmpfs = requireOrSkip(mountTmpfs(64))
  if (!tmpfs) return
  const file = path.join(tmpfs.dir, 'shop.db')
  const filler = path.join(tmpfs.dir, 'filler')
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const env = {
    DATABASE_URL: `file:${file}`,
    BASE_URL: url,
    TRUST_PROXY: 'true',
    AUTH_SECRET,
    LOG_LEVEL: 'warn',
    SUBSCRIPTION_SCHEDULER: 'false',
  }
  let server: Running | undefined
  let audit: AuditDatabase | undefined
  try {
    server = await startServer(env, { port })
    audit = openSqliteAudit(file)
    await fullDiskScene(
      server,
      audit,
      {
        fill: () => fillDisk(filler),
        free: () => rmSync(filler, { force: true }),
      },
      { everyWriteFails: true },
    )
    await audit.close()
    audit = undefined
    await stopServer(server)

    // The same database, read-only: started on an immutable file, the shop serves its pages
    // and answers every write with the 503 page; /healthz says so.
    execFileSync('chattr', ['+i', file])
    server = await startServer(env, { port, readyPath: '/shop' })
    expect(await status(`${url}/shop`)).toBe(200)
    const health = await fetch(`${url}/healthz`)
    expect(health.status).toBe(503)
    expect(await health.json()).toMatchObject({ writes: 'failing' })
    const reader = openSqliteAudit(file)
    const item = (await readCatalog(reader)).items[0]
    await reader.close()
    if (!item) throw new Error('no item on sale')
    expectUnavailablePage(await post(url, '/cart', addToCartFields(item, 1)), 'read-only cart')
    expectUnavailablePage(
      await post(url, '/signup', signUpFields(customerNumber(3, `ro-${Date.now()}`))),
      'read-only sign-up',
    )
  } finally {
    await audit?.close()
    if (server) await stopServer(server)
    try {
      execFileSync('chattr', ['-i', file], { stdio: 'pipe' })
    } catch {}
    tmpfs.unmount()
  }
})

test('PostgreSQL on a full tablespace, then read-only: writes answer 503, no partial order', async () => {
  test.setTimeout(150_000)
  const admin = new pg.Client({
    connectionString: POSTGRES_SERVER_URL,
    connectionTimeoutMillis: 3000,
  })
  const reachable = await admin.connect().then(
    () => true,
    () => false,
  )
  if (!requireOrSkip(reachable ? true : `PostgreSQL does not answer at ${POSTGRES_SERVER_URL}`)) {
    return
  }
  const tmpfs = requireOrSkip(mountTmpfs(64))
  if (!tmpfs) return await admin.end()
  const tablespaceDir = path.join(tmpfs.dir, 'pg')
  mkdirSync(tablespaceDir)
  const filler = path.join(tmpfs.dir, 'filler')
  const suffix = `${process.pid}_${Date.now()}`
  const tablespace = `farm_full_${suffix}`
  const name = `farm_e2e_full_${suffix}`
  let server: Running | undefined
  let audit: AuditDatabase | undefined
  const terminate = () =>
    admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    )
  try {
    const refused = chownToPostgres(tablespaceDir)
    if (refused) throw new Error(refused)
    await admin.query(`create tablespace ${tablespace} location '${tablespaceDir}'`)
    await admin.query(`create database ${name} tablespace ${tablespace}`)
    const target = new URL(POSTGRES_SERVER_URL)
    target.pathname = `/${name}`
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    server = await startServer(
      {
        DATABASE_URL: target.toString(),
        BASE_URL: url,
        TRUST_PROXY: 'true',
        AUTH_SECRET,
        LOG_LEVEL: 'warn',
        SUBSCRIPTION_SCHEDULER: 'false',
      },
      { port },
    )
    audit = await openPostgresAudit(target.toString())
    await fullDiskScene(
      server,
      audit,
      {
        fill: () => fillDisk(filler),
        free: () => rmSync(filler, { force: true }),
      },
      { everyWriteFails: false },
    )

    // Read-only: new sessions may not write (25006), and the open ones are ended so the pools
    // open new ones.
    await audit.close()
    audit = undefined
    await admin.query(`alter database ${name} set default_transaction_read_only = on`)
    await terminate()
    audit = await openPostgresAudit(target.toString())
    const catalog = await readCatalog(audit)
    const item = catalog.items[0]
    if (!item) throw new Error('no item on sale')
    // The first request after the cut may meet a connection the pool has not yet dropped.
    await expect
      .poll(() => post(url, '/cart', addToCartFields(item, 1)).then((a) => a.status), {
        timeout: 15_000,
      })
      .toBe(503)
    expectUnavailablePage(await post(url, '/cart', addToCartFields(item, 1)), 'read-only cart')
    expect(await status(`${url}/shop`)).toBe(200)
    await expect.poll(() => status(`${url}/healthz`), { timeout: 10_000 }).toBe(503)

    await audit.close()
    audit = undefined
    await admin.query(`alter database ${name} reset default_transaction_read_only`)
    await terminate()
    await expect.poll(() => status(`${url}/healthz`), { timeout: 15_000 }).toBe(200)
    await expect
      .poll(() => post(url, '/cart', addToCartFields(item, 1)).then((a) => a.status), {
        timeout: 10_000,
      })
      .toBe(200)
  } finally {
    await audit?.close().catch(() => undefined)
    if (server) await stopServer(server)
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined)
    await admin.query(`drop tablespace if exists ${tablespace}`).catch(() => undefined)
    await admin.end()
    tmpfs.unmount()
  }
})
