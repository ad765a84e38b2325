// What the database says after shoppers have hammered the shop, checked against what the
// shoppers saw (CheckoutAttempt): every order confirmed to a shopper exists with exactly the
// items its cart held, no order exists twice or without a shopper who pressed Place Order,
// an order whose answer never came is either absent or complete, and every product's and
// option's stock is its starting stock minus what the orders in the database took. Used by the
// load script and by the fault test (tests/e2e/faults.spec.ts). Reads the database directly
// (better-sqlite3 or pg), not through the app.
import SQLite from 'better-sqlite3'
import pg from 'pg'
import { type CheckoutAttempt, type Item, itemKey } from '../support/shopper'

export type AuditDatabase = {
  all<T>(text: string, params?: unknown[]): Promise<T[]>
  run(text: string, params?: unknown[]): Promise<void>
  close(): Promise<void>
}

/** Statements are written with `?` placeholders, as SQLite takes them. */
export function openSqliteAudit(file: string): AuditDatabase {
  const db = new SQLite(file, { fileMustExist: true })
  db.pragma('busy_timeout = 5000')
  return {
    all: async <T>(text: string, params: unknown[] = []) => db.prepare(text).all(...params) as T[],
    run: async (text, params = []) => {
      db.prepare(text).run(...params)
    },
    close: async () => {
      db.close()
    },
  }
}

export async function openPostgresAudit(url: string): Promise<AuditDatabase> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const numbered = (text: string) => {
    let n = 0
    return text.replace(/\?/g, () => `$${++n}`)
  }
  return {
    all: async <T>(text: string, params: unknown[] = []) =>
      (await client.query(numbered(text), params)).rows as T[],
    run: async (text, params = []) => {
      await client.query(numbered(text), params)
    },
    close: () => client.end(),
  }
}

/**
 * What shoppers can buy: options on sale, and products on sale that have no options. Beef
 * shares are left out: an animal's four quarters (ADR 31) would sell out in the first second
 * of a load and turn every later order for them into a refusal.
 */
export async function readCatalog(db: AuditDatabase): Promise<{
  items: Item[]
  categories: string[]
}> {
  const options = await db.all<{ id: string; product_id: string }>(
    `select v.id, v.product_id from product_variants v join products p on p.id = v.product_id
     where p.is_available = true and p.archived_at is null and v.is_available = true
       and v.share_units is null
     order by v.product_id, v.id`,
  )
  const plain = await db.all<{ id: string }>(
    `select p.id from products p where p.is_available = true and p.archived_at is null
     and not exists (select 1 from product_variants v where v.product_id = p.id) order by p.id`,
  )
  const categories = await db.all<{ category: string }>(
    `select distinct category from products where is_available = true and archived_at is null
     order by category`,
  )
  return {
    items: [
      ...options.map((row) => ({ productId: row.product_id, variantId: row.id })),
      ...plain.map((row) => ({ productId: row.id, variantId: null })),
    ],
    categories: categories.map((row) => row.category),
  }
}

/**
 * Gives every option and every product without options `quantity` units, and each product with
 * options the sum of its options (the aggregate placeOrder keeps), so no order runs out.
 */
export async function giveStock(db: AuditDatabase, quantity: number): Promise<void> {
  await db.run('update product_variants set stock_quantity = ?', [quantity])
  await db.run(
    `update products set stock_quantity = ? where not exists
     (select 1 from product_variants v where v.product_id = products.id)`,
    [quantity],
  )
  await db.run(
    `update products set stock_quantity =
       (select sum(v.stock_quantity) from product_variants v where v.product_id = products.id)
     where exists (select 1 from product_variants v where v.product_id = products.id)`,
  )
}

/** Stock of every product ('p:id') and option ('v:id'). */
/** The orders already there when a run starts (the demo farm's): the audit leaves them out. */
export async function readOrderIds(db: AuditDatabase): Promise<Set<string>> {
  return new Set((await db.all<{ id: string }>('select id from orders')).map((row) => row.id))
}

export async function readStock(db: AuditDatabase): Promise<Map<string, number>> {
  const stock = new Map<string, number>()
  for (const row of await db.all<{ id: string; stock_quantity: number }>(
    'select id, stock_quantity from products',
  ))
    stock.set(`p:${row.id}`, Number(row.stock_quantity))
  for (const row of await db.all<{ id: string; stock_quantity: number }>(
    'select id, stock_quantity from product_variants',
  ))
    stock.set(`v:${row.id}`, Number(row.stock_quantity))
  return stock
}

export type Audit = {
  /** orders in the database */
  orders: number
  /** Place Orders answered with the order's confirmation */
  confirmed: number
  /** Place Orders that got no answer, and whose order the database has */
  unansweredPlaced: number
  /** Place Orders that got no answer, and whose order the database does not have */
  unansweredAbsent: number
  /** Place Orders answered with something else (sold out, a 5xx...) */
  refused: number
  /** Everything that is wrong, one line each; empty when all holds. */
  problems: string[]
}

type OrderRow = {
  id: string
  idempotency_key: string
  email: string
  subtotal_cents: number
}
type ItemRow = {
  order_id: string
  product_id: string
  product_variant_id: string | null
  quantity: number
  line_total_cents: number
}

