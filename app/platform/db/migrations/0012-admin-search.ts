import { type Kysely, sql } from 'kysely'
import { isSqlite } from './columns'

// Admin > Orders and Admin > Customers search for text anywhere in a name or email, either
// case (issue 18): LIKE '%halv%' read all 50,000 orders (161 ms on SQLite, 203 ms on
// PostgreSQL) and all 20,000 customers, as no b-tree index can serve a match in the middle of
// a value. A trigram index can, on both databases; customers/admin-customers.server.ts and
// orders/admin-orders.server.ts build the conditions that use it.
//
// PostgreSQL: pg_trgm GIN indexes on the very expressions the searches compare (lower(...),
// the order's name as first || ' ' || last), which answer LIKE '%text%' for 3 characters or
// more.
// SQLite: FTS5 tables with the trigram tokenizer (case-insensitive), kept in step by
// triggers as product_search is (migration 0011), so rows written by scripts are found too.
// They hold the row's id or order number, not its rowid: orders and customers have text
// keys, and VACUUM may renumber the rowids of such tables.

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isSqlite(db)) {
    await sql`create extension if not exists pg_trgm`.execute(db)
    const indexes: [string, string, string][] = [
      ['customers_name_trgm_idx', 'customers', 'lower(name)'],
      ['customers_email_trgm_idx', 'customers', 'lower(email)'],
      ['orders_email_trgm_idx', 'orders', 'lower(email)'],
      ['orders_ship_name_trgm_idx', 'orders', `lower(ship_first_name || ' ' || ship_last_name)`],
    ]
    for (const [name, table, expression] of indexes) {
      await sql`create index ${sql.id(name)} on ${sql.id(table)} using gin ((${sql.raw(expression)}) gin_trgm_ops)`.execute(
        db,
      )
    }
    return
  }

  await sql`
    create virtual table customer_search using fts5(
      customer_id unindexed, name, email, tokenize = 'trigram'
    )
  `.execute(db)
  await sql`
    insert into customer_search (customer_id, name, email) select id, name, email from customers
  `.execute(db)
  await sql`
    create trigger customer_search_insert after insert on customers begin
      insert into customer_search (customer_id, name, email) values (new.id, new.name, new.email);
    end
  `.execute(db)
  // The row to change is found through the index by its old email (unique, and never shorter
  // than a trigram when valid), then by id: customer_id is not indexed, so looking for it by id
  // alone reads every row (16 ms a change at 20,000 customers). An email shorter than a
  // trigram, which only a script could write, is looked for by id alone.
  await sql`
    create trigger customer_search_update after update of name, email on customers begin
      update customer_search set name = new.name, email = new.email
      where customer_search match 'email : "' || replace(old.email, '"', '""') || '"'
        and customer_id = old.id;
      update customer_search set name = new.name, email = new.email
      where length(old.email) < 3 and customer_id = old.id;
    end
  `.execute(db)
  await sql`
    create trigger customer_search_delete after delete on customers begin
      delete from customer_search
      where customer_search match 'email : "' || replace(old.email, '"', '""') || '"'
        and customer_id = old.id;
      delete from customer_search where length(old.email) < 3 and customer_id = old.id;
    end
  `.execute(db)

  // An order's row is keyed by its number (the FTS rowid), which never changes: the triggers
  // find it by rowid, and the search finds the orders through order_number's unique index.
  await sql`
    create virtual table order_search using fts5(email, ship_name, tokenize = 'trigram')
  `.execute(db)
  await sql`
    insert into order_search (rowid, email, ship_name)
    select order_number, email, ship_first_name || ' ' || ship_last_name from orders
  `.execute(db)
  await sql`
    create trigger order_search_insert after insert on orders begin
      insert into order_search (rowid, email, ship_name)
      values (new.order_number, new.email, new.ship_first_name || ' ' || new.ship_last_name);
    end
  `.execute(db)
  await sql`
    create trigger order_search_update
    after update of order_number, email, ship_first_name, ship_last_name on orders begin
      delete from order_search where rowid = old.order_number;
      insert into order_search (rowid, email, ship_name)
      values (new.order_number, new.email, new.ship_first_name || ' ' || new.ship_last_name);
    end
  `.execute(db)
  await sql`
    create trigger order_search_delete after delete on orders begin
      delete from order_search where rowid = old.order_number;
    end
  `.execute(db)
}
