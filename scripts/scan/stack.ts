import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { type ShopServer, startShop } from '../support/shop-server'
import { type Stack, switchOffRateLimits } from './setup'
import { startTlsFront, type TlsFront } from './tls-front'

// One scanned shop: the production build on a fresh demo SQLite database, behind the TLS
// front, with rate limits off (see switchOffRateLimits).

export type RunningStack = Stack & {
  server: ShopServer
  front: TlsFront
  stop: () => Promise<void>
}

/** The sources `npm start` watches (scripts/start.mjs): build only when one changed. */
const SOURCES = [
  'app',
  'public',
  'server.ts',
  'vite.config.ts',
  'react-router.config.ts',
  'package-lock.json',
]
const STAMP = 'build/host/built-at'

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0
  const stat = statSync(entry)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(entry, name))),
    stat.mtimeMs,
  )
}

export function buildIfStale(): boolean {
  const stale =
    !existsSync(STAMP) || Math.max(...SOURCES.map(newestChange)) > statSync(STAMP).mtimeMs
  if (stale) execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' })
  return stale
}

export async function startStack(workDir: string): Promise<RunningStack> {
  mkdirSync(workDir, { recursive: true })
  const front = await startTlsFront(workDir)
  const databaseFile = path.join(workDir, 'shop.db')
  const server = await startShop(databaseFile, {
    BASE_URL: front.url,
    TRUST_PROXY: 'true',
    // Every request is logged, so the scan can report any 5xx the scanners caused.
    LOG_LEVEL: 'info',
  })
  front.forwardTo(Number(new URL(server.url).port))
  switchOffRateLimits(databaseFile)
  return {
    publicUrl: front.url,
    appUrl: server.url,
    databaseFile,
    server,
    front,
    stop: async () => {
      await front.close()
      if (server.child.exitCode === null) await server.stop()
    },
  }
}

export type ServerError = { method: string; path: string; status: number; count: number }

/** Every 5xx answer in the shop's request log (none is acceptable: bad input gets a 4xx). */
export function serverErrors(server: ShopServer): ServerError[] {
  const found = new Map<string, ServerError>()
  for (const line of server.lines()) {
    if (!line.includes('"status":5')) continue
    try {
      const entry = JSON.parse(line) as { method?: string; path?: string; status?: number }
      if (!entry.status || entry.status < 500) continue
      const key = `${entry.method} ${entry.path} ${entry.status}`
      const seen = found.get(key)
      if (seen) seen.count++
      else
        found.set(key, {
          method: entry.method ?? '',
          path: entry.path ?? '',
          status: entry.status,
          count: 1,
        })
    } catch {
      // not a JSON log line
    }
  }
  return [...found.values()]
}
