import type { DB } from '~/platform/db/db.server'
import type { DeliveryZoneTerms } from './methods'

/**
 * The terms of every zone checkout offers local delivery in (active, with an active window,
 * as loadFulfilmentOffer has it), cheapest first. The cart page's question, "what can local
 * delivery cost", in one query: it needs no slots, so it skips the offer's window arithmetic.
 * A cart holding a beef share is delivered in none of them: summaryPrice prices it for pickup.
 */
export async function listDeliveryZoneTerms(db: DB): Promise<DeliveryZoneTerms[]> {
  const rows = await db
    .selectFrom('delivery_zones')
    .select(['fee_cents', 'free_over_cents', 'minimum_cents'])
    .where('is_active', '=', true)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('fulfilment_windows')
          .select('fulfilment_windows.id')
          .whereRef('fulfilment_windows.zone_id', '=', 'delivery_zones.id')
          .where('fulfilment_windows.is_active', '=', true)
          // As the offer: an animal's window is its shares' pickup, never a delivery day.
          .where('fulfilment_windows.animal_id', 'is', null),
      ),
    )
    .orderBy('fee_cents')
    .orderBy('minimum_cents')
    .execute()
  return rows.map((row) => ({
    feeCents: row.fee_cents,
    freeOverCents: row.free_over_cents,
    minimumCents: row.minimum_cents,
  }))
}
