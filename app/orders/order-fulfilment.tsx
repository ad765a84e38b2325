import { describeFulfilment, type OrderFulfilmentColumns } from '~/fulfilment/methods'
import { ShippingAddress, type ShipTo } from '~/orders/shipping-address'
import { TextAnchor } from '~/platform/ui/link'

// Where and when an order is handed over, the same on the confirmation page, the customer's
// order page and the admin's: "Pickup at {place}, {day}, {hours}" with the place's address,
// instructions and map; "Delivery on {day}, {hours}" with the address; or the shipping address.
// Never "shipping" for pickup or local delivery (issue 16 item 3).

export type OrderWhereColumns = OrderFulfilmentColumns & ShipTo & { id: string }

/** The heading that goes over the block. */
export function fulfilmentHeading(method: string): string {
  if (method === 'pickup') return 'Pickup Details'
  if (method === 'delivery') return 'Delivery Details'
  return 'Shipping Address'
}

export function OrderFulfilment({
  order,
  thisYear,
  calendarLink,
  className,
}: {
  order: OrderWhereColumns
  thisYear?: number
  /** the customer's own pages offer the window as a calendar entry */
  calendarLink?: boolean
  className?: string
}) {
  const where = describeFulfilment(order, thisYear)
  const calendar =
    calendarLink && where.when ? (
      <p className="mt-2">
        <TextAnchor href={`/account/orders/${order.id}/calendar.ics`}>Add to calendar</TextAnchor>
      </p>
    ) : null
  if (where.method === 'pickup') {
    return (
      <div className={className}>
        <p className="font-semibold">{where.headline}</p>
        {where.address ? <p>{where.address}</p> : null}
        {where.instructions ? <p className="mt-1 text-muted">{where.instructions}</p> : null}
        {where.mapUrl ? (
          <p className="mt-1">
            <TextAnchor href={where.mapUrl} rel="noopener noreferrer" target="_blank">
              Map and directions
            </TextAnchor>
          </p>
        ) : null}
        <p className="mt-2">
          {order.ship_first_name} {order.ship_last_name}
          {order.phone ? ` · ${order.phone}` : ''}
        </p>
        {calendar}
      </div>
    )
  }
  return (
    <div className={className}>
      {where.method === 'delivery' ? <p className="mb-2 font-semibold">{where.headline}</p> : null}
      <ShippingAddress order={order} />
      {calendar}
    </div>
  )
}
