// `npm run bench:scale`'s flags, and the targets every page is held to.
import { parseArgs } from 'node:util'
import { FULL_SCALE } from './dataset'

export const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    requests: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '5' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    products: { type: 'string', default: String(FULL_SCALE.products) },
    customers: { type: 'string', default: String(FULL_SCALE.customers) },
    orders: { type: 'string', default: String(FULL_SCALE.orders) },
    previous: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
})

export const DATABASES = args.db === 'both' ? ['sqlite', 'postgres'] : [args.db ?? '']
export const REQUESTS = Number(args.requests)
export const WARMUP = Number(args.warmup)
export const SIZE = {
  products: Number(args.products),
  customers: Number(args.customers),
  orders: Number(args.orders),
}
if (
  DATABASES.some((db) => db !== 'sqlite' && db !== 'postgres') ||
  [REQUESTS, WARMUP, SIZE.products, SIZE.customers, SIZE.orders].some(
    (n) => !Number.isInteger(n) || n < 0,
  ) ||
  REQUESTS < 1
) {
  console.error(
    'usage: npm run bench:scale -- [--db sqlite|postgres|both] [--requests 50] [--warmup 5] [--products 2000 --customers 20000 --orders 50000] [--previous FILE] [--keep]',
  )
  process.exit(2)
}
export const FULL_RUN =
  args.db === 'both' &&
  REQUESTS === 50 &&
  SIZE.products === FULL_SCALE.products &&
  SIZE.customers === FULL_SCALE.customers &&
  SIZE.orders === FULL_SCALE.orders
export const REPORT = FULL_RUN ? 'docs/benchmarks/scale.md' : '.cache/bench-scale.md'
export const RESULTS = '.cache/bench-scale.json'

export const MEDIAN_TARGET_MS = 20
export const HTML_TARGET_BYTES = 200 * 1024
export const ADMIN_EMAIL = 'bench-admin@example.com'
export const ADMIN_PASSWORD = 'pasture-fresh-42'
