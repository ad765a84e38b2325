import { type Expression, type SqlBool, SqliteAdapter, sql } from 'kysely'
import type { DB } from '~/platform/db/db.server'
import { searchWords } from './shop-query'

/**
 * The condition "this product matches the search `text`" for a query over `products`, on
 * either database (migration 0011, ADR 21): every word, as a prefix, in the name, category or
 * description. Null when the text has no word to search for.
 */
export function productMatches(db: DB, text: string): Expression<SqlBool> | null {
  const words = searchWords(text)
  if (words.length === 0) return null
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    // FTS5 syntax: "word"* is a prefix match, and words side by side must all match.
    const match = words.map((word) => `"${word}"*`).join(' ')
    return sql<SqlBool>`products.id in (select product_id from product_search where product_search match ${match})`
  }
  const query = words.map((word) => `${word}:*`).join(' & ')
  // The same expression as the GIN index, or PostgreSQL cannot use it.
  return sql<SqlBool>`to_tsvector('simple'::regconfig, products.name || ' ' || products.category || ' ' || products.description) @@ to_tsquery('simple'::regconfig, ${query})`
}
