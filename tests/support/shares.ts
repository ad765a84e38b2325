import type { DB } from '../../app/platform/db/db.server'
import { createCustomer, createProduct, createVariant } from '../../app/seed/factories.server'
import { createAnimal } from '../../app/shares/admin/animals.server'
import { checkOut, fillCart } from './orders'

// A beef share product with Quarter, Half and Whole options on one animal's pool, made the
// way the admin makes it (createAnimal), for data-layer and end-to-end tests.

export const DEPOSIT_PER_QUARTER_CENTS = 30000

export async function createShareAnimal(
  db: DB,
  options: { name?: string; cutoff?: string; pickup?: string; capacity?: number } = {},
) {
  const product = await createProduct(db, {
    name: `Beef Share ${crypto.randomUUID().slice(0, 6)}`,
    category: 'Beef Shares',
    unit: 'share',
    price_cents: DEPOSIT_PER_QUARTER_CENTS,
    stock_quantity: 0,
  })
  const quarter = await createVariant(db, product.id, {
    name: 'Quarter Share',
    price_cents: DEPOSIT_PER_QUARTER_CENTS,
    stock_quantity: 0,
  })
  const half = await createVariant(db, product.id, {
    name: 'Half Share',
    price_cents: 2 * DEPOSIT_PER_QUARTER_CENTS,
    stock_quantity: 0,
  })
  const whole = await createVariant(db, product.id, {
    name: 'Whole Share',
    price_cents: 4 * DEPOSIT_PER_QUARTER_CENTS,
    stock_quantity: 0,
  })
  // Migration 0008 made the farm the first pickup place.
  const place = await db
    .selectFrom('pickup_places')
    .select('id')
    .orderBy('display_order')
    .orderBy('created_at')
    .executeTakeFirstOrThrow()
  const pickupDate = options.pickup ?? '2099-12-15'
  const created = await createAnimal(db, null, {
    name: options.name ?? 'Steer #14',
    product_id: product.id,
    price_per_lb: 495,
    processing_fee: 12500,
    cut_sheet_cutoff: options.cutoff ?? '2099-12-01',
    pickup_date: pickupDate,
    pickup_place_id: place.id,
    pickup_start: '09:00',
    pickup_end: '12:00',
    pickup_capacity: options.capacity ?? null,
  })
  if (!created.ok) throw new Error(created.message)
  const window = await db
    .selectFrom('fulfilment_windows')
    .select('id')
    .where('animal_id', '=', created.id)
    .executeTakeFirstOrThrow()
  /** the checkout's pickup choice for this animal's shares */
  const slot = `${window.id}:${pickupDate}`
  return { animalId: created.id, product, quarter, half, whole, slot, placeId: place.id }
}

export type ShareAnimal = Awaited<ReturnType<typeof createShareAnimal>>

/** A customer who bought one share of `size` of the animal, by pickup and pay at pickup. */
export async function buyShare(
  db: DB,
  animal: ShareAnimal,
  size: 'quarter' | 'half' | 'whole' = 'quarter',
) {
  const customer = await createCustomer(db)
  await fillCart(db, customer.id, [
    { productId: animal.product.id, variantId: animal[size].id, quantity: 1 },
  ])
  const placed = await checkOut(db, customer, { shippingMethod: 'pickup', slot: animal.slot })
  if (!placed.ok) throw new Error(placed.message)
  const share = await db
    .selectFrom('share_orders')
    .select(['id', 'token'])
    .where('order_id', '=', placed.order.id)
    .executeTakeFirstOrThrow()
  return { customer, orderId: placed.order.id, shareId: share.id, token: share.token }
}
