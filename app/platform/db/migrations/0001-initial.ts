import { type Kysely, sql } from 'kysely'
import { columnTypes, withTimestamps } from './columns'

// The whole first data model. Money is integer cents; CHECKs keep stock and prices from
// going negative whatever the application does.

export async function up(db: Kysely<unknown>): Promise<void> {
  const { timestamp, date, blob, now } = columnTypes(db)
  const s = db.schema

  // Customers are better-auth's user table (ADR 4): one row per account, created in one insert.
  await withTimestamps(
    db,
    s
      .createTable('customers')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('email_verified', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('image', 'text')
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('phone', 'text')
      .addColumn('is_admin', 'boolean', (c) => c.notNull().defaultTo(false)),
    ['created_at', 'updated_at'],
  ).execute()
  await withTimestamps(
    db,
    s
      .createTable('sessions')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('user_id', 'text', (c) =>
        c.notNull().references('customers.id').onDelete('cascade'),
      )
      .addColumn('token', 'text', (c) => c.notNull().unique())
      .addColumn('expires_at', timestamp, (c) => c.notNull())
      .addColumn('ip_address', 'text')
      .addColumn('user_agent', 'text'),
    ['created_at', 'updated_at'],
  ).execute()
  await withTimestamps(
    db,
    s
      .createTable('accounts')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('user_id', 'text', (c) =>
        c.notNull().references('customers.id').onDelete('cascade'),
      )
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('provider_id', 'text', (c) => c.notNull())
      .addColumn('access_token', 'text')
      .addColumn('refresh_token', 'text')
      .addColumn('id_token', 'text')
      .addColumn('access_token_expires_at', timestamp)
      .addColumn('refresh_token_expires_at', timestamp)
      .addColumn('scope', 'text')
      .addColumn('password', 'text'),
    ['created_at', 'updated_at'],
  ).execute()
  await withTimestamps(
    db,
    s
      .createTable('verifications')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('identifier', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('expires_at', timestamp, (c) => c.notNull()),
    ['created_at', 'updated_at'],
  ).execute()
  // Failed attempts per key (address or client IP) in a fixed window; shared by all instances.
  await s
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey().notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', timestamp, (c) => c.notNull())
    .execute()

  await withTimestamps(
    db,
    s
      .createTable('addresses')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('customer_id', 'text', (c) =>
        c.notNull().references('customers.id').onDelete('cascade'),
      )
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('street', 'text', (c) => c.notNull())
      .addColumn('apartment', 'text')
      .addColumn('city', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('zip_code', 'text', (c) => c.notNull())
      .addColumn('phone', 'text')
      .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false)),
  ).execute()

  // catalog
  await withTimestamps(
    db,
    s
      .createTable('products')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
      .addColumn('image_url', 'text')
      .addColumn('stock_quantity', 'integer', (c) =>
        c.notNull().defaultTo(0).check(sql`stock_quantity >= 0`),
      )
      .addColumn('is_available', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('unit', 'text', (c) => c.notNull())
      .addColumn('next_available_date', date)
      .addColumn('expected_quantity', 'integer', (c) => c.check(sql`expected_quantity >= 0`))
      .addColumn('archived_at', timestamp),
    ['created_at', 'updated_at'],
  ).execute()
  await withTimestamps(
    db,
    s
      .createTable('product_variants')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('product_id', 'text', (c) =>
        c.notNull().references('products.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
      .addColumn('stock_quantity', 'integer', (c) =>
        c.notNull().defaultTo(0).check(sql`stock_quantity >= 0`),
      )
      .addColumn('is_available', 'boolean', (c) => c.notNull().defaultTo(true)),
  ).execute()
  await s
    .createTable('waiting_list')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('customer_id', 'text', (c) =>
      c.notNull().references('customers.id').onDelete('cascade'),
    )
    .addColumn('product_id', 'text', (c) =>
      c.notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('product_variant_id', 'text', (c) =>
      c.references('product_variants.id').onDelete('cascade'),
    )
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('notify_by_email', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('waiting'))
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('notified_at', timestamp)
    .execute()

  // cart
  await withTimestamps(
    db,
    s
      .createTable('carts')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('customer_id', 'text', (c) =>
        c.unique().references('customers.id').onDelete('cascade'),
      )
      .addColumn('promo_code', 'text'),
    ['created_at', 'updated_at'],
  ).execute()
  await withTimestamps(
    db,
    s
      .createTable('cart_lines')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('cart_id', 'text', (c) => c.notNull().references('carts.id').onDelete('cascade'))
      .addColumn('product_id', 'text', (c) =>
        c.notNull().references('products.id').onDelete('cascade'),
      )
      .addColumn('product_variant_id', 'text', (c) =>
        c.references('product_variants.id').onDelete('cascade'),
      )
      .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`)),
  ).execute()

  // orders
  await withTimestamps(
    db,
    s
      .createTable('orders')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('order_number', 'integer', (c) => c.notNull().unique())
      .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id'))
      .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('subtotal_cents', 'integer', (c) => c.notNull().check(sql`subtotal_cents >= 0`))
      .addColumn('discount_cents', 'integer', (c) => c.notNull().check(sql`discount_cents >= 0`))
      .addColumn('shipping_cents', 'integer', (c) => c.notNull().check(sql`shipping_cents >= 0`))
      .addColumn('tax_cents', 'integer', (c) => c.notNull().check(sql`tax_cents >= 0`))
      .addColumn('total_cents', 'integer', (c) => c.notNull().check(sql`total_cents >= 0`))
      .addColumn('tax_rate_basis_points', 'integer', (c) => c.notNull())
      .addColumn('promo_code', 'text')
      .addColumn('shipping_method', 'text', (c) => c.notNull())
      .addColumn('ship_first_name', 'text', (c) => c.notNull())
      .addColumn('ship_last_name', 'text', (c) => c.notNull())
      .addColumn('ship_street', 'text', (c) => c.notNull())
      .addColumn('ship_apartment', 'text')
      .addColumn('ship_city', 'text', (c) => c.notNull())
      .addColumn('ship_state', 'text', (c) => c.notNull())
      .addColumn('ship_zip_code', 'text', (c) => c.notNull())
      .addColumn('payment_method', 'text', (c) => c.notNull())
      .addColumn('payment_status', 'text', (c) => c.notNull())
      .addColumn('payment_reference', 'text')
      .addColumn('tracking_number', 'text'),
    ['created_at', 'updated_at'],
  ).execute()
  await s
    .createTable('order_items')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('product_variant_id', 'text', (c) =>
      c.references('product_variants.id').onDelete('set null'),
    )
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('variant_name', 'text')
    .addColumn('image_url', 'text')
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull().check(sql`unit_price_cents >= 0`))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('line_total_cents', 'integer', (c) => c.notNull().check(sql`line_total_cents >= 0`))
    .execute()
  await withTimestamps(
    db,
    s
      .createTable('promo_codes')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('discount_type', 'text', (c) =>
        c.notNull().check(sql`discount_type in ('percent', 'fixed')`),
      )
      .addColumn('discount_value', 'integer', (c) => c.notNull().check(sql`discount_value > 0`))
      .addColumn('min_subtotal_cents', 'integer', (c) =>
        c.notNull().defaultTo(0).check(sql`min_subtotal_cents >= 0`),
      )
      .addColumn('starts_at', timestamp)
      .addColumn('ends_at', timestamp)
      .addColumn('usage_limit', 'integer', (c) => c.check(sql`usage_limit >= 0`))
      .addColumn('times_used', 'integer', (c) =>
        c.notNull().defaultTo(0).check(sql`times_used >= 0`),
      )
      .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true)),
  ).execute()

  // farm content and settings (single rows, id 1)
  await withTimestamps(
    db,
    s
      .createTable('settings')
      .addColumn('id', 'integer', (c) => c.primaryKey().notNull().check(sql`id = 1`))
      .addColumn('tax_rate_basis_points', 'integer', (c) =>
        c.notNull().check(sql`tax_rate_basis_points between 0 and 10000`),
      )
      .addColumn('standard_shipping_cents', 'integer', (c) =>
        c.notNull().check(sql`standard_shipping_cents >= 0`),
      )
      .addColumn('express_shipping_cents', 'integer', (c) =>
        c.notNull().check(sql`express_shipping_cents >= 0`),
      )
      .addColumn('pickup_shipping_cents', 'integer', (c) =>
        c.notNull().check(sql`pickup_shipping_cents >= 0`),
      )
      .addColumn('free_shipping_threshold_cents', 'integer', (c) =>
        c.notNull().check(sql`free_shipping_threshold_cents >= 0`),
      )
      .addColumn('states_offered', 'text', (c) => c.notNull()),
    ['updated_at'],
  ).execute()
  await withTimestamps(
    db,
    s
      .createTable('farm_info')
      .addColumn('id', 'integer', (c) => c.primaryKey().notNull().check(sql`id = 1`))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('story', 'text', (c) => c.notNull())
      .addColumn('mission', 'text', (c) => c.notNull())
      .addColumn('contact_email', 'text', (c) => c.notNull())
      .addColumn('contact_phone', 'text', (c) => c.notNull())
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('facebook_url', 'text')
      .addColumn('instagram_url', 'text')
      .addColumn('logo_image_url', 'text')
      .addColumn('hero_image_url', 'text')
      .addColumn('story_image_url', 'text')
      .addColumn('about_hero_image_url', 'text')
      .addColumn('about_practices_image_url', 'text')
      .addColumn('grass_fed_hero_image_url', 'text')
      .addColumn('grass_fed_story_image_url', 'text')
      .addColumn('opening_hours', 'text', (c) => c.notNull())
      .addColumn('show_values_section', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('show_practices_section', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('show_team_section', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('show_visit_section', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('values_title', 'text', (c) => c.notNull())
      .addColumn('practices_title', 'text', (c) => c.notNull())
      .addColumn('team_title', 'text', (c) => c.notNull())
      .addColumn('visit_title', 'text', (c) => c.notNull())
      .addColumn('visit_description', 'text', (c) => c.notNull()),
    ['updated_at'],
  ).execute()
  await withTimestamps(
    db,
    s
      .createTable('farm_images')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('image_url', 'text', (c) => c.notNull())
      .addColumn('alt_text', 'text', (c) => c.notNull())
      .addColumn('caption', 'text')
      .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute()
  await withTimestamps(
    db,
    s
      .createTable('team_members')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('bio', 'text')
      .addColumn('image_url', 'text')
      .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute()
  await withTimestamps(
    db,
    s
      .createTable('contact_submissions')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('phone', 'text')
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('unread')),
  ).execute()
  await s
    .createTable('newsletter_subscribers')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('confirmed_at', timestamp)
    .addColumn('unsubscribed_at', timestamp)
    .execute()

  // infrastructure
  await s
    .createTable('email_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('send_after', timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('sent_at', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
    .execute()
  await withTimestamps(
    db,
    s
      .createTable('images')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('alt_text', 'text', (c) => c.notNull())
      .addColumn('original_name', 'text'),
  ).execute()
  await s
    .createTable('image_variants')
    .addColumn('id', 'text', (c) => c.primaryKey().notNull())
    .addColumn('image_id', 'text', (c) => c.notNull().references('images.id').onDelete('cascade'))
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', blob, (c) => c.notNull())
    .execute()
  await withTimestamps(
    db,
    s
      .createTable('audit_log')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('actor_id', 'text', (c) => c.references('customers.id').onDelete('set null'))
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('entity_type', 'text', (c) => c.notNull())
      .addColumn('entity_id', 'text')
      .addColumn('details', 'text'),
  ).execute()
  await withTimestamps(
    db,
    s
      .createTable('error_reports')
      .addColumn('id', 'text', (c) => c.primaryKey().notNull())
      .addColumn('level', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('stack_trace', 'text')
      .addColumn('context', 'text')
      .addColumn('url', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('customer_id', 'text', (c) => c.references('customers.id').onDelete('set null')),
  ).execute()

  // Every lookup the pages make (spec section 7) and the workers need.
  const indexes: [string, string, string[]][] = [
    ['sessions_user_idx', 'sessions', ['user_id']],
    ['accounts_user_idx', 'accounts', ['user_id']],
    ['verifications_identifier_idx', 'verifications', ['identifier']],
    ['addresses_customer_idx', 'addresses', ['customer_id']],
    ['products_available_name_idx', 'products', ['is_available', 'name']],
    ['products_category_idx', 'products', ['category', 'name']],
    ['product_variants_product_idx', 'product_variants', ['product_id', 'name']],
    ['waiting_list_customer_idx', 'waiting_list', ['customer_id', 'product_id', 'status']],
    ['waiting_list_product_idx', 'waiting_list', ['product_id', 'status']],
    ['cart_lines_cart_idx', 'cart_lines', ['cart_id']],
    ['orders_customer_idx', 'orders', ['customer_id', 'created_at']],
    ['orders_status_idx', 'orders', ['status', 'created_at']],
    ['order_items_order_idx', 'order_items', ['order_id']],
    ['team_members_active_idx', 'team_members', ['is_active', 'display_order']],
    ['farm_images_order_idx', 'farm_images', ['display_order']],
    ['contact_submissions_status_idx', 'contact_submissions', ['status', 'created_at']],
    ['email_outbox_due_idx', 'email_outbox', ['status', 'send_after']],
    ['audit_log_created_idx', 'audit_log', ['created_at']],
    ['error_reports_created_idx', 'error_reports', ['created_at']],
  ]
  for (const [name, table, columns] of indexes) {
    await s.createIndex(name).on(table).columns(columns).execute()
  }
  await s
    .createIndex('image_variants_lookup_idx')
    .unique()
    .on('image_variants')
    .columns(['image_id', 'format', 'width'])
    .execute()
}
