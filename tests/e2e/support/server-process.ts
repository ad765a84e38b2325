import { type ChildProcess, spawn } from 'node:child_process'
import net from 'node:net'
import pg from 'pg'

// The production server in its own process, as a farm runs it, for tests that need to start,
// stop, kill or multiply it; and throwaway PostgreSQL databases for them.

export type Running = {
  url: string
  process: ChildProcess
  logs: () => string
  exited: Promise<number | null>
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address() as net.AddressInfo
      server.close(() => resolve(address.port))
    })
  })
}

/**
 * Starts build/host/server.js and waits for `readyPath` (/healthz; a shop on a read-only
 * database never passes that, so its test waits for a page) to answer 200; `host` names it in
 * its URL.
 */
export async function startServer(
  env: Record<string, string>,
  {
    host = '127.0.0.1',
    port,
    readyPath = '/healthz',
  }: { host?: string; port?: number; readyPath?: string } = {},
): Promise<Running & { readyMs: number }> {
  const chosen = port ?? (await freePort())
  const started = Date.now()
  const child = spawn(process.execPath, ['build/host/server.js'], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PORT: String(chosen), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
  const url = `http://${host}:${chosen}`
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`)
    const ok = await fetch(`http://127.0.0.1:${chosen}${readyPath}`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    if (Date.now() - started > 30_000) throw new Error(`server not ready:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return { url, process: child, logs: () => output, exited, readyMs: Date.now() - started }
}

export async function stopServer(server: Running): Promise<number | null> {
  if (server.process.exitCode === null) server.process.kill('SIGTERM')
  return server.exited
}

export const POSTGRES_SERVER_URL =
  process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'

/** An empty PostgreSQL database for one test, or null when no PostgreSQL answers. */
export async function createPostgresDatabase(
  label: string,
): Promise<{ url: string; admin: pg.Client; client: pg.Client; drop: () => Promise<void> } | null> {
  const admin = new pg.Client({
    connectionString: POSTGRES_SERVER_URL,
    connectionTimeoutMillis: 3000,
  })
  const reachable = await admin.connect().then(
    () => true,
    () => false,
  )
  if (!reachable) return null
  const name = `farm_e2e_${label}_${process.pid}_${Date.now()}`
  await retryingCheckpoint(() => admin.query(`create database ${name}`))
  const target = new URL(POSTGRES_SERVER_URL)
  target.pathname = `/${name}`
  // `admin` talks to the server's default database; `client` to the new one.
  const client = new pg.Client({ connectionString: target.toString() })
  // A test may cut the database's connections on purpose; this one must not crash the runner.
  client.on('error', () => {})
  await client.connect()
  return {
    url: target.toString(),
    admin,
    client,
    drop: async () => {
      await client.end().catch(() => undefined)
      await retryingCheckpoint(() => admin.query(`drop database if exists ${name} with (force)`))
      await admin.end()
    },
  }
}

/**
 * CREATE and DROP DATABASE ask for a checkpoint, which fails server-wide while full-disk.spec.ts
 * has filled its tablespace (a few seconds, in another worker): wait for it to free the space.
 */
async function retryingCheckpoint<T>(query: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await query()
    } catch (error) {
      if (attempt >= 30 || !/checkpoint request failed/i.test((error as Error).message)) throw error
      await new Promise((resolve) => setTimeout(resolve, 1000))
    }
  }
}