const describeItems = (items: Map<string, number>) =>
  [...items]
    .sort()
    .map(([key, quantity]) => `${quantity}x${key.slice(0, 8)}`)
    .join(', ') || 'nothing'

function sameItems(a: Map<string, number>, b: Map<string, number>): boolean {
  return a.size === b.size && [...a].every(([key, quantity]) => b.get(key) === quantity)
}

export async function auditOrders(
  db: AuditDatabase,
  attempts: readonly CheckoutAttempt[],
  startingStock: ReadonlyMap<string, number>,
  ordersBefore: ReadonlySet<string> = new Set(),
): Promise<Audit> {
  const problems: string[] = []
  const orders = (
    await db.all<OrderRow>('select id, idempotency_key, email, subtotal_cents from orders')
  ).filter((order) => !ordersBefore.has(order.id))
  const itemRows = (
    await db.all<ItemRow>(
      `select order_id, product_id, product_variant_id, quantity, line_total_cents
       from order_items`,
    )
  ).filter((row) => !ordersBefore.has(row.order_id))
  const itemsByOrder = new Map<string, Map<string, number>>()
  const linesTotal = new Map<string, number>()
  for (const row of itemRows) {
    const key = itemKey({ productId: row.product_id, variantId: row.product_variant_id })
    const items = itemsByOrder.get(row.order_id) ?? new Map<string, number>()
    items.set(key, (items.get(key) ?? 0) + Number(row.quantity))
    itemsByOrder.set(row.order_id, items)
    linesTotal.set(row.order_id, (linesTotal.get(row.order_id) ?? 0) + Number(row.line_total_cents))
  }
  const byKey = new Map<string, OrderRow[]>()
  for (const order of orders) {
    byKey.set(order.idempotency_key, [...(byKey.get(order.idempotency_key) ?? []), order])
    if (!itemsByOrder.has(order.id)) problems.push(`order ${order.id} has no items`)
    else if (linesTotal.get(order.id) !== Number(order.subtotal_cents))
      problems.push(`order ${order.id}: its lines do not add up to its subtotal`)
  }
  for (const [key, found] of byKey)
    if (found.length > 1) problems.push(`${found.length} orders share idempotency key ${key}`)

  const audit: Audit = {
    orders: orders.length,
    confirmed: 0,
    unansweredPlaced: 0,
    unansweredAbsent: 0,
    refused: 0,
    problems,
  }
  const attemptKeys = new Set<string>()
  const confirmedIds = new Set<string>()
  for (const attempt of attempts) {
    if (attemptKeys.has(attempt.idempotencyKey))
      problems.push(`two Place Orders sent key ${attempt.idempotencyKey}`)
    attemptKeys.add(attempt.idempotencyKey)
    const expected = new Map(attempt.items.map((line) => [itemKey(line.item), line.quantity]))
    const order = byKey.get(attempt.idempotencyKey)?.[0]
    const items = order ? (itemsByOrder.get(order.id) ?? new Map()) : undefined
    const itemsDiffer =
      items && !sameItems(items, expected)
        ? `holds ${describeItems(items)}, the cart held ${describeItems(expected)}`
        : undefined
    if (attempt.outcome === 'confirmed') {
      audit.confirmed++
      if (!attempt.orderId || confirmedIds.has(attempt.orderId))
        problems.push(`order ${attempt.orderId} confirmed twice`)
      if (attempt.orderId) confirmedIds.add(attempt.orderId)
      if (!order) problems.push(`confirmed order ${attempt.orderId} is not in the database`)
      else if (order.id !== attempt.orderId)
        problems.push(`confirmed order ${attempt.orderId} is ${order.id} in the database`)
      else if (order.email !== attempt.customer)
        problems.push(`order ${order.id} belongs to ${order.email}, not ${attempt.customer}`)
      else if (itemsDiffer) problems.push(`confirmed order ${order.id} ${itemsDiffer}`)
    } else if (attempt.outcome === 'unknown') {
      if (order) audit.unansweredPlaced++
      else audit.unansweredAbsent++
      if (order && itemsDiffer) problems.push(`unanswered order ${order.id} ${itemsDiffer}`)
    } else {
      audit.refused++
      if (order)
        problems.push(`order ${order.id} exists, but its shopper was told ${attempt.status}`)
    }
  }
  for (const order of orders)
    if (!attemptKeys.has(order.idempotency_key))
      problems.push(`order ${order.id} was placed by nobody the load generator knows`)

  // Stock: what every order in the database took, per option and per product.
  const taken = new Map<string, number>()
  const take = (key: string, quantity: number) => taken.set(key, (taken.get(key) ?? 0) + quantity)
  for (const row of itemRows) {
    take(`p:${row.product_id}`, Number(row.quantity))
    if (row.product_variant_id) take(`v:${row.product_variant_id}`, Number(row.quantity))
  }
  const stockNow = await readStock(db)
  for (const [key, start] of startingStock) {
    const expected = start - (taken.get(key) ?? 0)
    const now = stockNow.get(key)
    if (now !== expected)
      problems.push(`stock of ${key}: ${now}, expected ${start} - ${taken.get(key) ?? 0}`)
  }
  return audit
}
