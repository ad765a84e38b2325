import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { schema } from '~/platform/db/schema'

// Each domain owns its tables (issue 33), as the layout rule gives it its modules. A domain
// lists them in its tables.ts; only its own modules write them, so a process that changes
// several domains is a flow calling each domain's functions, and flows and routes touch no
// table themselves. Reads of another domain's tables go through that domain's functions,
// except in a domain's admin/ folder (the back office combines domains, as the import rule
// lets admin/ use any domain's modules; it still writes only its own tables) and the reviewed
// READ_EXCEPTIONS. READS_TO_MOVE and MOVING_TO_FLOWS hold what issue 33 has still to move. An
// entry no longer needed fails too, so the lists only shrink.
// The table names are found in the code: Kysely's builders and raw sql templates. The seed and
// migrations build every table and are left out; tests may arrange any scene.

type Entry = { file: string; table: string; why: string }

/** One entry per [file, table] pair, all for the same reason. */
const each = (why: string, ...pairs: [file: string, table: string][]): Entry[] =>
  pairs.map(([file, table]) => ({ file, table, why }))

/**
 * Cross-domain reads that stay, each for a reason a domain function would not serve better:
 * mostly one query that names or prices a domain's own rows from another's (no N+1).
 */
const READ_EXCEPTIONS: Entry[] = [
  ...each(
    'sits below the catalog (ADR 42: the catalog reads their terms), so it reads the product columns it needs in its own query',
    ['fulfilment/offer.server.ts', 'products'],
    ['shares/pool.server.ts', 'product_variants'],
    ['shares/share-product.server.ts', 'product_variants'],
    ['subscriptions/choices.server.ts', 'products'],
    ['subscriptions/choices.server.ts', 'product_variants'],
    ['subscriptions/reservations.server.ts', 'products'],
    ['subscriptions/reservations.server.ts', 'product_variants'],
  ),
  ...each(
    'the cart prices its lines from their products and options in one query',
    ['cart/cart-lines.server.ts', 'products'],
    ['cart/cart-lines.server.ts', 'product_variants'],
    ['cart/cart-changes.server.ts', 'products'],
    ['cart/cart-changes.server.ts', 'product_variants'],
  ),
  ...each(
    'a line bought from a waiting-list hold joins that hold while it lasts',
    ['cart/cart-lines.server.ts', 'stock_holds'],
    ['cart/cart-changes.server.ts', 'stock_holds'],
  ),
  ...each("locks the customer's row (PostgreSQL) so two default-address changes take turns", [
    'customers/addresses.server.ts',
    'customers',
  ]),
  ...each(
    "the back office's activity feed names what each admin action touched, like admin/",
    ['dashboard/activity.server.ts', 'audit_log'],
    ['dashboard/activity.server.ts', 'customers'],
    ['dashboard/activity.server.ts', 'orders'],
    ['dashboard/activity.server.ts', 'products'],
  ),
  ...each(
    "the back office's home counts across domains, like admin/",
    ['dashboard/dashboard.server.ts', 'contact_submissions'],
    ['dashboard/dashboard.server.ts', 'orders'],
    ['dashboard/dashboard.server.ts', 'products'],
    ['dashboard/dashboard.server.ts', 'waiting_list'],
  ),
  ...each(
    "which of a cart's products are shares, with their pickup, in one query",
    ['fulfilment/share-pickup.server.ts', 'products'],
    ['fulfilment/share-pickup.server.ts', 'animals'],
  ),
  ...each(
    'order lines are named and priced from their products and options in one query',
    ['orders/order-lines.server.ts', 'products'],
    ['orders/order-lines.server.ts', 'product_variants'],
  ),
  ...each('the error list names who met the error; platform may not import auth, so a join', [
    'platform/errors/admin/errors.server.ts',
    'customers',
  ]),
  ...each("a share's balance page names its order's customer and number, joined", [
    'shares/share-orders.server.ts',
    'orders',
  ]),
  ...each(
    'the one lock order across animals, options and products lives in one place (issue 31)',
    ['shares/stock-lock.server.ts', 'products'],
    ['shares/stock-lock.server.ts', 'product_variants'],
  ),
  ...each(
    "the product page's budget of four queries: its pictures, local-only flag and the farm's promise share one",
    ['storefront/product-page.server.ts', 'products'],
    ['storefront/product-page.server.ts', 'product_images'],
    ['storefront/product-page.server.ts', 'farm_info'],
  ),
  ...each(
    "a box's items and window are named from the catalog and fulfilment in one query",
    ['subscriptions/manage.server.ts', 'products'],
    ['subscriptions/manage.server.ts', 'product_variants'],
    ['subscriptions/manage.server.ts', 'fulfilment_windows'],
    ['subscriptions/reminders.server.ts', 'products'],
    ['subscriptions/reminders.server.ts', 'product_variants'],
    ['subscriptions/reminders.server.ts', 'fulfilment_windows'],
    ['subscriptions/reminders.server.ts', 'pickup_places'],
    ['subscriptions/reminders.server.ts', 'delivery_zones'],
    ['subscriptions/subscription-view.server.ts', 'products'],
    ['subscriptions/subscription-view.server.ts', 'product_variants'],
    ['subscriptions/subscription-view.server.ts', 'fulfilment_windows'],
    ['subscriptions/subscription-view.server.ts', 'pickup_places'],
    ['subscriptions/subscription-view.server.ts', 'delivery_zones'],
  ),
  ...each(
    'a hold is named from its product and option in one query',
    ['waiting-list/holds.server.ts', 'products'],
    ['waiting-list/holds.server.ts', 'product_variants'],
  ),
  ...each(
    "a customer's waiting entries are named from their products and options in one query",
    ['waiting-list/waiting-list.server.ts', 'products'],
    ['waiting-list/waiting-list.server.ts', 'product_variants'],
  ),
  ...each("the back-in-stock mail goes to the waiting customers' emails, joined to their entries", [
    'waiting-list/restock.server.ts',
    'customers',
  ]),
]

