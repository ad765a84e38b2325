// Promo codes: the rules that need no database (the words are in messages.ts).

/** Codes are compared case-insensitively (spec section 5): kept and looked up in capitals. */
/** A code's terms as priceCart applies them. */
export type PricingPromo = {
  discountType: 'percent' | 'fixed'
  /** percent: whole percent (10 = 10 %); fixed: cents */
  discountValue: number
  minSubtotalCents: number
}

export function normalizePromoCode(input: string): string {
  return input.trim().toUpperCase()
}

/** The columns currentPromoTerms needs; both the cart and order placement select these. */
export const PROMO_TERMS_COLUMNS = [
  'code',
  'discount_type',
  'discount_value',
  'min_subtotal_cents',
  'starts_at',
  'ends_at',
  'usage_limit',
  'times_used',
  'is_active',
] as const

export type PromoCodeRow = {
  code: string
  discount_type: string
  discount_value: number
  min_subtotal_cents: number
  starts_at: Date | null
  ends_at: Date | null
  usage_limit: number | null
  times_used: number
  is_active: boolean
}

/**
 * The code's terms if it can be used at `now`: switched on, started, not ended, not used up.
 * The minimum subtotal is the pricing function's to check, since the cart changes.
 */
export function currentPromoTerms(row: PromoCodeRow, now: Date): PricingPromo | null {
  if (!row.is_active) return null
  if (row.starts_at && row.starts_at > now) return null
  if (row.ends_at && row.ends_at <= now) return null
  if (row.usage_limit !== null && row.times_used >= row.usage_limit) return null
  if (row.discount_type !== 'percent' && row.discount_type !== 'fixed') return null
  return {
    discountType: row.discount_type,
    discountValue: row.discount_value,
    minSubtotalCents: row.min_subtotal_cents,
  }
}
