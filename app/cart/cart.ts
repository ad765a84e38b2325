import type { DeliveryZoneTerms } from '~/fulfilment/methods'
import type { PricingPromo } from '~/promotions/promo'
import type { PricingSettings } from '~/settings/settings'
import type { Frequency } from '~/subscriptions/terms'
import type { ShareCart } from './fulfilment-pricing'
import type { CartTotals } from './pricing'

// The browser-safe side of the cart's server modules: what the cart looks like in loader data.

export type CartLine = {
  id: string
  productId: string
  variantId: string | null
  name: string
  variantName: string | null
  imageUrl: string | null
  unit: string
  /** what the line is priced at: the subscriber price when it is a subscription's first box */
  unitPriceCents: number
  /** the catalog price, before any subscriber discount */
  regularPriceCents: number
  quantity: number
  /** the product's (or its option's) stock right now */
  stock: number
  /** on sale now: available, not archived, option available, stock above 0 */
  available: boolean
  /** Until when a waiting-list hold keeps this line's units for the shopper (ADR 29) */
  reservedUntil?: Date | null
  /** sold by weight: a piece's average weight (hundredths of a lb); unitPriceCents is per lb */
  averageWeightCentiLb: number | null
  /** Subscriptions (ADR 32): how often this line's box comes; null for a one-time line */
  subscriptionFrequency: Frequency | null
  /** the frequencies the product offers now, and whether this option may be subscribed */
  offeredFrequencies: Frequency[]
  subscribable: boolean
  /** pickup or local delivery only: a cart with it cannot be parcel-shipped (D21) */
  localOnly: boolean
  /** a beef share: picked up on its animal's date, never shipped or delivered (issue 32) */
  share: boolean
}

/** Whether the line's subscription still matches what the product offers. */
export function subscriptionStillOffered(line: CartLine): boolean {
  return (
    line.subscriptionFrequency === null ||
    (line.subscribable && line.offeredFrequencies.includes(line.subscriptionFrequency))
  )
}

export type AppliedPromo = {
  code: string
  /** null when the code kept on the cart can no longer be used (ended, switched off, used up) */
  terms: PricingPromo | null
}

export type CartSummary = {
  lines: CartLine[]
  promo: AppliedPromo | null
  settings: PricingSettings
  /** the zones checkout offers local delivery in, for pricing it (D21) */
  zones: DeliveryZoneTerms[]
  /**
   * Priced the way summaryPrice chooses (standard shipping when the cart can ship, else its
   * cheapest way); lines no longer on sale are left out.
   */
  totals: CartTotals
  /** the fee is local delivery's lowest, the address not known yet ("from $7.00") */
  feeFrom: boolean
  /** parcel shipping may take this cart; else pickup or local delivery is chosen at checkout */
  canShip: boolean
  /** beef shares in it: picked up alone, or refused at checkout with other items (issue 32) */
  shareCart: ShareCart
}
