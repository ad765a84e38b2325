import type { PricingSettings } from '~/settings/settings'

/** The shop's reference settings (migration 0002): 6 %, 5.99 / 12.99 / pickup free, free from 50. */
export const REFERENCE_SETTINGS: PricingSettings = {
  taxRateBasisPoints: 600,
  standardShippingCents: 599,
  expressShippingCents: 1299,
  pickupShippingCents: 0,
  freeShippingThresholdCents: 5000,
  weightTolerancePercent: 15,
}
