const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** Cents as dollars, e.g. 1299 -> "$12.99". The one formatter of money in the shop. */
export function formatCents(cents: number): string {
  return usd.format(cents / 100)
}

/** "$12.99 / lb": a price with the unit it buys (issue 16 item 6); plain text for emails and CSV. */
export function formatUnitPrice(cents: number, unit: string | null | undefined): string {
  return unit ? `${formatCents(cents)} / ${unit}` : formatCents(cents)
}

/** A price, with its unit when given ("$4.00 / half dozen"). */
export function Price({
  cents,
  unit,
  className,
}: {
  cents: number
  unit?: string | null
  className?: string
}) {
  return <span className={className}>{formatUnitPrice(cents, unit)}</span>
}
