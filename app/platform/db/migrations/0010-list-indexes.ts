import { type Kysely, sql } from 'kysely'

// Indexes for the admin lists at a farm's full size (issue 18: 2,000 products, 20,000
// customers, 50,000 orders). Each list reads one page in the order an index already holds,
// so the database stops after 25 rows instead of sorting the whole table for every view:
// /admin/orders took 215 ms at 50,000 orders on SQLite, nearly all of it that sort.
// app/platform/db/list-queries.db.test.ts runs EXPLAIN for every list query on both databases.
//
// A list sorted newest first with a tie-break (created_at desc, then the number or the id)
// gets an index on both columns, read backwards; the tie-break runs in the same direction as
// the date, so no sort is left. A list filtered by status gets the status in front.

export async function up(db: Kysely<unknown>): Promise<void> {
  const indexes: [string, string, string[]][] = [
    // Admin > Orders (newest first), the dashboard's sales since the start of the month, CSV
    ['orders_created_idx', 'orders', ['created_at', 'order_number']],
    // Admin > Orders, one status; also the dashboard's count of waiting orders by status
    ['orders_status_created_idx', 'orders', ['status', 'created_at', 'order_number']],
    // Admin > Customers (newest first)
    ['customers_created_idx', 'customers', ['created_at', 'id']],
    // Admin > Activity's "who" menu: the admins, with everyone who ever changed something
    ['customers_admin_idx', 'customers', ['is_admin']],
    // Admin > Emails (newest first), and one status of it; the worker keeps its
    // email_outbox_due_idx (status, send_after)
    ['email_outbox_created_idx', 'email_outbox', ['created_at', 'id']],
    ['email_outbox_status_created_idx', 'email_outbox', ['status', 'created_at', 'id']],
    // The dashboard's waiting-list panel and Admin > Waiting list, by status
    ['waiting_list_status_idx', 'waiting_list', ['status', 'product_id']],
    // One order's status history on its admin page: audit_log_entity_idx (entity_type,
    // created_at) made it read every order's entries (14 ms at 50,000 orders on SQLite)
    ['audit_log_subject_idx', 'audit_log', ['entity_type', 'entity_id', 'created_at']],
  ]
  for (const [name, table, columns] of indexes) {
    await db.schema.createIndex(name).on(table).columns(columns).execute()
  }

  // Products live or archived: partial indexes whose condition is the list's own, read in name
  // order on both databases. An index on (archived_at, name) would not do: PostgreSQL does not
  // take "archived_at is null" as an equality that leaves the rows sorted by name (it sorted
  // the whole table), and SQLite takes "is not null" as a range and scanned the table.
  const products = [
    // Admin > Products, by name
    ['products_live_name_idx', ['name', 'id'], 'is'],
    // Admin > Products, archived, by name
    ['products_archived_name_idx', ['name', 'id'], 'is not'],
    // The dashboard's low and out-of-stock panels and the list's stock filters
    ['products_live_stock_idx', ['stock_quantity', 'name'], 'is'],
  ] as const
  for (const [name, columns, archived] of products) {
    await db.schema
      .createIndex(name)
      .on('products')
      .columns([...columns])
      .where(sql.ref('archived_at'), archived, null)
      .execute()
  }
  // orders_status_created_idx begins with the same two columns and serves every query this
  // one did.
  await db.schema.dropIndex('orders_status_idx').execute()
}
