import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/database'
import { type Column, type ColumnKind, schema } from './schema'

// The migrations must build exactly what db/schema.ts describes, on both databases.

const EXPECTED_TYPE: Record<'sqlite' | 'postgres', Record<ColumnKind, string>> = {
  sqlite: {
    text: 'text',
    int: 'integer',
    bigint: 'bigint',
    bool: 'boolean',
    timestamp: 'text',
    date: 'text',
    blob: 'blob',
  },
  postgres: {
    text: 'text',
    int: 'int4',
    bigint: 'int8',
    bool: 'bool',
    timestamp: 'timestamptz',
    date: 'date',
    blob: 'bytea',
  },
}

/** SQLite's full-text search tables (migrations 0011, 0012); each has shadow tables too. */
const FTS5_TABLES = ['product_search', 'customer_search', 'order_search']

let t: TestDatabase
beforeAll(async () => {
  t = await createTestDatabase()
})
afterAll(async () => {
  await t?.cleanup()
})

describe('schema drift', () => {
  test('the migrated tables and columns match db/schema.ts', async () => {
    const tables = await t.db.introspection.getTables()
    const actual = Object.fromEntries(
      tables
        .filter((table) => !table.name.startsWith('schema_migrations'))
        // FTS5's tables, not ours.
        .filter((table) => !FTS5_TABLES.some((name) => table.name.startsWith(name)))
        .map((table) => [
          table.name,
          Object.fromEntries(
            table.columns.map((column) => [
              column.name,
              {
                type: column.dataType.toLowerCase(),
                nullable: column.isNullable,
                hasDefault: column.hasDefaultValue,
              },
            ]),
          ),
        ]),
    )
    const expected = Object.fromEntries(
      Object.entries(schema).map(([table, columns]) => [
        table,
        Object.fromEntries(
          Object.entries(columns as Record<string, Column>).map(([name, column]) => [
            name,
            {
              type: EXPECTED_TYPE[t.dialect][column.kind],
              nullable: column.nullable,
              hasDefault: column.hasDefault,
            },
          ]),
        ),
      ]),
    )
    expect(actual).toEqual(expected)
  })

  test('a boolean or timestamp column name means that in every table (SQLite converter)', () => {
    const converted = new Set<ColumnKind>(['bool', 'timestamp'])
    const kinds = new Map<string, Set<ColumnKind>>()
    for (const columns of Object.values(schema) as Record<string, Column>[]) {
      for (const [name, column] of Object.entries(columns)) {
        kinds.set(name, (kinds.get(name) ?? new Set()).add(column.kind))
      }
    }
    for (const [name, seen] of kinds) {
      if ([...seen].some((kind) => converted.has(kind)))
        expect([name, seen.size]).toEqual([name, 1])
    }
  })
})

describe('values cross both databases as the same JavaScript types', () => {
  test('booleans, timestamps, calendar dates and counts', async () => {
    const when = new Date('2026-03-04T05:06:07.089Z')
    await t.db
      .insertInto('products')
      .values({
        id: 'p-types',
        name: 'Type Test',
        description: 'd',
        category: 'Test',
        price_cents: 1234,
        unit: 'each',
        is_available: false,
        next_available_date: '2027-01-15',
        archived_at: when,
      })
      .execute()
    const row = await t.db
      .selectFrom('products')
      .select(['is_available', 'archived_at', 'created_at', 'next_available_date', 'price_cents'])
      .where('id', '=', 'p-types')
      .executeTakeFirstOrThrow()
    expect(row.is_available).toBe(false)
    expect(row.archived_at).toEqual(when)
    expect(row.created_at).toBeInstanceOf(Date)
    expect(Number.isNaN(row.created_at.getTime())).toBe(false)
    expect(row.next_available_date).toBe('2027-01-15')
    expect(row.price_cents).toBe(1234)

    const { count } = await t.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('archived_at', '<', new Date('2030-01-01'))
      .executeTakeFirstOrThrow()
    expect(count).toBe(1)
  })

  test('reference data ships with the migrations', async () => {
    const settings = await t.db
      .selectFrom('settings')
      .select([
        'tax_rate_basis_points',
        'standard_shipping_cents',
        'express_shipping_cents',
        'pickup_shipping_cents',
        'free_shipping_threshold_cents',
        'states_offered',
      ])
      .executeTakeFirstOrThrow()
    expect(settings).toEqual({
      tax_rate_basis_points: 600,
      standard_shipping_cents: 599,
      express_shipping_cents: 1299,
      pickup_shipping_cents: 0,
      free_shipping_threshold_cents: 5000,
      states_offered: 'ID',
    })
    const farm10 = await t.db
      .selectFrom('promo_codes')
      .select(['discount_type', 'discount_value', 'is_active'])
      .where('code', '=', 'FARM10')
      .executeTakeFirstOrThrow()
    expect(farm10).toEqual({ discount_type: 'percent', discount_value: 10, is_active: true })
  })
})

describe('constraints keep money and stock sane', () => {
  test('stock can never go below zero', async () => {
    await t.db
      .insertInto('products')
      .values({
        id: 'p-stock',
        name: 'Eggs',
        description: 'd',
        category: 'Eggs',
        price_cents: 600,
        unit: 'dozen',
        stock_quantity: 2,
      })
      .execute()
    await expect(
      t.db
        .updateTable('products')
        .set({ stock_quantity: -1 })
        .where('id', '=', 'p-stock')
        .execute(),
    ).rejects.toThrow()
    // The conditional decrement the order transaction uses: no row matches, nothing changes.
    const result = await t.db
      .updateTable('products')
      .set((eb) => ({ stock_quantity: eb('stock_quantity', '-', 3) }))
      .where('id', '=', 'p-stock')
      .where('stock_quantity', '>=', 3)
      .executeTakeFirst()
    expect(Number(result.numUpdatedRows)).toBe(0)
  })

  test('prices cannot be negative and foreign keys are enforced', async () => {
    await expect(
      t.db
        .insertInto('products')
        .values({
          id: 'p-neg',
          name: 'x',
          description: 'd',
          category: 'c',
          price_cents: -1,
          unit: 'u',
        })
        .execute(),
    ).rejects.toThrow()
    await expect(
      t.db
        .insertInto('product_variants')
        .values({ id: 'v-orphan', product_id: 'missing', name: 'x', price_cents: 1 })
        .execute(),
    ).rejects.toThrow()
  })

  test('the schema has every lookup index the pages need', async () => {
    const names =
      t.dialect === 'sqlite'
        ? (
            await sql<{
              name: string
            }>`select name from sqlite_master where type = 'index'`.execute(t.db)
          ).rows
        : (
            await sql<{
              name: string
            }>`select indexname as name from pg_indexes where schemaname = 'public'`.execute(t.db)
          ).rows
    const indexNames = names.map((row) => row.name)
    for (const name of [
      'products_available_name_idx',
      'product_variants_product_idx',
      'orders_customer_idx',
      'order_items_order_idx',
      'team_members_active_idx',
      'farm_images_order_idx',
      'waiting_list_customer_idx',
      'image_variants_lookup_idx',
    ]) {
      expect(indexNames).toContain(name)
    }
  })
})
