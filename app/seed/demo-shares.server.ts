import type { DB } from '~/platform/db/db.server'
import { addDays, farmDayOf } from '~/platform/farm-clock'
import { addAnimal } from '~/shares/admin/animals.server'

// The demo's beef shares (ADR 31): Steer #14, four quarters, on sale through "Reserve a Beef
// Share", with cut sheets open for three weeks and pickup two weeks after that, at the farm in
// a morning window of its own with room for its four quarters (issue 32).

export const DEMO_SHARE_PRODUCT = 'Reserve a Beef Share'

export async function seedDemoShares(db: DB, now = new Date()): Promise<void> {
  const product = await db
    .selectFrom('products')
    .select('id')
    .where('name', '=', DEMO_SHARE_PRODUCT)
    .executeTakeFirstOrThrow()
  // Migration 0008 made the farm the first pickup place (seedDemoFulfilment fills it in).
  const farm = await db
    .selectFrom('pickup_places')
    .select('id')
    .orderBy('display_order')
    .orderBy('created_at')
    .executeTakeFirstOrThrow()
  const today = farmDayOf(now)
  const created = await addAnimal(db, null, {
    name: 'Steer #14',
    product_id: product.id,
    price_per_lb: 495,
    processing_fee: 12500,
    cut_sheet_cutoff: addDays(today, 21),
    pickup_date: addDays(today, 35),
    pickup_place_id: farm.id,
    pickup_start: '09:00',
    pickup_end: '12:00',
    pickup_capacity: 4,
  })
  if (!created.ok) throw new Error(`Demo animal: ${created.message}`)
}
