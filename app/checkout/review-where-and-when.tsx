import { findSlot } from '~/fulfilment/fulfilment-choice'
import type { FulfilmentOffer } from '~/fulfilment/offer'
import { slotLabel } from '~/fulfilment/windows'
import { stateName } from '~/platform/us-address'
import type { CheckoutDraft } from './checkout'
import { cardClass, legendClass } from './checkout-step'

/** Where the order goes: the pickup place and time, or the address it is delivered to. */
export function ReviewWhereAndWhen({
  draft,
  offer,
  thisYear,
}: {
  draft: CheckoutDraft
  offer: FulfilmentOffer
  thisYear: number
}) {
  const chosen = findSlot(offer, draft.slot)
  if (draft.shippingMethod === 'pickup') {
    const place =
      chosen?.kind === 'pickup'
        ? chosen.place
        : offer.pickup.kind === 'farm-hours'
          ? offer.pickup.place
          : null
    return (
      <section aria-labelledby="review-address-heading" className={cardClass}>
        <h2 id="review-address-heading" className={legendClass}>
          Pickup
        </h2>
        <div className="mt-3 text-sm text-ink">
          {place ? (
            <p className="font-semibold">
              Pickup at {place.name}
              {chosen?.kind === 'pickup' ? `, ${slotLabel(chosen.slot, thisYear)}` : null}
            </p>
          ) : null}
          {place ? <p>{place.address}</p> : null}
          {place?.instructions ? <p className="mt-1 text-muted">{place.instructions}</p> : null}
          {offer.pickup.kind === 'farm-hours' ? (
            <p className="mt-1 text-muted">Opening hours: {offer.pickup.hours}</p>
          ) : null}
          <p className="mt-2">
            {draft.firstName} {draft.lastName}
            <br />
            {draft.phone}
            <br />
            {draft.email}
          </p>
        </div>
      </section>
    )
  }
  const delivery = draft.shippingMethod === 'delivery'
  return (
    <section aria-labelledby="review-address-heading" className={cardClass}>
      <h2 id="review-address-heading" className={legendClass}>
        {delivery ? 'Delivery Address' : 'Shipping Address'}
      </h2>
      {delivery && chosen?.kind === 'delivery' ? (
        <p className="mt-3 text-sm font-semibold text-ink">
          Delivery on {slotLabel(chosen.slot, thisYear)}
        </p>
      ) : null}
      <address className="mt-3 text-sm not-italic text-ink">
        {draft.firstName} {draft.lastName}
        <br />
        {draft.street}
        {draft.apartment ? (
          <>
            <br />
            {draft.apartment}
          </>
        ) : null}
        <br />
        {draft.city}, {stateName(draft.state.toUpperCase())} {draft.zipCode}
        <br />
        {draft.phone}
        <br />
        {draft.email}
      </address>
    </section>
  )
}
