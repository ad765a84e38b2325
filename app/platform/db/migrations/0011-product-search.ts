import { type Kysely, sql } from 'kysely'
import { isSqlite } from './columns'

// Full-text search over a product's name, category and description (issue 18, ADR 21), one
// interface over two engines: catalog/product-search.server.ts builds the matching condition.
//
// SQLite: an FTS5 table kept in step by triggers. It stores the product's id rather than
// pointing at products' rowid (an "external content" table): products has a text primary key,
// so VACUUM may renumber its rowids and such an index would silently point at other products.
// PostgreSQL: a GIN index on the same expression the search condition uses, with the 'simple'
// configuration (no stemming, no stop words), which matches FTS5's unicode61 tokenizer closely
// enough that a search finds the same products on both.

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isSqlite(db)) {
    await sql`
      create index products_search_idx on products using gin (
        to_tsvector('simple'::regconfig, name || ' ' || category || ' ' || description)
      )
    `.execute(db)
    return
  }
  await sql`
    create virtual table product_search using fts5(
      product_id unindexed, name, category, description, tokenize = 'unicode61'
    )
  `.execute(db)
  await sql`
    insert into product_search (product_id, name, category, description)
    select id, name, category, description from products
  `.execute(db)
  await sql`
    create trigger product_search_insert after insert on products begin
      insert into product_search (product_id, name, category, description)
      values (new.id, new.name, new.category, new.description);
    end
  `.execute(db)
  await sql`
    create trigger product_search_update after update of name, category, description on products
    begin
      update product_search
      set name = new.name, category = new.category, description = new.description
      where product_id = old.id;
    end
  `.execute(db)
  await sql`
    create trigger product_search_delete after delete on products begin
      delete from product_search where product_id = old.id;
    end
  `.execute(db)
}
