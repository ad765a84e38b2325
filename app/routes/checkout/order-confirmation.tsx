import { data } from 'react-router'
import { requireUser } from '~/auth/guards.server'
import { ConfirmationPage } from '~/checkout/confirmation-page'
import { pageMeta } from '~/farm/meta'
import { getCustomerOrderView } from '~/orders/customer-orders.server'
import { ORDER_NOT_FOUND, ORDER_NOT_LOADED } from '~/orders/order-errors'
import { getDb } from '~/platform/db/db.server'
import { GeneralErrorBoundary } from '~/platform/ui/error-boundary'
import { listSharesOfOrder } from '~/shares/share-orders.server'
import { countSubscriptionsStarted } from '~/subscriptions/checkout-rules.server'
import type { Route } from './+types/order-confirmation'

// The real order just placed (D5), shown to its owner only: anyone else gets the same 404 as
// for an order that does not exist.

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const order = await getCustomerOrderView(getDb(), user.id, params.id)
  if (!order) throw data(null, { status: 404 })
  // Beef shares (ADR 31): the cut sheet is the customer's next step.
  const [shares, subscriptionsStarted] = await Promise.all([
    listSharesOfOrder(getDb(), params.id, user.id),
    // Subscriptions (ADR 32): this order may be the first box of some.
    countSubscriptionsStarted(getDb(), user.id, params.id),
  ])
  return { order, shares, subscriptionsStarted }
}

export default function OrderConfirmation({ loaderData }: Route.ComponentProps) {
  return <ConfirmationPage {...loaderData} />
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { title: loaderData ? 'Order Confirmed' : 'Order Not Found' })

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <GeneralErrorBoundary
      error={error}
      notFound={ORDER_NOT_FOUND}
      unexpected={ORDER_NOT_LOADED}
      back={{ to: '/account/orders', label: 'View Order History' }}
      className="mx-auto max-w-4xl px-4 py-10"
    />
  )
}
