import { type Expression, type SqlBool, SqliteAdapter, sql } from 'kysely'
import type { DB } from '~/platform/db/db.server'
import { containsPattern } from './pagination'

// The SQL side of the admin lists' search boxes (pagination.ts holds the browser-safe part):
// "contains this text, either case", answered by a trigram index where there is one
// (migration 0012): FTS5 tables with the trigram tokenizer on SQLite, pg_trgm GIN indexes on
// PostgreSQL.

/** A trigram index finds nothing shorter than one trigram: such terms read every row. */
export const TRIGRAM_MIN_LENGTH = 3

export function isSqlite(db: DB): boolean {
  return db.getExecutor().adapter instanceof SqliteAdapter
}

/**
 * `lower(text) LIKE '%term%' ESCAPE '\'`: case-insensitive, with %, _ and \ in the term taken
 * literally. A b-tree index cannot serve it; pg_trgm's GIN index on the same lower(...)
 * expression can (for 3 characters or more).
 */
export function likeContains(text: Expression<string>, term: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${text}) like ${containsPattern(term)} escape '\\'`
}

/**
 * The FTS5 query that finds `term` anywhere in a column of a trigram table: one quoted phrase
 * (its trigrams side by side), so no FTS5 syntax can be typed in. Null when the term is too
 * short to have a trigram; the caller then falls back to LIKE, which reads every row.
 */
export function trigramPhrase(term: string): string | null {
  // Characters, not UTF-16 units: the tokenizer counts code points.
  if ([...term].length < TRIGRAM_MIN_LENGTH) return null
  return `"${term.replaceAll('"', '""')}"`
}
