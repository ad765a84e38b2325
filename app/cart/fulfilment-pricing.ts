import type { DeliveryTerms, DeliveryZoneTerms, FulfilmentMethod } from '~/fulfilment/methods'
import type { PricingPromo } from '~/promotions/promo'
import type { PricingSettings } from '~/settings/settings'
import type { CartSummary } from './cart'
import { type CartTotals, type PricingLine, priceCart } from './pricing'

// Which way of getting the order a cart's figures are priced with (D21, D22), decided once for
// the cart page, the checkout's summary and its "How would you like to get your order?".
// Every amount still comes from priceCart; this only chooses what it is asked.
//
// The cart summary (summaryPrice):
// - a cart that can be parcel-shipped is priced with standard shipping, as the specification's
//   cart was: its "Shipping" line and "Add $X more to qualify for free shipping!" stay;
// - a cart that cannot (an item is pickup or local delivery only, or a line is a
//   subscription's first box, which is picked up or delivered) is priced the cheapest way it
//   can be had: pickup, or local delivery in the zone that costs this cart least among those
//   whose minimum it reaches, whichever fee is lower; pickup on a tie, since it needs no
//   address. Checkout starts on the same method, so it charges what the cart said.
// - a cart holding a beef share is priced for pickup, with no zone to deliver in: a share is
//   collected on its animal's date and never shipped or delivered, so checkout offers it that
//   pickup alone (fulfilment/offer.server.ts), and refuses it with anything else in the cart.
// Pickup is always on offer: without windows the farm's opening hours stand in for them.
// Room in a window is checkout's question; the cart does not load the slots to answer it.

/** A cart line as far as choosing a method goes. */
export type FulfilmentPricingLine = PricingLine & {
  /** pickup or local delivery only (products.local_only) */
  localOnly: boolean
  /** a subscription's first box: picked up or delivered, never shipped (ADR 32) */
  subscriptionFrequency: string | null
  /** a beef share: picked up on its animal's date, neither shipped nor delivered */
  share: boolean
}

export type FulfilmentPricingInput = {
  /** the lines on sale */
  lines: readonly FulfilmentPricingLine[]
  promo: PricingPromo | null
  settings: PricingSettings
  /** the zones checkout offers local delivery in */
  zones: readonly DeliveryZoneTerms[]
}

export type MethodPrice = {
  method: FulfilmentMethod
  totals: CartTotals
  /** local delivery priced in its cheapest zone for this cart: the address decides the zone */
  from: boolean
}

/** Whether parcel shipping may take this cart. */
export function canShip(lines: readonly FulfilmentPricingLine[]): boolean {
  return lines.every(
    (line) => !line.localOnly && line.subscriptionFrequency === null && !line.share,
  )
}

/** Whether the cart holds a beef share, which is picked up and nothing else. */
export function holdsShare(lines: readonly FulfilmentPricingLine[]): boolean {
  return lines.some((line) => line.share)
}

/**
 * 'shares': beef shares alone, the cart checkout takes for its animal's pickup; 'mixed': shares
 * with other items, which checkout refuses (fulfilment/offer.server.ts); 'none': no share.
 */
export type ShareCart = 'none' | 'shares' | 'mixed'

export function shareCartOf(lines: readonly FulfilmentPricingLine[]): ShareCart {
  if (!holdsShare(lines)) return 'none'
  return lines.every((line) => line.share) ? 'shares' : 'mixed'
}

function priceWith(
  input: FulfilmentPricingInput,
  method: FulfilmentMethod,
  delivery: DeliveryTerms | null = null,
): CartTotals {
  return priceCart({
    lines: input.lines,
    promo: input.promo,
    settings: input.settings,
    shippingMethod: method,
    delivery,
  })
}

/** Local delivery in the zone of these that costs this cart least (the first on a tie). */
function cheapestDelivery(
  input: FulfilmentPricingInput,
  zones: readonly DeliveryTerms[],
): CartTotals | null {
  let cheapest: CartTotals | null = null
  for (const zone of zones) {
    const totals = priceWith(input, 'delivery', zone)
    if (!cheapest || totals.shippingCents < cheapest.shippingCents) cheapest = totals
  }
  return cheapest
}

/**
 * Each method checkout shows, with what it costs this cart: pickup, local delivery when the
 * farm delivers (in the address's zone when one is known, else from its cheapest zone), and
 * standard and express shipping (whether the cart may ship is the caller's to show).
 */
export function priceMethods(
  input: FulfilmentPricingInput,
  addressZone: DeliveryTerms | null = null,
): MethodPrice[] {
  const prices: MethodPrice[] = [
    { method: 'pickup', totals: priceWith(input, 'pickup'), from: false },
  ]
  const delivery = addressZone
    ? priceWith(input, 'delivery', addressZone)
    : cheapestDelivery(input, input.zones)
  if (delivery) prices.push({ method: 'delivery', totals: delivery, from: !addressZone })
  for (const method of ['standard', 'express'] as const) {
    prices.push({ method, totals: priceWith(input, method), from: false })
  }
  return prices
}

/** D21: the method the cart summary is priced with, and its figures (see the top). */
export function summaryPrice(input: FulfilmentPricingInput): MethodPrice {
  if (canShip(input.lines)) {
    return { method: 'standard', totals: priceWith(input, 'standard'), from: false }
  }
  const pickup = priceWith(input, 'pickup')
  if (holdsShare(input.lines)) return { method: 'pickup', totals: pickup, from: false }
  const reachable = input.zones.filter((zone) => pickup.subtotalCents >= zone.minimumCents)
  const delivery = cheapestDelivery(input, reachable)
  if (delivery && delivery.shippingCents < pickup.shippingCents) {
    return { method: 'delivery', totals: delivery, from: true }
  }
  return { method: 'pickup', totals: pickup, from: false }
}

/** The cart summary's figures for its lines on sale: the server's, and the page's guess. */
export function cartFigures(
  cart: Pick<CartSummary, 'lines' | 'promo' | 'settings' | 'zones'>,
): Pick<CartSummary, 'totals' | 'feeFrom' | 'canShip' | 'shareCart'> {
  const lines = cart.lines.filter((line) => line.available)
  const { totals, from } = summaryPrice({
    lines,
    promo: cart.promo?.terms ?? null,
    settings: cart.settings,
    zones: cart.zones,
  })
  return {
    totals,
    feeFrom: from,
    canShip: canShip(lines),
    shareCart: shareCartOf(lines),
  }
}
