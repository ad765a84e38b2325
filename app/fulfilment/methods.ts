import { formatDay, formatTimeRange } from '~/platform/farm-clock'

// How a shopper gets an order, and the words for it everywhere (checkout, confirmation,
// emails, account, packing slip, admin). Browser-safe. Pickup and local delivery happen in
// a window on a day (ADR 18); only standard and express are "shipping".

export const FULFILMENT_METHODS = ['pickup', 'delivery', 'standard', 'express'] as const
export type FulfilmentMethod = (typeof FULFILMENT_METHODS)[number]

export function isFulfilmentMethod(value: string): value is FulfilmentMethod {
  return (FULFILMENT_METHODS as readonly string[]).includes(value)
}

/** Parcel shipping: the only methods that need a full address and never a window. */
export function isShipping(method: string): method is 'standard' | 'express' {
  return method === 'standard' || method === 'express'
}

export const METHOD_QUESTION = 'How would you like to get your order?'

export const METHOD_NAMES: Readonly<Record<FulfilmentMethod, string>> = {
  pickup: 'Pickup',
  delivery: 'Local delivery',
  standard: 'Standard Shipping',
  express: 'Express Shipping',
}

const METHOD_LABELS: Readonly<Record<FulfilmentMethod, string>> = {
  pickup: 'Pickup',
  delivery: 'Local delivery',
  standard: 'Standard Shipping (5-7 business days)',
  express: 'Express Shipping (2-3 business days)',
}

/** The name of the fee line in a summary: pickup and local delivery are not shipping. */
export function feeLabel(method: string): string {
  if (method === 'pickup') return 'Pickup'
  if (method === 'delivery') return 'Delivery'
  return 'Shipping'
}

/** 'standard' -> 'Standard Shipping (5-7 business days)'; an unknown value as it is. */
export function methodLabel(method: string): string {
  return isFulfilmentMethod(method) ? METHOD_LABELS[method] : method
}

// Checkout's words for what a cart cannot do, and for choices that no longer hold.
export const SLOT_REQUIRED_PICKUP = 'Please choose a pickup day and time.'
export const SLOT_REQUIRED_DELIVERY = 'Please choose a delivery day.'
export const SLOT_GONE =
  'That time is no longer available (its order cut-off has passed or it was closed). Please choose another.'
export const SHIPPING_NOT_FOR_LOCAL_ONLY = (names: readonly string[]) =>
  `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} pickup or local delivery only, so this order cannot be shipped.`
export const ZIP_OUTSIDE_ZONES = (zip: string) =>
  `We do not deliver to ${zip}. Please choose pickup or another way to get your order.`
export const ZIP_NOT_IN_ZONE = (zone: string) =>
  `That delivery day is for ${zone}, and your ZIP code is not in it. Please choose a day for your area.`
export const BELOW_DELIVERY_MINIMUM = (minimum: string, zone: string) =>
  `${zone} needs an order of at least ${minimum} before tax.`
export const slotFullMessage = (label: string) =>
  `Sorry, ${label} is now full. Please choose another time.`

/** The order's own copy of where and when (ADR 18), as every query that shows it selects it. */
export const ORDER_FULFILMENT_COLUMNS = [
  'fulfilment_date',
  'fulfilment_start',
  'fulfilment_end',
  'fulfilment_place',
  'fulfilment_address',
  'fulfilment_instructions',
  'fulfilment_map_url',
] as const

/** What an order says about where and when; the columns are the order's own copy. */
export type OrderFulfilmentColumns = {
  shipping_method: string
  fulfilment_date: string | null
  fulfilment_start: string | null
  fulfilment_end: string | null
  fulfilment_place: string | null
  fulfilment_address: string | null
  fulfilment_instructions: string | null
  fulfilment_map_url: string | null
}

export type FulfilmentSummary = {
  method: FulfilmentMethod | 'other'
  /** "Pickup at Twin Pines Farm, Thursday, November 26, 3-6 pm" */
  headline: string
  /** the pickup place's or delivery zone's name */
  place: string | null
  /** pickup: the place's address; delivery: null (the order's own address is where) */
  address: string | null
  instructions: string | null
  mapUrl: string | null
  /** 'YYYY-MM-DD' with the window's times, for the calendar entry; null for shipping */
  when: { date: string; startTime: string; endTime: string } | null
}

/** The one sentence every page, email and slip uses for an order's fulfilment. */
export function describeFulfilment(
  order: OrderFulfilmentColumns,
  thisYear?: number,
): FulfilmentSummary {
  const method = isFulfilmentMethod(order.shipping_method) ? order.shipping_method : 'other'
  const when =
    order.fulfilment_date && order.fulfilment_start && order.fulfilment_end
      ? {
          date: order.fulfilment_date,
          startTime: order.fulfilment_start,
          endTime: order.fulfilment_end,
        }
      : null
  const whenText = when
    ? `${formatDay(when.date, thisYear)}, ${formatTimeRange(when.startTime, when.endTime)}`
    : null
  const none = {
    place: order.fulfilment_place,
    address: null,
    instructions: null,
    mapUrl: null,
    when,
  }
  if (method === 'pickup') {
    const place = order.fulfilment_place ?? 'the farm'
    return {
      method,
      headline: whenText ? `Pickup at ${place}, ${whenText}` : `Pickup at ${place}`,
      place,
      address: order.fulfilment_address,
      instructions: order.fulfilment_instructions || null,
      mapUrl: order.fulfilment_map_url,
      when,
    }
  }
  if (method === 'delivery') {
    return {
      method,
      headline: whenText ? `Delivery on ${whenText}` : 'Local delivery',
      ...none,
    }
  }
  return { method, headline: methodLabel(order.shipping_method), ...none }
}

/** A local delivery zone's terms (ADR 18). */
export type DeliveryTerms = { feeCents: number; freeOverCents: number | null }

/** A zone as a cart is priced with it: its terms and the order it needs before tax. */
export type DeliveryZoneTerms = DeliveryTerms & { minimumCents: number }

/** What a method costs this cart; `from`: local delivery before the address says which zone. */
export type MethodFee = { cents: number; from: boolean }
