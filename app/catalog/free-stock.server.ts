import { type RawBuilder, sql } from 'kysely'

// What the shop may still sell from a stock row, said once (ADR 29). Units held for the
// waiting list are in stock_quantity but promised to someone: every "can this be sold or
// added" check and every stock a shopper sees uses this, so a held unit is never offered,
// put in a cart or taken by an order except its holder's.

/**
 * stock_quantity - held_quantity of the `products` or `product_variants` row named `table`
 * (or its alias in the query). Null when that row is missing from a left join.
 */
export function freeStock(table: string): RawBuilder<number> {
  return sql<number>`(${sql.ref(`${table}.stock_quantity`)} - ${sql.ref(`${table}.held_quantity`)})`
}
