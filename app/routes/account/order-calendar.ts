import { data } from 'react-router'
import { requireUser } from '~/auth/guards.server'
import { getFarmBasics } from '~/farm/farm.server'
import { orderCalendar } from '~/fulfilment/calendar'
import { describeFulfilment } from '~/fulfilment/methods'
import { getCustomerOrderView } from '~/orders/customer-orders.server'
import { getDb } from '~/platform/db/db.server'
import { getEnv } from '~/platform/env.server'
import type { Route } from './+types/order-calendar'

// /account/orders/:id/calendar.ics: the order's pickup or delivery window for the customer's
// calendar ("Add to calendar"). Their own orders only; 404 for anyone else's or without a time.
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const db = getDb()
  const order = await getCustomerOrderView(db, user.id, params.id)
  if (!order) throw data(null, { status: 404 })
  const calendar = orderCalendar({
    orderId: order.id,
    orderNumber: order.number,
    baseUrl: getEnv().baseUrl,
    farmName: (await getFarmBasics(db)).name,
    fulfilment: describeFulfilment(order),
  })
  if (!calendar) throw data(null, { status: 404 })
  return new Response(calendar.content, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${calendar.filename}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
