import { data } from 'react-router'
import { requireUser } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { getCustomerOrderView } from '~/orders/customer-orders.server'
import { ORDER_NOT_FOUND, ORDER_NOT_LOADED } from '~/orders/order-errors'
import { OrderPage } from '~/orders/order-page'
import { getDb } from '~/platform/db/db.server'
import { GeneralErrorBoundary } from '~/platform/ui/error-boundary'
import { listSharesOfOrder } from '~/shares/share-orders.server'
import type { Route } from './+types/order'

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request)
  // Someone else's order is not found, exactly like one that does not exist.
  const order = await getCustomerOrderView(getDb(), user.id, params.id)
  if (!order) throw data(null, { status: 404 })
  const shares = await listSharesOfOrder(getDb(), params.id, user.id)
  return { order, shares }
}

export default function OrderDetails({ loaderData }: Route.ComponentProps) {
  return <OrderPage order={loaderData.order} shares={loaderData.shares} />
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData ? `Order ${loaderData.order.number}` : 'Order Not Found',
  })

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <GeneralErrorBoundary
      error={error}
      notFound={ORDER_NOT_FOUND}
      unexpected={ORDER_NOT_LOADED}
      back={{ to: '/account/orders', label: 'Back to Orders' }}
    />
  )
}
