import { type RawBuilder, sql } from 'kysely'

// What the shop may still sell from a stock row, said once (ADR 29, ADR 32). Units held for the
// waiting list are in stock_quantity but promised to someone, and so are the coming week's
// subscription boxes (reserved_quantity): every "can this be sold or added" check and every
// stock a shopper sees uses this, so a held or reserved unit is never offered, put in a cart
// or taken by an order except its holder's or its subscriber's. Reservations are demand and may
// exceed the stock, so the difference is floored at 0: none left.

/**
 * stock_quantity - held_quantity - reserved_quantity of the `products` or `product_variants`
 * row named `table` (or its alias in the query). Null when that row is missing from a left join.
 */
export function freeStock(table: string): RawBuilder<number> {
  const free = sql`${sql.ref(`${table}.stock_quantity`)} - ${sql.ref(`${table}.held_quantity`)} - ${sql.ref(`${table}.reserved_quantity`)}`
  return sql<number>`(case when ${free} is null then null when ${free} > 0 then ${free} else 0 end)`
}

/** What a subscriber's own box may take: everything not held for the waiting list. */
export function stockForSubscribers(table: string): RawBuilder<number> {
  return sql<number>`(${sql.ref(`${table}.stock_quantity`)} - ${sql.ref(`${table}.held_quantity`)})`
}
