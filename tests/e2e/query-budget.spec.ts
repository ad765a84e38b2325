import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'

// Budget: at most 4 SQL queries per page view (ARCHITECTURE.md). A server of its own logs every
// query at trace level; requests are made one at a time and the queries between two request
// log lines are counted.

const BUDGET = 4
const PAGES = ['/', '/shop', '/about', '/grass-fed-beef', '/contact', '/cart']

let child: ChildProcess
let baseUrl = ''
let output = ''

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

test.beforeAll(async () => {
  const port = await freePort()
  baseUrl = `http://127.0.0.1:${port}`
  const dir = mkdtempSync(path.join(tmpdir(), 'farm-queries-'))
  child = spawn(process.execPath, ['build/host/server.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      BASE_URL: baseUrl,
      DATABASE_URL: `file:${path.join(dir, 'shop.db')}`,
      LOG_LEVEL: 'trace',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  await expect
    .poll(
      () =>
        fetch(`${baseUrl}/healthz`).then(
          (r) => r.ok,
          () => false,
        ),
      { timeout: 20_000 },
    )
    .toBe(true)
})

test.afterAll(async () => {
  child.kill('SIGTERM')
  await new Promise((resolve) => child.once('exit', resolve))
})

async function queriesFor(pathname: string, headers: Record<string, string> = {}) {
  // Once to warm up (a first view may create things, e.g. a lazily made image variant).
  await (await fetch(baseUrl + pathname, { headers })).text()
  await new Promise((resolve) => setTimeout(resolve, 50))
  const before = output.length
  const response = await fetch(baseUrl + pathname, { headers })
  await response.text()
  await new Promise((resolve) => setTimeout(resolve, 100))
  const lines = output
    .slice(before)
    .split('\n')
    .filter((line) => line.includes('"msg":"query"'))
  return { status: response.status, count: lines.length, sql: lines }
}

test('every public page view runs at most 4 SQL queries', async () => {
  const html = await (await fetch(baseUrl)).text()
  const product = /href="(\/product\/[^"]+)"/.exec(html)?.[1]
  expect(product).toBeTruthy()
  for (const page of [...PAGES, product ?? '']) {
    const { count, sql } = await queriesFor(page)
    expect(count, `${page}:\n${sql.join('\n')}`).toBeLessThanOrEqual(BUDGET)
  }
})
