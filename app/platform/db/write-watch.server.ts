// What a process's own database handle wrote, told once it is committed, so what is kept in
// memory on the strength of the database (the guest page cache, ADR 23) is dropped before
// anyone can read it stale. It watches the statements on their way through the driver, so every
// path is seen: Kysely's builders, raw `sql`, better-auth, the email worker, transactions.
// Other processes' writes are not seen here: SQLite's data_version and PostgreSQL's change
// notices tell of those.

/** The tables a committed write changed, or 'unknown' when a statement does not say. */
export type Written = ReadonlySet<string> | 'unknown'
export type WriteObserver = (written: Written) => void

// Kysely quotes every identifier; raw SQL may not. A schema-qualified name keeps its table.
const DML =
  /^\s*(?:insert\s+(?:or\s+\w+\s+)?into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+(?:"?\w+"?\s*\.\s*)?"?(\w+)"?/i
const TRANSACTION_CONTROL = /^\s*(?:begin|commit|end|rollback|savepoint|release)\b/i

/** The one table an INSERT, UPDATE or DELETE names; null for any other statement. */
export function writtenTable(sql: string): string | null {
  return DML.exec(sql)?.[1]?.toLowerCase() ?? null
}

export class WriteWatch {
  private readonly observers = new Set<WriteObserver>()

  /** Calls `observer` after each committed write; returns the way to stop. */
  observe(observer: WriteObserver): () => void {
    this.observers.add(observer)
    return () => this.observers.delete(observer)
  }

  /** One connection's statements (SQLite has one; a PostgreSQL pool checkout is another). */
  connection(): ConnectionWrites {
    return new ConnectionWrites((written) => {
      for (const observer of this.observers) observer(written)
    })
  }
}

/**
 * Writes of one connection, held while a transaction is open and told when it ends. A rolled
 * back transaction is told too: a wasted drop costs one page render, a missed one a stale page.
 */
export class ConnectionWrites {
  private readonly tables = new Set<string>()
  private unknown = false
  private postgresTransaction = false

  constructor(private readonly tell: (written: Written) => void) {}

  /**
   * After a statement on SQLite: `readonly` and `changes` as better-sqlite3 reports them
   * (Statement#readonly, the rows run() changed or all() returned), `inTransaction` as the
   * connection is after it.
   */
  sqlite(sql: string, readonly: boolean, changes: number, inTransaction: boolean): void {
    // BEGIN IMMEDIATE is not read-only to SQLite, and changes nothing.
    if (!readonly && !TRANSACTION_CONTROL.test(sql)) this.note(sql, changes)
    if (!inTransaction) this.settle()
  }

  /** After a statement on PostgreSQL, with pg's command tag and row count. */
  postgres(sql: string, command: string | null, rowCount: number): void {
    switch (command) {
      case 'SELECT':
        // A data-modifying WITH answers SELECT too.
        if (!/^\s*select\b/i.test(sql)) this.unknown = true
        break
      case 'INSERT':
      case 'UPDATE':
      case 'DELETE':
      case 'MERGE':
        this.note(sql, rowCount)
        break
      case 'BEGIN':
      case 'START':
        this.postgresTransaction = true
        return
      case 'ROLLBACK':
        // ROLLBACK TO SAVEPOINT leaves the transaction open, and what came before it pending.
        if (/^\s*rollback\s+to\b/i.test(sql)) return
        this.postgresTransaction = false
        break
      case 'COMMIT':
        this.postgresTransaction = false
        break
      case 'SAVEPOINT':
      case 'RELEASE':
      case 'SHOW':
      case 'SET':
      case 'LISTEN':
      case 'UNLISTEN':
      case 'NOTIFY':
        return
      default:
        this.unknown = true
    }
    if (!this.postgresTransaction) this.settle()
  }

  private note(sql: string, changes: number): void {
    const table = writtenTable(sql)
    if (table === null) this.unknown = true
    else if (changes > 0) this.tables.add(table)
  }

  private settle(): void {
    if (!this.unknown && this.tables.size === 0) return
    const written: Written = this.unknown ? 'unknown' : new Set(this.tables)
    this.unknown = false
    this.tables.clear()
    this.tell(written)
  }
}
