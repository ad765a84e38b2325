import { type LineTerms, LineText } from '~/catalog/line-wording'
import { Price } from '~/platform/ui/price'

// An order's lines from its snapshot, the same on the confirmation page and the customer's
// order page, in the one line wording (catalog/line-wording).

export type OrderItemLine = {
  id: string
  product_name: string
  variant_name: string | null
  /** the line's words and amounts, from what the order stored (order-line.ts) */
  terms: LineTerms
}

export function OrderItemsList({
  items,
  className,
}: {
  items: ReadonlyArray<OrderItemLine>
  className?: string
}) {
  return (
    <ul className={`divide-y divide-earth-100 ${className ?? ''}`}>
      {items.map((item) => (
        <li key={item.id} className="flex justify-between gap-4 py-3">
          <div>
            <p className="font-semibold text-ink">{item.product_name}</p>
            {item.variant_name ? <p className="text-sm text-muted">{item.variant_name}</p> : null}
            <p className="text-sm text-muted">
              <LineText terms={item.terms} />
            </p>
          </div>
          <Price cents={item.terms.totalCents} className="font-semibold text-ink" />
        </li>
      ))}
    </ul>
  )
}
