// A run's figures written up: the machine they were taken on, the Markdown report, and an
// earlier run's medians beside them.
import { existsSync, readFileSync } from 'node:fs'
import os from 'node:os'
import { sql } from 'kysely'
import pg from 'pg'
import { openDatabase } from '../../app/platform/db/db.server'
import { keptNotes } from '../support/report-notes'
import type { ScaleSummary } from './dataset'
import {
  args,
  DATABASES,
  HTML_TARGET_BYTES,
  MEDIAN_TARGET_MS,
  REPORT,
  REQUESTS,
  SIZE,
  WARMUP,
} from './options'

export type PageResult = {
  path: string
  admin: boolean
  status: number
  bytes: number
  serverMedianMs: number
  serverP95Ms: number
  clientMedianMs: number
}

export type Run = {
  database: 'sqlite' | 'postgres'
  loadBefore: string
  buildSeconds: number
  summary: ScaleSummary
  pages: PageResult[]
}

export const round = (n: number) => Math.round(n * 10) / 10

export async function machine() {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU'
  const memory = `${Math.round(os.totalmem() / 1024 ** 3)} GB`
  const sqlite = openDatabase({ kind: 'sqlite', path: ':memory:' })
  const sqliteVersion = (await sql<{ v: string }>`select sqlite_version() as v`.execute(sqlite))
    .rows[0]?.v
  await sqlite.destroy()
  let postgresVersion = 'not used'
  if (DATABASES.includes('postgres')) {
    const client = new pg.Client({ connectionString: args.postgres })
    await client.connect()
    postgresVersion = (await client.query('show server_version')).rows[0]?.server_version
    await client.end()
  }
  return `${cpu}, ${os.cpus().length} cores, ${memory}; Node ${process.version}, SQLite ${sqliteVersion}, PostgreSQL ${postgresVersion}`
}

type Previous = { date: string; runs: Run[] }

export function readPrevious(): Previous | null {
  if (!args.previous) return null
  if (!existsSync(args.previous)) throw new Error(`--previous: no file at ${args.previous}`)
  return JSON.parse(readFileSync(args.previous, 'utf8')) as Previous
}

export const NAMES = { sqlite: 'SQLite', postgres: 'PostgreSQL' } as const

export function verdict(page: PageResult) {
  const fast = page.serverMedianMs < MEDIAN_TARGET_MS
  const small = page.bytes <= HTML_TARGET_BYTES
  if (fast && small) return 'pass'
  return `**fail** (${[fast ? '' : 'median', small ? '' : 'size'].filter(Boolean).join(', ')})`
}

export function markdown(runs: Run[], about: string, date: string, previous: Previous | null) {
  const lines: string[] = []
  lines.push('# Scale: a farm with 2,000 products and 50,000 orders')
  lines.push('')
  lines.push(
    `\`npm run bench:scale\` (scripts/bench-scale.ts) builds the demo farm topped up to ${SIZE.products.toLocaleString('en-US')} products (about 40% with two or three options), ${SIZE.customers.toLocaleString('en-US')} customers and ${SIZE.orders.toLocaleString('en-US')} orders placed over three years (1-4 items each, statuses by age, pickup and delivery dates, one confirmation email each in the outbox, an audit trail, messages, newsletter subscribers, a waiting list; scripts/bench-scale/dataset.ts), in a fresh SQLite file and a fresh PostgreSQL database (vacuumed and analyzed after the bulk load, as autovacuum would soon do). The production build then serves it (one worker, Node ${process.version}, LOG_LEVEL=info) and each page is asked for ${REQUESTS} times in a row after ${WARMUP} unmeasured requests, public pages as a guest, admin pages as an administrator made with \`npm run admin -- create\` and signed in through the form.`,
  )
  lines.push('')
  lines.push(
    `"Server" is the shop's own time per request, from its request log (first byte in to last byte out, found by request id); "client" is fetch's time for the same requests on loopback. HTML is the uncompressed body. Targets: median under ${MEDIAN_TARGET_MS} ms, no page over ${HTML_TARGET_BYTES / 1024} KB of HTML.${previous ? ` "Before" is the server median of the run of ${previous.date} (${args.previous}).` : ''}`,
  )
  lines.push('')
  lines.push(
    `Last run: ${date}, \`npm run bench:scale${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}\`, on ${about}.`,
  )
  lines.push('')
  lines.push(
    "The load average (1, 5, 15 min, `/proc/loadavg`) is the machine's just before each database's run: above about 1, other work shared the two cores and slowed every figure.",
  )
  for (const run of runs) {
    const before = previous?.runs.find((other) => other.database === run.database)
    lines.push('')
    lines.push(`## ${NAMES[run.database]}`)
    lines.push('')
    lines.push(
      `Built in ${run.buildSeconds} s: ${run.summary.products} products added to the demo farm's (${run.summary.variants} options), ${run.summary.customers} customers, ${run.summary.orders} orders with ${run.summary.orderItems} items, ${run.summary.emails} emails, ${run.summary.auditEntries} audit entries. Load average before: ${run.loadBefore}.`,
    )
    lines.push('')
    lines.push(
      `| Page | Server median | Server p95 | Client median | HTML |${before ? ' Before (median) |' : ''} Targets |`,
    )
    lines.push(`| --- | --- | --- | --- | --- |${before ? ' --- |' : ''} --- |`)
    for (const page of run.pages) {
      const was = before?.pages.find((other) => samePage(other.path, page.path))
      lines.push(
        `| \`${page.path}\` | ${page.serverMedianMs} ms | ${page.serverP95Ms} ms | ${page.clientMedianMs} ms | ${kb(page.bytes)} |${before ? ` ${was ? `${was.serverMedianMs} ms` : '-'} |` : ''} ${verdict(page)} |`,
      )
    }
    const failing = run.pages.filter((page) => verdict(page) !== 'pass')
    lines.push('')
    lines.push(
      failing.length === 0
        ? `Every page met both targets on ${NAMES[run.database]}.`
        : `${run.pages.length - failing.length} of ${run.pages.length} pages met both targets on ${NAMES[run.database]}; missed: ${failing.map((page) => `\`${page.path}\``).join(', ')}.`,
    )
  }
  lines.push('')
  const notes = keptNotes(REPORT)
  if (notes) lines.push(notes)
  return lines.join('\n')
}

/** Pages with ids (a product, an order) differ between builds; they match by their shape. */
export function samePage(a: string, b: string) {
  const shape = (p: string) => p.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')
  return shape(a) === shape(b)
}

const kb = (bytes: number) => `${round(bytes / 1024)} KB`
