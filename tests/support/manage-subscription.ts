import type { DB } from '~/platform/db/db.server'
import {
  createCustomer,
  createPickupPlace,
  createProduct,
  createSubscription,
  createWindow,
} from '~/seed/factories.server'
import { type ChangeInput, changeSubscription } from '~/subscriptions/manage.server'
import { syncReservations } from '~/subscriptions/reservations.server'

// A customer's own subscription to change (ADR 32), for the self-service tests: one product,
// one Thursday pickup window, its reservation counted.

// Saturday, November 28, 9 am in Boise. The boxes come on Thursdays, 3-6 pm, and changes close
// two days before at 8 pm: the box of Thursday, December 3 closes Tuesday, December 1 at 8 pm
// (December 2, 03:00 UTC). The reservation horizon is December 5, so that box is reserved.
export const NOW = new Date('2026-11-28T16:00:00Z')
export const AFTER_CUTOFF = new Date('2026-12-02T16:00:00Z')
export const CLOSED = 'Changes to your box for Thursday, December 3 closed Tuesday at 8 pm.'
export const THURSDAY_CUTOFF = { cutoff_hours: null, cutoff_days_before: 2, cutoff_time: '20:00' }

/** The scene's helpers on the test's database (read when called: it is made in beforeAll). */
export function manageScene(db: () => DB) {
  async function setUp(options: { quantity?: number; address?: boolean } = {}) {
    const customer = await createCustomer(db())
    const place = await createPickupPlace(db(), { name: 'Red Barn' })
    const window = await createWindow(db(), { place_id: place.id }, THURSDAY_CUTOFF)
    const eggs = await createProduct(db(), {
      name: 'Eggs',
      price_cents: 600,
      subscription_frequencies: 'weekly,biweekly',
      stock_quantity: 20,
    })
    const address = options.address
      ? { street: '1 Main St', city: 'Boise', state: 'ID', zip_code: '83702' }
      : {}
    const subscription = await createSubscription(
      db(),
      { customerId: customer.id, windowId: window.id },
      [{ product_id: eggs.id, quantity: options.quantity ?? 2 }],
      address,
    )
    await syncReservations(db(), NOW, [eggs.id])
    return { customer, place, window, eggs, subscriptionId: subscription.id }
  }

  function change(customerId: string, subscriptionId: string, input: ChangeInput, now: Date = NOW) {
    return changeSubscription(db(), { customerId, subscriptionId, change: input, now })
  }

  async function subscriptionRow(id: string) {
    return db()
      .selectFrom('subscriptions')
      .select([
        'status',
        'next_date',
        'paused_until',
        'window_id',
        'shipping_method',
        'cancelled_at',
      ])
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  }

  async function reserved(productId: string) {
    const row = await db()
      .selectFrom('products')
      .select('reserved_quantity')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow()
    return row.reserved_quantity
  }

  async function items(subscriptionId: string) {
    return db()
      .selectFrom('subscription_items')
      .select(['id', 'product_id', 'product_variant_id', 'quantity'])
      .where('subscription_id', '=', subscriptionId)
      .execute()
  }
  return { setUp, change, subscriptionRow, reserved, items }
}
