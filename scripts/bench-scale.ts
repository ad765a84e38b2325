// `npm run bench:scale [-- --db sqlite|postgres|both --requests 50 --previous FILE --keep]`:
// the shop at a farm's full size (issue 18): 2,000 products (about 40% with options), 20,000
// customers and 50,000 orders over three years (scripts/bench-scale/dataset.ts), built on the
// demo farm in a fresh SQLite file and a fresh PostgreSQL database (created on --postgres and
// dropped afterwards). Then the production build serves it and every public page and every
// admin list (signed in as an admin made with the admin CLI) is asked for `--requests` times in
// a row, after a few unmeasured requests: median and p95 of the shop's own time per request
// (its request log, found by request id), the time at the client, and the HTML's size.
// Targets: median under 20 ms, no page over 200 KB of HTML. The full default run writes
// docs/benchmarks/scale.md; other flags write .cache/bench-scale.md. Every run also writes
// .cache/bench-scale.json, which `--previous` reads to show an earlier run's medians beside.
// Not part of `npm test`.
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import { type DB, openDatabase } from '../app/platform/db/db.server'
import { migrateToLatest } from '../app/platform/db/migrate.server'
import { seedDemo } from '../app/seed/demo.server'
import { buildScaleShop } from './bench-scale/dataset'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  args,
  DATABASES,
  REPORT,
  REQUESTS,
  RESULTS,
  SIZE,
  WARMUP,
} from './bench-scale/options'
import {
  machine,
  markdown,
  NAMES,
  type PageResult,
  type Run,
  readPrevious,
  round,
  verdict,
} from './bench-scale/report'
import {
  buildShopIfStale,
  freshDatabaseFile,
  type ShopServer,
  startShop,
} from './support/shop-server'
import { CookieJar } from './support/shopper'

// The dataset builder and the admin CLI read the environment through getEnv().
process.env.LOG_LEVEL = 'silent'
process.env.BASE_URL = 'http://localhost:3000'

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').trim()

async function freshPostgres() {
  const admin = new pg.Client({ connectionString: args.postgres })
  await admin.connect()
  const name = `farm_scale_${process.pid}_${Date.now()}`
  await admin.query(`create database ${name}`)
  const url = new URL(args.postgres as string)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}

/** The demo farm, topped up to SIZE; PostgreSQL's statistics as autovacuum would leave them. */
async function build(db: DB, database: Run['database']) {
  await migrateToLatest(db)
  await seedDemo(db)
  const summary = await buildScaleShop(db, SIZE)
  // Autovacuum analyzes (and marks all-visible) a table this much bigger within a minute;
  // measuring before it has would measure the bulk load, not the shop.
  if (database === 'postgres') await sql`vacuum analyze`.execute(db)
  return summary
}

/** What the pages to measure are about: real ids and names from the built database. */
async function targets(db: DB) {
  const product = await db
    .selectFrom('products')
    .innerJoin('product_variants', 'product_variants.product_id', 'products.id')
    .select(['products.id'])
    .where('products.archived_at', 'is', null)
    .where('products.is_available', '=', true)
    .orderBy('products.name')
    .limit(1)
    .executeTakeFirstOrThrow()
  const order = await db
    .selectFrom('orders')
    .select('id')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()
  const regular = await db
    .selectFrom('orders')
    .select((eb) => ['customer_id', eb.fn.countAll<number>().as('n')])
    .groupBy('customer_id')
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow()
  return { productId: product.id, orderId: order.id, customerId: regular.customer_id }
}

function pagesToMeasure(ids: Awaited<ReturnType<typeof targets>>) {
  const publicPages = [
    '/',
    '/shop',
    '/shop?page=40',
    '/shop?category=Eggs',
    '/shop?q=smoked+honey',
    '/shop?sort=price',
    `/product/${ids.productId}`,
    '/about',
    '/grass-fed-beef',
    '/contact',
    '/cart',
    '/terms',
    '/signin',
    '/sitemap.xml',
  ]
  const adminPages = [
    '/admin',
    '/admin/orders',
    '/admin/orders?status=completed',
    '/admin/orders?status=paid',
    '/admin/orders?page=1000',
    '/admin/orders?q=halvorsen',
    `/admin/orders/${ids.orderId}`,
    '/admin/fulfilment',
    '/admin/customers',
    '/admin/customers?q=halv',
    `/admin/customers/${ids.customerId}`,
    '/admin/products',
    '/admin/products?category=Eggs',
    '/admin/products?stock=low',
    `/admin/products/${ids.productId}`,
    '/admin/waiting-list',
    '/admin/emails',
    '/admin/emails?status=failed',
    '/admin/messages',
    '/admin/newsletter',
    '/admin/activity',
    '/admin/promo-codes',
    '/admin/errors',
  ]
  return [
    ...publicPages.map((page) => ({ path: page, admin: false })),
    ...adminPages.map((page) => ({ path: page, admin: true })),
  ]
}

