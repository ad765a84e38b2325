import { Price } from '~/platform/ui/price'

// An order's lines from its snapshot, the same on the confirmation page and the customer's
// order page.

export type OrderItemLine = {
  id: string
  product_name: string
  variant_name: string | null
  quantity: number
  unit_price_cents: number
  line_total_cents: number
  /** what one is sold by ("lb", "half dozen"); null on orders from before units were kept */
  unit?: string | null
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
              {item.quantity} x <Price cents={item.unit_price_cents} unit={item.unit} />
            </p>
          </div>
          <Price cents={item.line_total_cents} className="font-semibold text-ink" />
        </li>
      ))}
    </ul>
  )
}
