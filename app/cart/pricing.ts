// The one place that turns cart lines into money (ADR 3, D11). The cart page, the checkout,
// order creation and emails all call priceCart, so a total can never differ between them.
// Pure and browser-safe: the cart page also runs it on optimistic quantities while a change
// is on its way to the server, with the same inputs the server uses.
//
// Rules, all in integer cents:
// - subtotal = sum of unit price x quantity (catalog prices, never the browser's);
// - discount: a percentage of the subtotal or a fixed amount, only when the subtotal reaches
//   the code's minimum; never more than the subtotal;
// - shipping: the method's price from settings; local delivery the zone's fee (free from the
//   zone's own threshold, when it has one); standard is free when the subtotal BEFORE the
//   discount is at least the threshold (the specification: "free when subtotal is 50 or
//   more", and its summary lists subtotal and discount separately), so a promo code never
//   takes free shipping away; an empty cart ships nothing and costs nothing;
// - tax = rate x (subtotal - discount): shipping is not taxed (Idaho does not tax delivery
//   charges stated separately);
// - total = subtotal - discount + shipping + tax.
// Each computed amount is rounded once, half up, from exact integer arithmetic.
//
// Priced by weight (ADR 30): a line with an average weight is priced at its estimate
// (catalog/weight.ts: price per lb x average, per piece) until its pieces are weighed, then at
// the exact weights. Every total also comes with its maximum: each by-weight line at
// estimate x (100 + tolerance) / 100 rounded up, priced with the estimate's shipping. Total is
// non-decreasing in the subtotal once shipping is fixed and the promo's minimum was met, so no
// weights within the tolerance can cost more than the maximum. Re-pricing an order on its
// weights passes `settledShippingCents` (the shipping it was charged) and the promo with the
// minimum it already met.

import { centsForWeight, estimatePieceCents, maximumCents } from '~/catalog/weight'
import type { DeliveryTerms, FulfilmentMethod } from '~/fulfilment/methods'
import type { PricingPromo } from '~/promotions/promo'
import type { PricingSettings } from '~/settings/settings'
import { divideRoundHalfUp, taxOnCents } from '~/settings/tax'

export type ShippingMethod = FulfilmentMethod

export type PricingLine = {
  /** per piece; per lb for a line sold by weight */
  unitPriceCents: number
  quantity: number
  /** sold by weight: a piece's average weight in hundredths of a lb */
  averageWeightCentiLb?: number | null
  /** sold by weight and weighed: every piece's weight (one per unit of quantity) */
  weightsCentiLb?: readonly number[] | null
}

export type CartTotals = {
  /** unit price x quantity, in the order of the lines given */
  lineTotalsCents: number[]
  subtotalCents: number
  discountCents: number
  /** a promo was given and counts: the cart is not empty and reaches the code's minimum */
  promoApplies: boolean
  shippingMethod: ShippingMethod
  shippingCents: number
  /** how much more subtotal makes standard shipping free; 0 once it is free or for other methods */
  freeShippingRemainingCents: number
  taxRateBasisPoints: number
  taxCents: number
  totalCents: number
  /** some line is sold by weight and not weighed yet: the total is an estimate */
  estimated: boolean
  /** each line's most: its estimate plus the tolerance when by weight, else its total */
  maximumLineTotalsCents: number[]
  /** the most the total can become once weighed (= totalCents when nothing is estimated) */
  maximumTotalCents: number
}

export type PriceCartInput = {
  lines: readonly PricingLine[]
  promo: PricingPromo | null
  shippingMethod: ShippingMethod
  settings: PricingSettings
  /** required for local delivery: the zone the address is in */
  delivery?: DeliveryTerms | null
  /** re-pricing a placed order on its weights: the shipping it was charged, kept */
  settledShippingCents?: number | null
}

