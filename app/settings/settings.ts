// The shop's settings as the rest of the shop reads them (an admin setting, D11). Browser-safe.

export type PricingSettings = {
  /** 600 = 6 % */
  taxRateBasisPoints: number
  standardShippingCents: number
  expressShippingCents: number
  pickupShippingCents: number
  freeShippingThresholdCents: number
  /** how far above its estimate a by-weight line may come out, in percent (ADR 30) */
  weightTolerancePercent: number
}

/** A waiting-list hold lasts this long unless the admin sets otherwise (ADR 29). */
export const DEFAULT_HOLD_HOURS = 24
export const MIN_HOLD_HOURS = 1
/** A week: longer keeps the next person waiting for stock that may not be wanted. */
export const MAX_HOLD_HOURS = 168
