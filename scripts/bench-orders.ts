// `npx tsx scripts/bench-orders.ts [--orders 500] [--concurrency 50] [--postgres URL]`:
// how many orders per second placeOrder sustains on this machine, on a fresh migrated SQLite
// file and on a fresh PostgreSQL database (created on the server at --postgres, by default the
// test server, and dropped afterwards). Each order comes from its own customer with a
// three-line cart (a plain product, a product option, and FARM10 on every other cart), so
// every order takes stock rows, the order counter and, half the time, the promo code's row
// that all orders share. Carts are filled before the clock starts: only placeOrder is timed,
// with `--concurrency` placements in flight at once. Not part of `npm test`.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'kysely'
import { placeOrder } from '~/flows/place-order.server'
import { type DB, openDatabase } from '../app/platform/db/db.server'
import { migrateToLatest } from '../app/platform/db/migrate.server'
import { createProduct, createVariant } from '../app/seed/factories.server'

const { values: args } = parseArgs({
  options: {
    orders: { type: 'string', default: '500' },
    concurrency: { type: 'string', default: '50' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
  },
})
const ORDERS = Number(args.orders)
const CONCURRENCY = Number(args.concurrency)

// placeOrder reads BASE_URL (email links) through getEnv(), the one reader of the environment.
process.env.BASE_URL = 'http://localhost:3000'
process.env.LOG_LEVEL = 'silent'
process.env.AUTH_SECRET = randomBytes(32).toString('hex')

type Result = { orders: number; seconds: number; p50: number; p95: number; placed: number }

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

async function prepare(db: DB) {
  await migrateToLatest(db)
  const beef = await createProduct(db, {
    name: 'Ground Beef',
    price_cents: 899,
    stock_quantity: ORDERS * 2,
  })
  const eggs = await createProduct(db, { name: 'Eggs', stock_quantity: ORDERS * 3 })
  const dozen = await createVariant(db, eggs.id, {
    name: 'Dozen',
    price_cents: 700,
    stock_quantity: ORDERS * 3,
  })
  const customers: string[] = []
  for (let i = 0; i < ORDERS; i++) {
    const id = crypto.randomUUID()
    const cartId = crypto.randomUUID()
    await db
      .insertInto('customers')
      .values({
        id,
        name: 'Bench Buyer',
        email: `${id}@example.com`,
        first_name: 'Bench',
        last_name: 'Buyer',
      })
      .execute()
    await db
      .insertInto('carts')
      .values({ id: cartId, customer_id: id, promo_code: i % 2 === 0 ? 'FARM10' : null })
      .execute()
    await db
      .insertInto('cart_lines')
      .values([
        { id: crypto.randomUUID(), cart_id: cartId, product_id: beef.id, quantity: 2 },
        {
          id: crypto.randomUUID(),
          cart_id: cartId,
          product_id: eggs.id,
          product_variant_id: dozen.id,
          quantity: 3,
        },
      ])
      .execute()
    customers.push(id)
  }
  return { customers, beefId: beef.id, dozenId: dozen.id }
}

async function run(db: DB): Promise<Result> {
  const { customers, beefId, dozenId } = await prepare(db)
  const latencies: number[] = []
  let next = 0
  let placed = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < customers.length) {
        const customerId = customers[next++] as string
        const t0 = performance.now()
        const result = await placeOrder(db, {
          customerId,
          idempotencyKey: crypto.randomUUID(),
          contact: { email: 'buyer@example.com', phone: '208-555-0100' },
          shippingAddress: {
            firstName: 'Bench',
            lastName: 'Buyer',
            street: '1 Main St',
            city: 'Boise',
            state: 'ID',
            zipCode: '83702',
          },
          shippingMethod: 'standard',
          paymentMethod: 'offline',
        })
        latencies.push(performance.now() - t0)
        if (!result.ok) throw new Error(`order refused: ${result.message}`)
        placed++
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  // Sanity: every order and exactly its stock, nothing more.
  const beef = await db
    .selectFrom('products')
    .select('stock_quantity')
    .where('id', '=', beefId)
    .executeTakeFirstOrThrow()
  const dozen = await db
    .selectFrom('product_variants')
    .select('stock_quantity')
    .where('id', '=', dozenId)
    .executeTakeFirstOrThrow()
  if (
    beef.stock_quantity !== ORDERS * 2 - placed * 2 ||
    dozen.stock_quantity !== ORDERS * 3 - placed * 3
  ) {
    throw new Error('stock does not match the orders placed')
  }
  return {
    orders: ORDERS,
    seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    placed,
  }
}

function report(name: string, r: Result) {
  const rate = Math.round(r.placed / r.seconds)
  console.log(
    `${name.padEnd(10)} ${String(r.placed).padStart(5)} orders in ${r.seconds.toFixed(2)} s: ${rate} orders/s` +
      ` (latency p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, ${CONCURRENCY} in flight)`,
  )
}

async function benchSqlite() {
  const dir = mkdtempSync(path.join(tmpdir(), 'farm-bench-orders-'))
  const db = openDatabase({ kind: 'sqlite', path: path.join(dir, 'shop.db') })
  try {
    report('SQLite', await run(db))
  } finally {
    await db.destroy()
    rmSync(dir, { recursive: true, force: true })
  }
}

async function benchPostgres() {
  const name = `farm_bench_${randomBytes(6).toString('hex')}`
  const server = new URL(args.postgres)
  // A short-lived admin connection each time, as tests/setup does: a pool kept open across
  // the run would see its idle connection cut by the forced drop.
  const admin = openDatabase({ kind: 'postgres', url: server.toString() })
  await sql`create database ${sql.id(name)}`.execute(admin)
  await admin.destroy()
  const target = new URL(server)
  target.pathname = `/${name}`
  const db = openDatabase({ kind: 'postgres', url: target.toString() })
  try {
    report('PostgreSQL', await run(db))
  } finally {
    await db.destroy()
    const dropper = openDatabase({ kind: 'postgres', url: server.toString() })
    await sql`drop database if exists ${sql.id(name)} with (force)`.execute(dropper)
    await dropper.destroy()
  }
}

await benchSqlite()
await benchPostgres()
