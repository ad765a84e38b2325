import { stateName } from '~/platform/us-address'

// An order's ship-to as the customer typed it, the same on the confirmation page, the
// customer's order page and the admin's order page.

export type ShipTo = {
  ship_first_name: string
  ship_last_name: string
  ship_street: string
  ship_apartment: string | null
  ship_city: string
  ship_state: string
  ship_zip_code: string
  phone?: string
}

export function ShippingAddress({ order, className }: { order: ShipTo; className?: string }) {
  return (
    <address className={`not-italic ${className ?? ''}`}>
      {order.ship_first_name} {order.ship_last_name}
      <br />
      {order.ship_street}
      {order.ship_apartment ? (
        <>
          <br />
          {order.ship_apartment}
        </>
      ) : null}
      <br />
      {order.ship_city}, {stateName(order.ship_state)} {order.ship_zip_code}
      {order.phone ? (
        <>
          <br />
          {order.phone}
        </>
      ) : null}
    </address>
  )
}
