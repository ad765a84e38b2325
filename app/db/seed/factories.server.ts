import type { Insertable } from 'kysely'
import type { DB } from '../db.server'
import type { Database } from '../schema'

// One row per call with defaults that satisfy every constraint, so a test only spells out
// the fields it is about. Shared by the demo seed, which passes everything explicitly.

type CustomerInsert = Insertable<Database['customers']>
type ProductInsert = Insertable<Database['products']>
type VariantInsert = Insertable<Database['product_variants']>
type TeamMemberInsert = Insertable<Database['team_members']>
type FarmImageInsert = Insertable<Database['farm_images']>

// Unique enough to keep names apart between rows created in one test.
const suffix = () => crypto.randomUUID().slice(0, 8)

/** A customer row (the account itself, without a password); `is_admin: true` for an admin. */
export async function createCustomer(db: DB, overrides: Partial<CustomerInsert> = {}) {
  const id = overrides.id ?? crypto.randomUUID()
  const first = overrides.first_name ?? 'Test'
  const last = overrides.last_name ?? 'Customer'
  const row: CustomerInsert = {
    id,
    name: `${first} ${last}`,
    email: `${id}@example.com`,
    first_name: first,
    last_name: last,
    ...overrides,
  }
  return db
    .insertInto('customers')
    .values(row)
    .returning(['id', 'email', 'first_name', 'last_name'])
    .executeTakeFirstOrThrow()
}

export async function createProduct(db: DB, overrides: Partial<ProductInsert> = {}) {
  const row: ProductInsert = {
    id: crypto.randomUUID(),
    name: `Test Product ${suffix()}`,
    description: 'A product made for testing.',
    category: 'Pantry',
    price_cents: 999,
    unit: 'each',
    image_url: null,
    stock_quantity: 10,
    is_available: true,
    next_available_date: null,
    expected_quantity: null,
    ...overrides,
  }
  return db
    .insertInto('products')
    .values(row)
    .returning([
      'id',
      'name',
      'description',
      'category',
      'price_cents',
      'unit',
      'image_url',
      'stock_quantity',
      'is_available',
      'next_available_date',
      'expected_quantity',
    ])
    .executeTakeFirstOrThrow()
}

export async function createVariant(
  db: DB,
  productId: string,
  overrides: Partial<Omit<VariantInsert, 'product_id'>> = {},
) {
  const row: VariantInsert = {
    id: crypto.randomUUID(),
    name: `Option ${suffix()}`,
    price_cents: 999,
    stock_quantity: 10,
    is_available: true,
    ...overrides,
    product_id: productId,
  }
  return db
    .insertInto('product_variants')
    .values(row)
    .returning(['id', 'product_id', 'name', 'price_cents', 'stock_quantity', 'is_available'])
    .executeTakeFirstOrThrow()
}

export async function createTeamMember(db: DB, overrides: Partial<TeamMemberInsert> = {}) {
  const row: TeamMemberInsert = {
    id: crypto.randomUUID(),
    name: `Team Member ${suffix()}`,
    title: 'Farmhand',
    bio: null,
    image_url: null,
    is_active: true,
    display_order: 0,
    ...overrides,
  }
  return db
    .insertInto('team_members')
    .values(row)
    .returning(['id', 'name', 'title', 'bio', 'image_url', 'is_active', 'display_order'])
    .executeTakeFirstOrThrow()
}

export async function createFarmImage(db: DB, overrides: Partial<FarmImageInsert> = {}) {
  const row: FarmImageInsert = {
    id: crypto.randomUUID(),
    image_url: '/images/demo/gallery-morning-pasture.svg',
    alt_text: 'Morning mist over the lower pasture',
    caption: null,
    display_order: 0,
    ...overrides,
  }
  return db
    .insertInto('farm_images')
    .values(row)
    .returning(['id', 'image_url', 'alt_text', 'caption', 'display_order'])
    .executeTakeFirstOrThrow()
}
