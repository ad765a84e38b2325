import { FieldError } from '~/platform/ui/field'
import { TextAnchor } from '~/platform/ui/link'
import { Price } from '~/platform/ui/price'
import type { PricingSettings } from '~/settings/settings'
import { Fee } from './fee'
import {
  type DeliveryZoneTerms,
  type FulfilmentMethod,
  isShipping,
  METHOD_NAMES,
  METHOD_QUESTION,
  type MethodFee,
  SHIPPING_NOT_FOR_LOCAL_ONLY,
} from './methods'
import type { DeliveryZoneOffer, FulfilmentOffer, PickupPlaceOffer } from './offer'
import { type Slot, slotLabel } from './windows'
import { zipInList } from './zip-codes'

// Checkout step 1's "How would you like to get your order?" and the pickup times and delivery
// days that go with it. Plain radios in one form: without JavaScript every part shows and the
// server uses what the chosen method needs; the `data-for-method` sections are hidden by CSS
// (app.css, :has) for the other methods, so the page adapts with or without script. Every
// slot radio shares the name "slot": choosing a delivery day unchecks a pickup time.

const cardClass = 'rounded-lg border border-earth-100 bg-white p-6 shadow-sm'
const legendClass = 'font-display text-xl font-bold text-ink'
const optionClass =
  'flex cursor-pointer items-start gap-3 rounded-md border border-earth-100 p-4 has-[:checked]:border-pasture-700 has-[:checked]:bg-pasture-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:bg-stone-50'
const radioClass = 'mt-1 h-4 w-4 flex-none accent-pasture-700'

type MethodOption = {
  id: FulfilmentMethod
  detail: React.ReactNode
  disabled: boolean
}

function methodOptions(offer: FulfilmentOffer, settings: PricingSettings): MethodOption[] {
  const cannotShip = offer.localOnly.length > 0
  const options: MethodOption[] = [
    {
      id: 'pickup',
      detail:
        offer.pickup.kind === 'windows'
          ? `Choose a place and a time: ${offer.pickup.places.map((p) => p.name).join(', ')}`
          : `At ${offer.pickup.place.name} during opening hours`,
      disabled: false,
    },
  ]
  const zones = offer.delivery
  if (zones) {
    options.push({
      id: 'delivery',
      detail: `To your door in ${zones.map((zone) => zone.name).join(', ')}`,
      disabled: false,
    })
  }
  options.push(
    {
      id: 'standard',
      detail: (
        <>
          Free on orders of <Price cents={settings.freeShippingThresholdCents} /> or more. 5-7
          business days
        </>
      ),
      disabled: cannotShip,
    },
    { id: 'express', detail: '2-3 business days', disabled: cannotShip },
  )
  return options
}

