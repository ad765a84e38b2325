import type { DB } from '../../app/platform/db/db.server'

/** Empties the catalog, for a test that builds its own small one (an animal sold in shares
 * names its product; the demo's subscribers name its products, their items go with them). */
export async function emptyCatalog(db: DB) {
  await db.deleteFrom('animals').execute()
  await db.deleteFrom('subscriptions').execute()
  await db.deleteFrom('product_variants').execute()
  await db.deleteFrom('products').execute()
}
