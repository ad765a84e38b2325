import type { DeliveryTerms, FulfilmentMethod, OrderFulfilmentColumns } from './methods'
import type { Slot } from './windows'

// What a cart can choose at checkout (ADR 18), and what a choice comes to: the shapes that
// offer.server.ts answers with and that the checkout's pages show.

export type PickupPlaceOffer = {
  id: string
  name: string
  address: string
  instructions: string
  mapUrl: string | null
  slots: Slot[]
}

export type DeliveryZoneOffer = {
  id: string
  name: string
  zipCodes: string
  terms: DeliveryTerms
  minimumCents: number
  slots: Slot[]
}

export type FulfilmentOffer = {
  /**
   * 'windows': the shopper picks a place's window. 'farm-hours': the farm set up no windows,
   * so pickup is at the farm during its opening hours, as the specification had it.
   */
  pickup:
    | { kind: 'windows'; places: PickupPlaceOffer[] }
    | { kind: 'farm-hours'; place: Omit<PickupPlaceOffer, 'id' | 'slots'>; hours: string }
  /** null when the farm delivers nowhere */
  delivery: DeliveryZoneOffer[] | null
  /** items in the cart that may not be shipped; shipping is offered only when empty */
  localOnly: string[]
}

/** Where and when, as the order keeps it (ADR 18: a copy, so later edits never rewrite it). */
export type FulfilmentSnapshot = Omit<OrderFulfilmentColumns, 'shipping_method'> & {
  fulfilment_window_id: string | null
}

export const NO_SNAPSHOT: FulfilmentSnapshot = {
  fulfilment_window_id: null,
  fulfilment_date: null,
  fulfilment_start: null,
  fulfilment_end: null,
  fulfilment_place: null,
  fulfilment_address: null,
  fulfilment_instructions: null,
  fulfilment_map_url: null,
}

export type FulfilmentChoice = {
  method: FulfilmentMethod
  /** "windowId:YYYY-MM-DD" for pickup and local delivery */
  slot: string
  /** the delivery address's ZIP (local delivery) */
  zipCode: string
  /** subtotal before discount, for a zone's minimum */
  subtotalCents: number
  productIds: readonly string[]
}

export type ResolvedFulfilment =
  | {
      ok: true
      snapshot: FulfilmentSnapshot
      /** the window and date whose capacity the order takes; null for shipping */
      booking: { windowId: string; date: string; label: string } | null
      delivery: DeliveryTerms | null
    }
  | {
      ok: false
      /** 'slot-full': the window has no room left; 'fulfilment': any other reason */
      reason: 'fulfilment' | 'slot-full'
      field: 'shippingMethod' | 'slot' | 'zipCode'
      message: string
    }