export function MethodChoice({
  offer,
  settings,
  fees,
  selected,
  error,
  onChange,
  localOnly = false,
  whyNoShipping,
}: {
  offer: FulfilmentOffer
  settings: PricingSettings
  /**
   * What each method costs this cart at the address given so far (D22), priced by the
   * checkout with priceCart: never a list price the summary would contradict.
   */
  fees: Partial<Record<FulfilmentMethod, MethodFee>>
  selected: string
  error?: string
  onChange: (method: FulfilmentMethod) => void
  /** pickup and local delivery only, shipping not offered at all (a subscription's box) */
  localOnly?: boolean
  /** why shipping is not on offer when its items' own words are not the reason (beef shares) */
  whyNoShipping?: string
}) {
  const options = methodOptions(offer, settings).filter(
    (option) => !localOnly || !isShipping(option.id),
  )
  const noShippingNote =
    offer.localOnly.length > 0
      ? (whyNoShipping ?? SHIPPING_NOT_FOR_LOCAL_ONLY(offer.localOnly))
      : null
  return (
    <fieldset
      className={cardClass}
      aria-describedby={
        [error ? 'shipping-method-error' : '', noShippingNote ? 'no-shipping-note' : '']
          .filter(Boolean)
          .join(' ') || undefined
      }
    >
      <legend className={`${legendClass} float-left mb-4 w-full`}>{METHOD_QUESTION}</legend>
      <div className="clear-both space-y-3">
        {options.map((option) => (
          <label key={option.id} className={optionClass}>
            <input
              type="radio"
              name="shippingMethod"
              value={option.id}
              defaultChecked={selected === option.id && !option.disabled}
              disabled={option.disabled}
              onChange={() => onChange(option.id)}
              aria-describedby={`method-${option.id}-price method-${option.id}-detail`}
              className={radioClass}
            />
            {/* The name is the method alone ("Pickup"); price and detail describe it. */}
            <span className="min-w-0 flex-1">
              <span className="flex justify-between gap-4 font-semibold text-ink">
                <span>{METHOD_NAMES[option.id]}</span>
                <span id={`method-${option.id}-price`} aria-hidden="true">
                  <MethodPrice fee={fees[option.id]} />
                </span>
              </span>
              <span
                id={`method-${option.id}-detail`}
                aria-hidden="true"
                className="block text-sm text-muted"
              >
                {option.disabled && isShipping(option.id)
                  ? 'Not available for this order'
                  : option.detail}
              </span>
            </span>
          </label>
        ))}
      </div>
      {noShippingNote ? (
        <p id="no-shipping-note" className="mt-3 text-sm text-ink">
          {noShippingNote}
        </p>
      ) : null}
      <FieldError id="shipping-method-error" message={error} />
    </fieldset>
  )
}

function MethodPrice({ fee }: { fee: MethodFee | undefined }) {
  return fee ? <Fee cents={fee.cents} from={fee.from} /> : null
}

function SlotRadio({
  slot,
  selected,
  thisYear,
  disabledReason,
}: {
  slot: Slot
  selected: string
  thisYear: number
  disabledReason?: string
}) {
  const reason = slot.full ? 'full' : disabledReason
  return (
    <label className={optionClass}>
      <input
        type="radio"
        name="slot"
        value={slot.key}
        defaultChecked={selected === slot.key && !reason}
        disabled={Boolean(reason)}
        className={radioClass}
      />
      <span className="text-ink">
        {slotLabel(slot, thisYear)}
        {reason ? <span className="text-muted"> ({reason})</span> : null}
      </span>
    </label>
  )
}

/** Pickup: each place with its address and its coming windows, earliest first. */
export function PickupTimes({
  pickup,
  selected,
  thisYear,
  error,
}: {
  pickup: FulfilmentOffer['pickup']
  selected: string
  thisYear: number
  error?: string
}) {
  return (
    <section data-for-method="pickup" aria-labelledby="pickup-times-heading" className={cardClass}>
      <h2 id="pickup-times-heading" className={legendClass}>
        Pickup place and time
      </h2>
      {pickup.kind === 'farm-hours' ? (
        <div className="mt-3 text-sm text-ink">
          <p className="font-semibold">{pickup.place.name}</p>
          <p>{pickup.place.address}</p>
          <p className="mt-1 text-muted">Opening hours: {pickup.hours}</p>
          {pickup.place.instructions ? <p className="mt-1">{pickup.place.instructions}</p> : null}
        </div>
      ) : (
        <div className="mt-4 space-y-6">
          {pickup.places.map((place) => (
            <PlaceTimes key={place.id} place={place} selected={selected} thisYear={thisYear} />
          ))}
        </div>
      )}
      <FieldError id="slot-error" message={error} />
    </section>
  )
}

