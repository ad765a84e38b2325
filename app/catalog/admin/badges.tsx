import { type StockStatus, stockStatus } from '../stock'

// Stock and shop status at a glance in the back-office: words first, colour only as a help
// (WCAG 1.4.1), with the contrast of the shop's own badges.

const STOCK_STYLES: Record<StockStatus, string> = {
  'in-stock': 'border-pasture-100 bg-pasture-50 text-pasture-900',
  'low-stock': 'border-earth-600/40 bg-earth-100 text-earth-700',
  'out-of-stock': 'border-red-300 bg-red-50 text-red-900',
}

const STOCK_WORDS: Record<StockStatus, string> = {
  'in-stock': 'In stock',
  'low-stock': 'Low stock',
  'out-of-stock': 'Out of stock',
}

const badge = 'inline-block rounded border px-2 py-0.5 text-xs font-semibold whitespace-nowrap'

export function StockBadge({ stock }: { stock: number }) {
  const status = stockStatus(stock)
  return (
    <span className={`${badge} ${STOCK_STYLES[status]}`}>
      {STOCK_WORDS[status]}
      {status === 'out-of-stock' ? null : `: ${stock}`}
    </span>
  )
}

/** Whether shoppers can see and buy it. */
export function ShopBadge({ available, archived }: { available: boolean; archived: boolean }) {
  if (archived)
    return <span className={`${badge} border-stone-300 bg-stone-100 text-stone-800`}>Archived</span>
  return available ? (
    <span className={`${badge} border-pasture-100 bg-pasture-50 text-pasture-900`}>
      In the shop
    </span>
  ) : (
    <span className={`${badge} border-stone-300 bg-stone-100 text-stone-800`}>
      Hidden from the shop
    </span>
  )
}