async function signIn(url: string): Promise<CookieJar> {
  const jar = new CookieJar()
  const response = await fetch(`${url}/signin`, {
    method: 'POST',
    body: new URLSearchParams({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    headers: { origin: url },
    redirect: 'manual',
  })
  if (response.status !== 302) throw new Error(`admin sign-in answered ${response.status}`)
  jar.update(response.headers.getSetCookie())
  return jar
}

type LogLine = { msg?: string; ms?: number; requestId?: string }

let requestCount = 0

/** `count` requests in a row: the shop's own time for each (its log), the client's, the body. */
async function measure(server: ShopServer, page: string, cookie: string, count: number) {
  const ids = new Map<string, number>()
  const client: number[] = []
  let status = 0
  let bytes = 0
  for (let i = 0; i < count; i++) {
    const requestId = `scale-${++requestCount}`
    const started = performance.now()
    const response = await fetch(server.url + page, {
      headers: { 'x-request-id': requestId, ...(cookie ? { cookie } : {}) },
      redirect: 'manual',
    })
    const body = await response.arrayBuffer()
    client.push(performance.now() - started)
    ids.set(requestId, i)
    status = response.status
    bytes = body.byteLength
  }
  await new Promise((resolve) => setTimeout(resolve, 100))
  const server_: number[] = []
  for (const line of server.lines()) {
    if (!line.startsWith('{')) continue
    const entry = JSON.parse(line) as LogLine
    if (entry.msg === 'request' && entry.requestId && ids.has(entry.requestId)) {
      server_.push(entry.ms ?? 0)
    }
  }
  if (server_.length !== count) {
    throw new Error(`${page}: ${server_.length} of ${count} requests in the shop's log`)
  }
  return {
    status,
    bytes,
    serverMedianMs: round(percentile(server_, 50)),
    serverP95Ms: round(percentile(server_, 95)),
    clientMedianMs: round(percentile(client, 50)),
  }
}

async function runOn(database: Run['database']): Promise<Run> {
  const loadBefore = loadAverage()
  console.log(`\n${database}: building the shop (load average before: ${loadBefore})`)
  const databaseFile = freshDatabaseFile()
  const postgres = database === 'postgres' ? await freshPostgres() : undefined
  const databaseUrl = postgres ? postgres.url : `file:${databaseFile}`
  let server: ShopServer | undefined
  try {
    const db = openDatabase(
      postgres ? { kind: 'postgres', url: postgres.url } : { kind: 'sqlite', path: databaseFile },
    )
    const began = performance.now()
    const summary = await build(db, database)
    const buildSeconds = round((performance.now() - began) / 1000)
    const ids = await targets(db)
    await db.destroy()
    console.log(
      `built in ${buildSeconds} s: ${summary.products} products (${summary.variants} options), ${summary.customers} customers, ${summary.orders} orders (${summary.orderItems} items), ${summary.emails} emails`,
    )

    // The first administrator comes from the shell, as on a farm.
    execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/admin.ts',
        'create',
        '--email',
        ADMIN_EMAIL,
        '--password',
        ADMIN_PASSWORD,
        '--first',
        'Ruth',
        '--last',
        'Bench',
      ],
      { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: 'ignore' },
    )

    server = await startShop(databaseFile, {
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      ...(postgres
        ? { DATABASE_URL: postgres.url, AUTH_SECRET: randomBytes(32).toString('hex') }
        : {}),
    })
    const admin = (await signIn(server.url)).header()
    const pages: PageResult[] = []
    for (const page of pagesToMeasure(ids)) {
      const cookie = page.admin ? admin : ''
      await measure(server, page.path, cookie, WARMUP)
      const result = await measure(server, page.path, cookie, REQUESTS)
      if (result.status !== 200) throw new Error(`${page.path} answered ${result.status}`)
      pages.push({ ...page, ...result })
      console.log(
        `  ${page.path.padEnd(52)} ${String(result.serverMedianMs).padStart(7)} ms ${String(result.serverP95Ms).padStart(7)} ms ${String(Math.round(result.bytes / 1024)).padStart(6)} KB`,
      )
    }
    return { database, loadBefore, buildSeconds, summary, pages }
  } finally {
    await server?.stop()
    if (args.keep) {
      console.log(`kept: ${databaseUrl}`)
    } else {
      await postgres?.drop()
      rmSync(path.dirname(databaseFile), { recursive: true, force: true })
    }
  }
}

const previous = readPrevious()
buildShopIfStale()
const about = await machine()
const runs: Run[] = []
for (const database of DATABASES) runs.push(await runOn(database as Run['database']))
const date = `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`

mkdirSync('.cache', { recursive: true })
writeFileSync(RESULTS, `${JSON.stringify({ date, about, runs }, null, 2)}\n`)
writeFileSync(REPORT, markdown(runs, about, date, previous))

for (const run of runs) {
  console.log(`\n${NAMES[run.database]} (load average before: ${run.loadBefore})`)
  console.log(
    `${'page'.padEnd(56)}${'median'.padStart(9)}${'p95'.padStart(9)}${'client'.padStart(9)}${'KB'.padStart(8)}  targets`,
  )
  for (const page of run.pages) {
    console.log(
      `${page.path.slice(0, 55).padEnd(56)}${`${page.serverMedianMs}`.padStart(9)}${`${page.serverP95Ms}`.padStart(9)}${`${page.clientMedianMs}`.padStart(9)}${`${round(page.bytes / 1024)}`.padStart(8)}  ${verdict(page).replace(/\*/g, '')}`,
    )
  }
}
console.log(`\nwrote ${REPORT} and ${RESULTS}`)