/**
 * Cross-domain reads still to be replaced by a call to the owner's function (issue 33). Each
 * fails as stale once its read is gone, so the list only shrinks.
 */
const READS_TO_MOVE: Entry[] = [
  ...each(
    "should go through catalog's functions",
    ['waiting-list/restock.server.ts', 'products'],
    ['waiting-list/restock.server.ts', 'product_variants'],
  ),
  ...each(
    "should go through promotions' functions",
    ['cart/cart-lines.server.ts', 'promo_codes'],
    ['cart/cart-promo.server.ts', 'promo_codes'],
  ),
  ...each(
    "should go through orders' functions",
    ['payments/renewal-payment.server.ts', 'orders'],
    ['flows/charge-renewals.server.ts', 'orders'],
    ['shares/pool.server.ts', 'order_items'],
  ),
  ...each(
    "should go through subscriptions' functions",
    ['orders/order-lines.server.ts', 'subscription_items'],
    ['payments/renewal-payment.server.ts', 'subscription_cycles'],
    ['flows/charge-renewals.server.ts', 'subscriptions'],
    ['flows/charge-renewals.server.ts', 'subscription_cycles'],
  ),
  ...each("should go through cart's functions", ['orders/order-lines.server.ts', 'cart_lines']),
  ...each("should go through auth's functions, with the profile's write", [
    'customers/profile.server.ts',
    'customers',
  ]),
]

/**
 * Cross-domain writes being moved now (issue 33): into flows over the domains' functions, or
 * behind the owner's function. Tolerated until the move lands, then stale, so deleted.
 */
const MOVING_TO_FLOWS: Entry[] = [
  ...each('issue 33: moves to flows', [
    'payments/renewal-payment.server.ts',
    'subscription_cycles',
  ]),
  // Stock changes need no flow, but shares and subscriptions sit below the catalog (ADR 42):
  // its stock functions move down to a module they may import first.
  ...each(
    "issue 33: moves behind catalog's stock functions",
    ['orders/order-stock.server.ts', 'products'],
    ['orders/order-stock.server.ts', 'product_variants'],
    ['shares/admin/animals.server.ts', 'product_variants'],
    ['shares/pool.server.ts', 'products'],
    ['shares/pool.server.ts', 'product_variants'],
    ['subscriptions/reservations.server.ts', 'products'],
    ['subscriptions/reservations.server.ts', 'product_variants'],
  ),
  ...each("issue 33: moves behind auth's function (customers is better-auth's user table)", [
    'customers/profile.server.ts',
    'customers',
  ]),
]

const APP = path.resolve(import.meta.dirname)

/** Each table's owner: the folder whose tables.ts lists it. */
const declared = Object.entries(
  import.meta.glob<{ TABLES: readonly string[] }>('./*/tables.ts', { eager: true }),
).flatMap(([file, { TABLES }]) => TABLES.map((table) => [table, file.split('/')[1] ?? ''] as const))
const OWNER = new Map(declared)

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const file = path.join(directory, name)
    if (statSync(file).isDirectory()) return sourceFiles(file)
    return /\.tsx?$/.test(name) ? [file] : []
  })
}

