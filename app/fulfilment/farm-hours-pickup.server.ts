import { getFarmBasics } from '~/farm/farm.server'
import { describeOpeningHours } from '~/farm/opening-hours'
import type { DB } from '~/platform/db/db.server'
import { type FulfilmentOffer, NO_SNAPSHOT, type ResolvedFulfilment } from './offer'

// Pickup when the farm has set up no windows: at the farm during its opening hours, as the
// specification had it, offered by offer.server.ts and kept on the order as its choice.

export async function farmHoursPickup(
  db: DB,
  place:
    | { name: string; address: string; instructions: string; map_url: string | null }
    | undefined,
): Promise<FulfilmentOffer['pickup']> {
  const farm = await getFarmBasics(db)
  const hours = describeOpeningHours(farm.opening_hours)
    .map((line) => `${line.days}: ${line.hours}`)
    .join('; ')
  return {
    kind: 'farm-hours',
    place: {
      name: place?.name ?? farm.name,
      address: place?.address ?? farm.address,
      instructions: place?.instructions ?? '',
      mapUrl: place?.map_url ?? null,
    },
    hours,
  }
}

export async function farmHoursChoice(db: DB): Promise<ResolvedFulfilment> {
  const offer = await farmHoursPickup(
    db,
    await db
      .selectFrom('pickup_places')
      .select(['name', 'address', 'instructions', 'map_url'])
      .where('is_active', '=', true)
      .orderBy('display_order')
      .orderBy('name')
      .executeTakeFirst(),
  )
  if (offer.kind !== 'farm-hours') throw new Error('farm-hours pickup expected')
  return {
    ok: true,
    booking: null,
    delivery: null,
    snapshot: {
      ...NO_SNAPSHOT,
      fulfilment_place: offer.place.name,
      fulfilment_address: offer.place.address,
      fulfilment_instructions: offer.place.instructions || null,
      fulfilment_map_url: offer.place.mapUrl,
    },
  }
}
