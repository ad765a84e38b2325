import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

// The production build on a fresh demo database and a free port, for the benchmark and
// Lighthouse scripts (they measure what a farm would run).

export type ShopServer = {
  url: string
  child: ChildProcess
  readyMs: number
  /** stdout lines so far (JSON logs) */
  lines: () => string[]
  stop: () => Promise<void>
}

export function buildShop(): void {
  execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' })
}

// The same test as `npm start` (scripts/start.mjs): the build's stamp against its sources.
const BUILD_STAMP = 'build/host/built-at'
const BUILD_SOURCES = [
  'app',
  'public',
  'server.ts',
  'vite.config.ts',
  'react-router.config.ts',
  'package-lock.json',
]

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0
  const stat = statSync(entry)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(entry, name))),
    stat.mtimeMs,
  )
}

/** Builds when build/ is missing or older than a source; otherwise uses it as it is. */
export function buildShopIfStale(): void {
  const stale =
    !existsSync(BUILD_STAMP) ||
    Math.max(...BUILD_SOURCES.map(newestChange)) > statSync(BUILD_STAMP).mtimeMs
  if (stale) buildShop()
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

export function freshDatabaseFile(): string {
  return path.join(mkdtempSync(path.join(tmpdir(), 'farm-measure-')), 'shop.db')
}

export async function startShop(
  databaseFile: string,
  env: Record<string, string> = {},
): Promise<ShopServer> {
  const port = await freePort()
  const began = performance.now()
  const child = spawn(process.execPath, ['build/host/server.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      BASE_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: `file:${databaseFile}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  const url = `http://127.0.0.1:${port}`
  for (;;) {
    const ok = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) break
    if (child.exitCode !== null) throw new Error(`server exited during start:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return {
    url,
    child,
    readyMs: performance.now() - began,
    lines: () => output.split('\n'),
    stop: async () => {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
    },
  }
}

/** A product page to measure: the first product linked from the home page. */
export async function firstProductPath(url: string): Promise<string> {
  const html = await (await fetch(url)).text()
  const match = /href="(\/product\/[^"]+)"/.exec(html)
  if (!match?.[1]) throw new Error('no product link on the home page')
  return match[1]
}