function assertCents(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a whole, non-negative number; got ${value}`)
  }
}

function discountFor(subtotalCents: number, promo: PricingPromo | null) {
  if (!promo || subtotalCents === 0 || subtotalCents < promo.minSubtotalCents) {
    return { discountCents: 0, promoApplies: false }
  }
  assertCents(promo.discountValue, 'discount value')
  const raw =
    promo.discountType === 'percent'
      ? divideRoundHalfUp(subtotalCents * Math.min(promo.discountValue, 100), 100)
      : promo.discountValue
  return { discountCents: Math.min(raw, subtotalCents), promoApplies: true }
}

function shippingFor(
  subtotalCents: number,
  method: ShippingMethod,
  settings: PricingSettings,
  delivery: DeliveryTerms | null | undefined,
) {
  if (subtotalCents === 0) return { shippingCents: 0, freeShippingRemainingCents: 0 }
  if (method === 'delivery') {
    if (!delivery) throw new RangeError('local delivery is priced by its zone; none was given')
    assertCents(delivery.feeCents, 'delivery fee')
    if (delivery.freeOverCents === null) {
      return { shippingCents: delivery.feeCents, freeShippingRemainingCents: 0 }
    }
    const remaining = Math.max(delivery.freeOverCents - subtotalCents, 0)
    return {
      shippingCents: remaining === 0 ? 0 : delivery.feeCents,
      freeShippingRemainingCents: remaining,
    }
  }
  if (method === 'express') {
    return { shippingCents: settings.expressShippingCents, freeShippingRemainingCents: 0 }
  }
  if (method === 'pickup') {
    return { shippingCents: settings.pickupShippingCents, freeShippingRemainingCents: 0 }
  }
  const remaining = Math.max(settings.freeShippingThresholdCents - subtotalCents, 0)
  return {
    shippingCents: remaining === 0 ? 0 : settings.standardShippingCents,
    freeShippingRemainingCents: remaining,
  }
}

/** A line's total now and at most: by weight, its estimate or its weighed pieces. */
function lineAmounts(line: PricingLine, tolerancePercent: number) {
  assertCents(line.unitPriceCents, 'unit price')
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
    throw new RangeError(`quantity must be a whole number of at least 1; got ${line.quantity}`)
  }
  if (line.weightsCentiLb) {
    if (line.weightsCentiLb.length !== line.quantity) {
      throw new RangeError(`a weighed line needs one weight per piece`)
    }
    const total = line.weightsCentiLb.reduce(
      (sum, weight) => sum + centsForWeight(line.unitPriceCents, weight),
      0,
    )
    assertCents(total, 'line total')
    return { total, maximum: total, estimated: false }
  }
  if (line.averageWeightCentiLb) {
    const total = estimatePieceCents(line.unitPriceCents, line.averageWeightCentiLb) * line.quantity
    assertCents(total, 'line total')
    return { total, maximum: maximumCents(total, tolerancePercent), estimated: true }
  }
  const total = line.unitPriceCents * line.quantity
  assertCents(total, 'line total')
  return { total, maximum: total, estimated: false }
}

export function priceCart({
  lines,
  promo,
  shippingMethod,
  settings,
  delivery,
  settledShippingCents,
}: PriceCartInput): CartTotals {
  for (const [name, value] of Object.entries(settings)) assertCents(value, name)
  if (settings.taxRateBasisPoints > 10_000) {
    throw new RangeError(`tax rate must be at most 10000 basis points`)
  }
  const amounts = lines.map((line) => lineAmounts(line, settings.weightTolerancePercent))
  const lineTotalsCents = amounts.map((amount) => amount.total)
  const subtotalCents = lineTotalsCents.reduce((sum, total) => sum + total, 0)
  assertCents(subtotalCents, 'subtotal')
  const { discountCents, promoApplies } = discountFor(subtotalCents, promo)
  const { shippingCents, freeShippingRemainingCents } =
    settledShippingCents === undefined || settledShippingCents === null
      ? shippingFor(subtotalCents, shippingMethod, settings, delivery)
      : { shippingCents: settledShippingCents, freeShippingRemainingCents: 0 }
  assertCents(shippingCents, 'shipping')
  const taxFor = (taxable: number) => taxOnCents(taxable, settings.taxRateBasisPoints)
  const taxCents = taxFor(subtotalCents - discountCents)
  const totalCents = subtotalCents - discountCents + shippingCents + taxCents

  const estimated = amounts.some((amount) => amount.estimated)
  const maximumLineTotalsCents = amounts.map((amount) => amount.maximum)
  let maximumTotalCents = totalCents
  if (estimated) {
    const maximumSubtotal = maximumLineTotalsCents.reduce((sum, total) => sum + total, 0)
    // The discount as the heavier order would get it; the minimum it met at the estimate
    // still counts (re-pricing keeps it met), so a heavier order never loses its discount.
    const maximumDiscount = promoApplies
      ? discountFor(maximumSubtotal, promo && { ...promo, minSubtotalCents: 0 }).discountCents
      : 0
    const taxable = maximumSubtotal - maximumDiscount
    maximumTotalCents = taxable + shippingCents + taxFor(taxable)
  }
  return {
    lineTotalsCents,
    subtotalCents,
    discountCents,
    promoApplies,
    shippingMethod,
    shippingCents,
    freeShippingRemainingCents,
    taxRateBasisPoints: settings.taxRateBasisPoints,
    taxCents,
    totalCents,
    estimated,
    maximumLineTotalsCents,
    maximumTotalCents,
  }
}
