// `npm run bench`: the budgets that matter, measured on the production build against a fresh
// SQLite database on this machine. Prints a table and writes .cache/bench.json.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

const REQUESTS = 300

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

type Server = { url: string; child: ChildProcess; readyMs: number; lines: () => string[] }

async function start(databaseFile: string): Promise<Server> {
  const port = await freePort()
  const began = performance.now()
  const child = spawn(process.execPath, ['build/host/server.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: `file:${databaseFile}`,
      LOG_LEVEL: 'trace',
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
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    if (child.exitCode !== null) throw new Error('server exited during start')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return { url, child, readyMs: performance.now() - began, lines: () => output.split('\n') }
}

async function stop(server: Server) {
  server.child.kill('SIGTERM')
  await new Promise((resolve) => server.child.once('exit', resolve))
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

async function queriesPerView(server: Server, pathname: string): Promise<number> {
  const before = server.lines().length
  await (await fetch(server.url + pathname)).text()
  await new Promise((resolve) => setTimeout(resolve, 50))
  return server
    .lines()
    .slice(before - 1)
    .filter((line) => line.includes('"msg":"query"')).length
}

async function latency(server: Server, pathname: string) {
  const times: number[] = []
  for (let i = 0; i < REQUESTS; i++) {
    const began = performance.now()
    const response = await fetch(server.url + pathname)
    await response.text()
    times.push(performance.now() - began)
  }
  return { median: percentile(times, 50), p95: percentile(times, 95) }
}

async function javascriptShipped(server: Server, pathname: string) {
  const html = await (await fetch(server.url + pathname)).text()
  const sources = new Set(
    [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? ''),
  )
  let gzipBytes = 0
  for (const source of sources) {
    const body = Buffer.from(await (await fetch(server.url + source)).arrayBuffer())
    gzipBytes += gzipSync(body).length
  }
  return { files: sources.size, gzipKb: gzipBytes / 1024 }
}

execFileSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' })
const databaseFile = path.join(mkdtempSync(path.join(tmpdir(), 'farm-bench-')), 'shop.db')

const first = await start(databaseFile)
await stop(first)
const server = await start(databaseFile)
await latency(server, '/') // warm up
const home = await latency(server, '/')
const homeQueries = await queriesPerView(server, '/')
const homeJs = await javascriptShipped(server, '/')
await stop(server)

const results = {
  firstStartMs: Math.round(first.readyMs),
  startMs: Math.round(server.readyMs),
  homeMedianMs: Number(home.median.toFixed(2)),
  homeP95Ms: Number(home.p95.toFixed(2)),
  homeQueries,
  homeJsGzipKb: Number(homeJs.gzipKb.toFixed(1)),
}
const rows: [string, string, string][] = [
  [
    'first start, empty database (migrate + seed), to /healthz',
    `${results.firstStartMs} ms`,
    '< 1000 ms',
  ],
  ['start on an existing database, to /healthz', `${results.startMs} ms`, '< 1000 ms'],
  [
    `home page, median of ${REQUESTS} (loopback, incl. HTTP)`,
    `${results.homeMedianMs} ms`,
    '< 10 ms',
  ],
  ['home page, p95', `${results.homeP95Ms} ms`, ''],
  ['SQL queries per home page view', String(results.homeQueries), '<= 4'],
  ['JavaScript shipped to the home page (gzip)', `${results.homeJsGzipKb} KB`, '<= 100 KB'],
]
for (const [name, value, budget] of rows) {
  console.log(`${name.padEnd(62)} ${value.padStart(10)}   ${budget}`)
}
mkdirSync('.cache', { recursive: true })
writeFileSync('.cache/bench.json', `${JSON.stringify(results, null, 2)}\n`)
