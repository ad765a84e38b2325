import type { Insertable } from 'kysely'
import type { DB } from '~/platform/db/db.server'
import type { Database } from '~/platform/db/schema'

// One row per call with defaults that satisfy every constraint, so a test only spells out
// the fields it is about. Shared by the demo seed, which passes everything explicitly.

type CustomerInsert = Insertable<Database['customers']>
type ProductInsert = Insertable<Database['products']>
type VariantInsert = Insertable<Database['product_variants']>
type TeamMemberInsert = Insertable<Database['team_members']>
type FarmImageInsert = Insertable<Database['farm_images']>
type WaitingListInsert = Insertable<Database['waiting_list']>

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

/** A customer waiting for 1 of a product (or, with product_variant_id, of one of its options). */
export async function createWaitingListEntry(
  db: DB,
  customerId: string,
  productId: string,
  overrides: Partial<Omit<WaitingListInsert, 'customer_id' | 'product_id'>> = {},
) {
  return db
    .insertInto('waiting_list')
    .values({
      id: crypto.randomUUID(),
      quantity: 1,
      ...overrides,
      customer_id: customerId,
      product_id: productId,
    })
    .returning(['id', 'quantity', 'status'])
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

type PlaceInsert = Insertable<Database['pickup_places']>
type ZoneInsert = Insertable<Database['delivery_zones']>
type WindowInsert = Insertable<Database['fulfilment_windows']>
type OrderInsert = Insertable<Database['orders']>
type OrderItemInsert = Insertable<Database['order_items']>

export async function createPickupPlace(db: DB, overrides: Partial<PlaceInsert> = {}) {
  return db
    .insertInto('pickup_places')
    .values({
      id: crypto.randomUUID(),
      name: `Pickup Place ${suffix()}`,
      address: '1 Barn Road, Fairfield, ID 83327',
      ...overrides,
    })
    .returning(['id', 'name', 'address', 'instructions', 'map_url'])
    .executeTakeFirstOrThrow()
}

export async function createDeliveryZone(db: DB, overrides: Partial<ZoneInsert> = {}) {
  return db
    .insertInto('delivery_zones')
    .values({
      id: crypto.randomUUID(),
      name: `Delivery Zone ${suffix()}`,
      zip_codes: '83702-83706',
      fee_cents: 700,
      free_over_cents: 7500,
      minimum_cents: 3000,
      ...overrides,
    })
    .returning(['id', 'name', 'zip_codes', 'fee_cents', 'free_over_cents', 'minimum_cents'])
    .executeTakeFirstOrThrow()
}

/** A weekly window (Thursday 3-6 pm unless told) for a place or, with zone_id, a zone. */
export async function createWindow(
  db: DB,
  owner: { place_id: string } | { zone_id: string },
  overrides: Partial<WindowInsert> = {},
) {
  return db
    .insertInto('fulfilment_windows')
    .values({
      id: crypto.randomUUID(),
      weekday: overrides.on_date ? null : 4,
      start_time: '15:00',
      end_time: '18:00',
      cutoff_hours: 24,
      ...owner,
      ...overrides,
    })
    .returning(['id', 'weekday', 'on_date', 'start_time', 'end_time', 'capacity'])
    .executeTakeFirstOrThrow()
}

/**
 * An order as placeOrder would have written it, numbered from the same counter, with its
 * items (their stock is NOT taken: tests of stock go through placeOrder). A pickup order by
 * default; pass the fulfilment_* columns for a window.
 */
export async function createOrder(
  db: DB,
  customerId: string,
  items: ReadonlyArray<Partial<OrderItemInsert> & { product_name: string }>,
  overrides: Partial<OrderInsert> = {},
) {
  const { value: orderNumber } = await db
    .updateTable('counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', 'order_number')
    .returning('value')
    .executeTakeFirstOrThrow()
  const id = overrides.id ?? crypto.randomUUID()
  const lines = items.map((item) => {
    const unit = item.unit_price_cents ?? 1000
    const quantity = item.quantity ?? 1
    return {
      id: crypto.randomUUID(),
      order_id: id,
      unit_price_cents: unit,
      quantity,
      line_total_cents: unit * quantity,
      ...item,
    }
  })
  const subtotal = lines.reduce((sum, line) => sum + line.line_total_cents, 0)
  const tax = Math.round(subtotal * 0.06)
  await db
    .insertInto('orders')
    .values({
      id,
      order_number: orderNumber,
      customer_id: customerId,
      idempotency_key: crypto.randomUUID(),
      status: 'pending_payment',
      email: `${customerId}@example.com`,
      phone: '208-555-0100',
      subtotal_cents: subtotal,
      discount_cents: 0,
      shipping_cents: 0,
      tax_cents: tax,
      total_cents: subtotal + tax,
      tax_rate_basis_points: 600,
      shipping_method: 'pickup',
      ship_first_name: 'Test',
      ship_last_name: 'Customer',
      ship_street: '',
      ship_city: '',
      ship_state: '',
      ship_zip_code: '',
      payment_method: 'offline',
      payment_status: 'pending',
      ...overrides,
    })
    .execute()
  if (lines.length > 0) await db.insertInto('order_items').values(lines).execute()
  return { id, orderNumber }
}

type SubscriptionInsert = Insertable<Database['subscriptions']>
type SubscriptionItemInsert = Insertable<Database['subscription_items']>

/**
 * A subscription row with its items, as checkout would have made it (ADR 32): active, weekly,
 * paid at pickup, for a customer and a weekly window the caller created. No order is placed
 * and no stock is reserved: call syncReservations when a test is about reserved stock.
 */
export async function createSubscription(
  db: DB,
  owner: { customerId: string; windowId: string },
  items: ReadonlyArray<
    Pick<SubscriptionItemInsert, 'product_id'> & Partial<SubscriptionItemInsert>
  >,
  overrides: Partial<SubscriptionInsert> = {},
) {
  const id = overrides.id ?? crypto.randomUUID()
  const row: SubscriptionInsert = {
    id,
    customer_id: owner.customerId,
    status: 'active',
    frequency: 'weekly',
    window_id: owner.windowId,
    shipping_method: 'pickup',
    next_date: '2026-12-03',
    payment_method: 'offline',
    email: `${owner.customerId}@example.com`,
    phone: '208-555-0100',
    first_name: 'Test',
    last_name: 'Customer',
    ...overrides,
  }
  await db.insertInto('subscriptions').values(row).execute()
  if (items.length > 0) {
    await db
      .insertInto('subscription_items')
      .values(
        items.map((item) => ({
          id: crypto.randomUUID(),
          subscription_id: id,
          quantity: 1,
          ...item,
        })),
      )
      .execute()
  }
  return { id, nextDate: row.next_date }
}