type Use = { table: string; write: boolean }

const WRITERS = new Set(['insertInto', 'replaceInto', 'mergeInto', 'updateTable', 'deleteFrom'])
const BUILDER =
  /\b(insertInto|replaceInto|mergeInto|updateTable|deleteFrom|selectFrom|(?:inner|left|right|full|cross)Join(?:Lateral)?|using)\(\s*/g
// The argument's table names: 'orders as o', ['orders', 'customers as c'], or a variable cast to
// the table type it stands for (`table as 'team_members'`); a subquery or callback names none.
const ARGUMENT = /^(?:\[[^\]]*\]|'[^']*'|"[^"]*"|\w+ as '[^']*')/
const QUOTED = /['"]([^'"]+)['"]/g
const SQL_TAG = /\bsql(?:<[^`()]*?>)?`/g
const SQL_WRITE = /\b(?:insert\s+into|replace\s+into|merge\s+into|update|delete\s+from)\s+"?(\w+)/gi
const SQL_READ = /\b(?<!delete\s+)(?:from|join)\s+"?(\w+)/gi

/** The static text of the template literal whose body starts at `start`, and where it ends. */
function template(source: string, start: number): { text: string; end: number } {
  let text = ''
  let at = start
  while (at < source.length && source[at] !== '`') {
    if (source[at] === '\\') {
      at += 2
    } else if (source.startsWith('${', at)) {
      // An interpolation is a value or a fragment built elsewhere: it stands for no name here.
      at = interpolationEnd(source, at + 2)
      text += ' ? '
    } else {
      text += source[at]
      at += 1
    }
  }
  return { text, end: at + 1 }
}

function interpolationEnd(source: string, start: number): number {
  let depth = 1
  let at = start
  while (at < source.length) {
    const char = source[at]
    if (char === '`') at = template(source, at + 1).end
    else if (char === "'" || char === '"') at = Math.max(source.indexOf(char, at + 1), at) + 1
    else {
      if (char === '{') depth += 1
      if (char === '}' && --depth === 0) return at + 1
      at += 1
    }
  }
  return at
}

/** Every table a module's source reads or writes; names that are no table (a CTE, an alias) are left out. */
function tableUses(source: string): Use[] {
  const uses: Use[] = []
  for (const match of source.matchAll(BUILDER)) {
    const rest = source.slice((match.index ?? 0) + match[0].length)
    const [argument = ''] = ARGUMENT.exec(rest) ?? []
    const write = WRITERS.has(match[1] ?? '')
    for (const [, name = ''] of argument.replace(/^\w+ as /, '').matchAll(QUOTED)) {
      uses.push({ table: name.trim().split(/\s+/)[0] ?? '', write })
    }
  }
  for (const match of source.matchAll(SQL_TAG)) {
    const { text } = template(source, (match.index ?? 0) + match[0].length)
    for (const [, table = ''] of text.matchAll(SQL_WRITE)) uses.push({ table, write: true })
    for (const [, table = ''] of text.matchAll(SQL_READ)) uses.push({ table, write: false })
  }
  return uses.filter((use) => OWNER.has(use.table))
}

/** Why module `file` (app-relative) may not make this use, or null when it may. */
function refused(file: string, { table, write }: Use): string | null {
  const owner = OWNER.get(table)
  const [top = '', second = ''] = file.split('/')
  if (owner === undefined || top === owner) return null
  if (write) return `${file} writes ${table}, which ${owner} owns`
  // Routes are adapters over one domain function, and platform sits below every domain: their
  // admin/ folders combine nothing.
  if (second === 'admin' && top !== 'routes' && top !== 'platform') return null
  return `${file} reads ${table}, which ${owner} owns`
}

const key = ({ file, table }: { file: string; table: string }) => `${file} ${table}`

describe('the tables of app/', () => {
  const files = sourceFiles(APP)
    .map((file) => path.relative(APP, file))
    .filter((file) => !/\.test\.tsx?$/.test(file) && !/^seed\/|\/migrations\//.test(file))
  const violations = files.flatMap((file) => {
    const source = readFileSync(path.join(APP, file), 'utf8')
    return tableUses(source).flatMap((use) => {
      const why = refused(file, use)
      return why ? [{ file, table: use.table, write: use.write, why }] : []
    })
  })
  const found = (write: boolean) => new Set(violations.filter((v) => v.write === write).map(key))

  test('every table has exactly one owner', () => {
    const migrations = sourceFiles(path.join(APP, 'platform/db'))
      .filter((file) => !/\.test\.ts$/.test(file))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n')
    // The full-text indexes and the migrator's own tables are built outside schema.ts.
    const built = [
      ...Object.keys(schema),
      ...[...migrations.matchAll(/create virtual table (\w+)/g)].map(([, name]) => name),
      ...[...migrations.matchAll(/migration(?:Lock)?TableName: '(\w+)'/g)].map(([, name]) => name),
    ]
    const owned = declared.map(([table]) => table)
    expect(owned.filter((table, index) => owned.indexOf(table) !== index)).toEqual([])
    expect([...new Set(owned)].sort()).toEqual([...new Set(built)].sort())
  })

  test('no module writes a table another domain owns', () => {
    const moving = new Set(MOVING_TO_FLOWS.map(key))
    expect(violations.filter((v) => v.write && !moving.has(key(v))).map((v) => v.why)).toEqual([])
  })

  test('no module reads a table another domain owns, but for the reviewed exceptions', () => {
    const allowed = new Set([...READ_EXCEPTIONS, ...READS_TO_MOVE].map(key))
    expect(violations.filter((v) => !v.write && !allowed.has(key(v))).map((v) => v.why)).toEqual([])
  })

  test('every exception is listed once and still needed, so the lists only shrink', () => {
    const twice = (entries: Entry[]) =>
      entries.map(key).filter((entry, index, all) => all.indexOf(entry) !== index)
    expect(twice(MOVING_TO_FLOWS)).toEqual([])
    expect(twice([...READ_EXCEPTIONS, ...READS_TO_MOVE])).toEqual([])
    const writes = found(true)
    const reads = found(false)
    expect(MOVING_TO_FLOWS.filter((entry) => !writes.has(key(entry))).map(key)).toEqual([])
    expect(
      [...READ_EXCEPTIONS, ...READS_TO_MOVE].filter((entry) => !reads.has(key(entry))).map(key),
    ).toEqual([])
  })

  test('the rule refuses what it should', () => {
    const verdicts = (file: string, source: string) =>
      tableUses(source).map((use) => refused(file, use))
    expect(verdicts('orders/place.server.ts', "trx.deleteFrom('cart_lines').where(x)")).toEqual([
      'orders/place.server.ts writes cart_lines, which cart owns',
    ])
    expect(verdicts('cart/cart.server.ts', "db.updateTable('carts as c').set(x)")).toEqual([null])
    expect(verdicts('flows/place-order.server.ts', "trx.insertInto('orders')")).toEqual([
      'flows/place-order.server.ts writes orders, which orders owns',
    ])
    expect(
      verdicts('orders/x.server.ts', `sql\`update "carts" set promo_code = \${code}\``),
    ).toEqual(['orders/x.server.ts writes carts, which cart owns'])
    expect(verdicts('orders/x.server.ts', 'sql`delete from cart_lines where id = 1`')).toEqual([
      'orders/x.server.ts writes cart_lines, which cart owns',
    ])
    expect(verdicts('payments/x.server.ts', "db.selectFrom(['orders as o', 'carts'])")).toEqual([
      'payments/x.server.ts reads orders, which orders owns',
      'payments/x.server.ts reads carts, which cart owns',
    ])
    expect(
      verdicts('cart/x.server.ts', "db.selectFrom('carts').leftJoin('promo_codes as p', j)"),
    ).toEqual([null, 'cart/x.server.ts reads promo_codes, which promotions owns'])
    expect(
      verdicts('catalog/x.server.ts', `sql\`(select min(o.price) from \${t} join orders o on x)\``),
    ).toEqual(['catalog/x.server.ts reads orders, which orders owns'])
    expect(verdicts('farm/x.server.ts', "trx.updateTable(table as 'team_members')")).toEqual([null])
    expect(verdicts('fulfilment/admin/this-week.server.ts', "db.selectFrom('orders')")).toEqual([
      null,
    ])
    expect(verdicts('fulfilment/admin/x.server.ts', "db.updateTable('orders')")).toEqual([
      'fulfilment/admin/x.server.ts writes orders, which orders owns',
    ])
    expect(verdicts('routes/admin/x.tsx', "db.selectFrom('orders')")).toEqual([
      'routes/admin/x.tsx reads orders, which orders owns',
    ])
    // CTEs, aliases and subqueries name no table.
    expect(verdicts('orders/x.server.ts', "db.with('page', q).selectFrom('page')")).toEqual([])
  })
})