function PlaceTimes({
  place,
  selected,
  thisYear,
}: {
  place: PickupPlaceOffer
  selected: string
  thisYear: number
}) {
  const descriptionId = `place-${place.id}-about`
  return (
    <fieldset aria-describedby={descriptionId}>
      <legend className="font-semibold text-ink">{place.name}</legend>
      <div id={descriptionId} className="text-sm text-muted">
        <p>{place.address}</p>
        {place.instructions ? <p>{place.instructions}</p> : null}
      </div>
      {place.mapUrl ? (
        <TextAnchor href={place.mapUrl} rel="noopener noreferrer" target="_blank" size="small">
          Map of {place.name}
        </TextAnchor>
      ) : null}
      {place.slots.length === 0 ? (
        <p className="mt-2 text-sm text-ink">No pickup times are open in the next weeks.</p>
      ) : (
        <div className="mt-3 grid gap-2 sm:grid-cols-2">
          {place.slots.map((slot) => (
            <SlotRadio key={slot.key} slot={slot} selected={selected} thisYear={thisYear} />
          ))}
        </div>
      )}
    </fieldset>
  )
}

/** Local delivery: each zone with its ZIP codes, terms and coming delivery days. */
export function DeliveryDays({
  zones,
  selected,
  zipCode,
  thisYear,
  error,
}: {
  zones: DeliveryZoneOffer[]
  selected: string
  /** the ZIP typed so far: days of zones that do not cover it cannot be chosen */
  zipCode: string
  thisYear: number
  error?: string
}) {
  const zipKnown = /^\d{5}/.test(zipCode.trim())
  return (
    <section
      data-for-method="delivery"
      aria-labelledby="delivery-days-heading"
      className={cardClass}
    >
      <h2 id="delivery-days-heading" className={legendClass}>
        Delivery day
      </h2>
      <p className="mt-1 text-sm text-muted">Your ZIP code decides the delivery area.</p>
      <div className="mt-4 space-y-6">
        {zones.map((zone) => {
          const outside = zipKnown && !zipInList(zipCode, zone.zipCodes)
          const descriptionId = `zone-${zone.id}-about`
          return (
            <fieldset key={zone.id} aria-describedby={descriptionId}>
              <legend className="font-semibold text-ink">{zone.name}</legend>
              <p id={descriptionId} className="text-sm text-muted">
                ZIP codes {zone.zipCodes}. <Price cents={zone.terms.feeCents} /> delivery
                {zone.terms.freeOverCents !== null ? (
                  <>
                    , free on orders of <Price cents={zone.terms.freeOverCents} /> or more
                  </>
                ) : null}
                {zone.minimumCents > 0 ? (
                  <>
                    . Minimum order <Price cents={zone.minimumCents} />
                  </>
                ) : null}
                .
              </p>
              {zone.slots.length === 0 ? (
                <p className="mt-2 text-sm text-ink">
                  No delivery days are open in the next weeks.
                </p>
              ) : (
                <div className="mt-3 grid gap-2 sm:grid-cols-2">
                  {zone.slots.map((slot) => (
                    <SlotRadio
                      key={slot.key}
                      slot={slot}
                      selected={selected}
                      thisYear={thisYear}
                      disabledReason={outside ? 'not your area' : undefined}
                    />
                  ))}
                </div>
              )}
            </fieldset>
          )
        })}
      </div>
      <FieldError id="slot-error" message={error} />
    </section>
  )
}

/** Where the chosen slot is, for the review step and the summary's delivery fee. */
export function findSlot(offer: FulfilmentOffer, key: string) {
  if (offer.pickup.kind === 'windows') {
    for (const place of offer.pickup.places) {
      const slot = place.slots.find((s) => s.key === key)
      if (slot) return { kind: 'pickup' as const, place, slot }
    }
  }
  for (const zone of offer.delivery ?? []) {
    const slot = zone.slots.find((s) => s.key === key)
    if (slot) return { kind: 'delivery' as const, zone, slot }
  }
  return null
}

/** The zone that delivers to this ZIP, if any. */
export function zoneForZip(offer: FulfilmentOffer, zipCode: string) {
  return offer.delivery?.find((zone) => zipInList(zipCode, zone.zipCodes)) ?? null
}

/** The zones the offer delivers in, with the terms a cart is priced by. */
export function offeredZones(offer: FulfilmentOffer): DeliveryZoneTerms[] {
  return (offer.delivery ?? []).map((zone) => ({ ...zone.terms, minimumCents: zone.minimumCents }))
}
