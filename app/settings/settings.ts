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
