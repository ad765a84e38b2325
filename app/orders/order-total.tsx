import { atMostMessage } from '~/catalog/weight'
import { Price } from '~/platform/ui/price'
import { totalIsEstimate } from './weights'

// An order's total on the customer's pages: "Estimated Total" and "at most" until a by-weight
// order is weighed (ADR 30), then the plain total.

type Totalled = { total_cents: number; authorised_cents: number | null; weighed_at: Date | null }

/** The total's row of the totals list. */
export function OrderTotalRow({ order, className }: { order: Totalled; className: string }) {
  return (
    <div className={className}>
      <dt>{totalIsEstimate(order) ? 'Estimated Total' : 'Total'}</dt>
      <dd>
        <Price cents={order.total_cents} />
      </dd>
    </div>
  )
}

/** Under the totals list while the total is an estimate. */
export function AtMostNote({ order }: { order: Totalled }) {
  if (!totalIsEstimate(order) || order.authorised_cents === null) return null
  return <p className="mt-3 text-sm text-muted">{atMostMessage(order.authorised_cents)}</p>
}
