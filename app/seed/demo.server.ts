import type { DB } from '~/platform/db/db.server'
import { seedDemoAdmin } from './demo-admin.server'
import { demoFarmImages, demoFarmInfo, demoProducts, demoTeamMembers } from './demo-data'
import { seedDemoFulfilment } from './demo-fulfilment.server'
import { seedDemoProductImages } from './demo-product-images.server'
import { seedDemoShares } from './demo-shares.server'
import { seedDemoSubscriptions } from './demo-subscriptions.server'
import { createFarmImage, createProduct, createTeamMember, createVariant } from './factories.server'

/**
 * Fills an empty shop with the demo farm. A shop that already has products is left alone,
 * so running it against a live database can never overwrite real content.
 */
export async function seedDemo(db: DB, now = new Date()): Promise<{ seeded: boolean }> {
  return db.transaction().execute(async (trx) => {
    // Checked inside the transaction so the check and the inserts see the same state.
    const existing = await trx.selectFrom('products').select('id').limit(1).executeTakeFirst()
    if (existing) return { seeded: false }

    const updated = await trx
      .updateTable('farm_info')
      .set({ ...demoFarmInfo, updated_at: new Date() })
      .where('id', '=', 1)
      .executeTakeFirst()
    // The row ships with migration 0002; recreate it should someone have deleted it.
    if (updated.numUpdatedRows === 0n) {
      await trx
        .insertInto('farm_info')
        .values({ id: 1, ...demoFarmInfo })
        .execute()
    }

    for (const { variants = [], ...product } of demoProducts) {
      const { id } = await createProduct(trx, {
        ...product,
        next_available_date: product.next_available_date ?? null,
        expected_quantity: product.expected_quantity ?? null,
      })
      for (const variant of variants) await createVariant(trx, id, variant)
    }
    await seedDemoShares(trx)
    await seedDemoProductImages(trx)
    for (const member of demoTeamMembers) await createTeamMember(trx, member)
    for (const farmImage of demoFarmImages) await createFarmImage(trx, farmImage)
    const fulfilment = await seedDemoFulfilment(trx, now)
    await seedDemoSubscriptions(trx, fulfilment, now)
    await seedDemoAdmin(trx)

    return { seeded: true }
  })
}
