// `npm run bench`: the production build on a fresh demo database, measured on this machine.
// For /, /shop and one product page: server render time (median, p95 over REQUESTS sequential
// requests, from the server's own request log), requests per second at 50 connections
// (autocannon), SQL queries per page view, and JavaScript shipped (gzip). Writes
// .cache/bench.json and prints a table.
import { mkdirSync, writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import {
  buildShop,
  firstProductPath,
  freshDatabaseFile,
  type ShopServer,
  startShop,
} from './support/shop-server'

const REQUESTS = 300
const CONNECTIONS = 50
const LOAD_SECONDS = 10

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

type LogLine = { msg?: string; ms?: number; path?: string }

function logLines(server: ShopServer): LogLine[] {
  return server
    .lines()
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine)
}

/** Server-side render times of `count` sequential requests, from the request log. */
async function renderTimes(server: ShopServer, pathname: string, count: number) {
  const before = logLines(server).length
  for (let i = 0; i < count; i++) await (await fetch(server.url + pathname)).text()
  await new Promise((resolve) => setTimeout(resolve, 100))
  const times = logLines(server)
    .slice(before)
    .filter((line) => line.msg === 'request' && line.path === pathname)
    .map((line) => line.ms ?? 0)
  return { median: percentile(times, 50), p95: percentile(times, 95) }
}

/** SQL statements run for one view of the page (query log at trace level). */
async function queriesPerView(server: ShopServer, pathname: string): Promise<number> {
  await (await fetch(server.url + pathname)).text()
  await new Promise((resolve) => setTimeout(resolve, 50))
  const before = logLines(server).length
  await (await fetch(server.url + pathname)).text()
  await new Promise((resolve) => setTimeout(resolve, 100))
  return logLines(server)
    .slice(before)
    .filter((line) => line.msg === 'query').length
}

async function javascriptKb(server: ShopServer, pathname: string): Promise<number> {
  const html = await (await fetch(server.url + pathname)).text()
  const sources = new Set(
    [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? ''),
  )
  let bytes = 0
  for (const source of sources) {
    bytes += gzipSync(Buffer.from(await (await fetch(server.url + source)).arrayBuffer())).length
  }
  return Math.round((bytes / 1024) * 10) / 10
}

async function requestsPerSecond(server: ShopServer, pathname: string): Promise<number> {
  const result = await autocannon({
    url: server.url + pathname,
    connections: CONNECTIONS,
    duration: LOAD_SECONDS,
  })
  return Math.round(result.requests.average)
}

buildShop()
const databaseFile = freshDatabaseFile()

const first = await startShop(databaseFile)
const firstStartMs = Math.round(first.readyMs)
const pages = ['/', '/shop', await firstProductPath(first.url)]
await first.stop()

const traced = await startShop(databaseFile, { LOG_LEVEL: 'trace' })
// One page at a time: the count is whatever ran between two requests.
const queries: Record<string, number> = {}
for (const page of pages) queries[page] = await queriesPerView(traced, page)
await traced.stop()

const server = await startShop(databaseFile, { LOG_LEVEL: 'info' })
const startMs = Math.round(server.readyMs)
const rows: Record<string, Record<string, number>> = {}
for (const page of pages) {
  await renderTimes(server, page, 20) // warm up
  const render = await renderTimes(server, page, REQUESTS)
  rows[page] = {
    renderMedianMs: render.median,
    renderP95Ms: render.p95,
    requestsPerSecond: await requestsPerSecond(server, page),
    queries: queries[page] ?? -1,
    javascriptKb: await javascriptKb(server, page),
  }
}
await server.stop()

console.log(`\nfirst start on an empty database (migrate + seed) to /healthz: ${firstStartMs} ms`)
console.log(`start on an existing database: ${startMs} ms\n`)
console.log(
  `${'page'.padEnd(58)}${'median ms'.padStart(10)}${'p95 ms'.padStart(8)}${'req/s'.padStart(8)}${'SQL'.padStart(5)}${'JS KB gz'.padStart(10)}`,
)
for (const [page, row] of Object.entries(rows)) {
  console.log(
    `${page.padEnd(58)}${String(row.renderMedianMs).padStart(10)}${String(row.renderP95Ms).padStart(8)}${String(row.requestsPerSecond).padStart(8)}${String(row.queries).padStart(5)}${String(row.javascriptKb).padStart(10)}`,
  )
}
console.log(
  `\n(${REQUESTS} sequential requests per page; ${CONNECTIONS} connections for ${LOAD_SECONDS} s)`,
)
mkdirSync('.cache', { recursive: true })
writeFileSync(
  '.cache/bench.json',
  `${JSON.stringify({ firstStartMs, startMs, pages: rows }, null, 2)}\n`,
)
