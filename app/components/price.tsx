const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** Cents as dollars, e.g. 1299 -> "$12.99". The one formatter of money in the shop. */
export function formatCents(cents: number): string {
  return usd.format(cents / 100)
}

export function Price({ cents, className }: { cents: number; className?: string }) {
  return <span className={className}>{formatCents(cents)}</span>
}
