// How often a box comes, and what a subscriber pays for it (ADR 32). A product offers these
// terms, so the catalog (above subscriptions) reads them too. Browser-safe: the product page,
// the cart and the admin form read the same words.

export const FREQUENCIES = ['weekly', 'biweekly', 'monthly'] as const
export type Frequency = (typeof FREQUENCIES)[number]

export const FREQUENCY_LABELS: Record<Frequency, string> = {
  weekly: 'Weekly',
  biweekly: 'Every 2 weeks',
  monthly: 'Monthly',
}

export function isFrequency(value: unknown): value is Frequency {
  return typeof value === 'string' && (FREQUENCIES as readonly string[]).includes(value)
}

/** The column's 'weekly,monthly' as a list in the fixed order; unknown words are dropped. */
export function parseFrequencies(column: string): Frequency[] {
  const listed = new Set(column.split(',').map((word) => word.trim()))
  return FREQUENCIES.filter((frequency) => listed.has(frequency))
}

/** The list as the column keeps it; '' means the product is not subscribable. */
export function formatFrequencies(frequencies: Iterable<string>): string {
  return parseFrequencies([...frequencies].join(',')).join(',')
}

/** A subscribed unit's price: the discount in whole percent, rounded half up to the cent. */
export function subscriberPriceCents(priceCents: number, discountPercent: number): number {
  if (discountPercent <= 0) return priceCents
  return priceCents - Math.floor((priceCents * discountPercent + 50) / 100)
}
