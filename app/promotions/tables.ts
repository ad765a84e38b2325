// The tables promotions owns (issue 33).
export const TABLES = ['promo_codes'] as const
