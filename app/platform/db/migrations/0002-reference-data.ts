import type { Kysely } from 'kysely'

// Reference data every shop needs, demo or not (house style: it ships in migrations).
// Idaho's 6 % sales tax; shipping per the specification; FARM10 for 10 % off.

type Seedable = Kysely<{
  settings: Record<string, unknown>
  promo_codes: Record<string, unknown>
  farm_info: Record<string, unknown>
}>

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Seedable
  await db
    .insertInto('settings')
    .values({
      id: 1,
      tax_rate_basis_points: 600,
      standard_shipping_cents: 599,
      express_shipping_cents: 1299,
      pickup_shipping_cents: 0,
      free_shipping_threshold_cents: 5000,
      states_offered: 'ID',
    })
    .execute()
  await db
    .insertInto('promo_codes')
    .values({
      id: 'promo_farm10',
      code: 'FARM10',
      discount_type: 'percent',
      discount_value: 10,
    })
    .execute()
  await db
    .insertInto('farm_info')
    .values({
      id: 1,
      name: 'Our Farm',
      description: 'Fresh food from our family farm in Idaho.',
      story: 'Our story will be told here soon.',
      mission: 'To raise good food, and to raise it well.',
      contact_email: 'hello@example.com',
      contact_phone: '',
      address: 'Idaho',
      opening_hours: 'Mo-Sa 09:00-17:00',
      values_title: 'Our Values',
      practices_title: 'Our Practices',
      team_title: 'Meet the Family',
      visit_title: 'Visit Our Farm',
      visit_description: 'Come and see where your food comes from.',
    })
    .execute()
}
