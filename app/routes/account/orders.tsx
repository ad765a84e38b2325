import { Link } from 'react-router'
import { requireUser } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { listCustomerOrders } from '~/orders/customer-orders.server'
import { formatOrderNumber } from '~/orders/place-order'
import { orderStatusLabel } from '~/orders/words'
import { getDb } from '~/platform/db/db.server'
import { formatFarmDate } from '~/platform/farm-clock'
import { Heading } from '~/platform/ui/heading'
import { TextLink } from '~/platform/ui/link'
import { Price } from '~/platform/ui/price'
import type { Route } from './+types/orders'

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const orders = await listCustomerOrders(getDb(), user.id)
  return {
    orders: orders.map((order) => ({ ...order, statusLabel: orderStatusLabel(order.status) })),
  }
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData
  return (
    <div className="space-y-6">
      <Heading level={1}>Order History</Heading>
      {orders.length === 0 ? (
        <div className="rounded-lg border border-earth-100 bg-white p-6">
          <p className="text-ink">You have no orders yet.</p>
          <Link
            to="/shop"
            className="mt-4 inline-block rounded-md bg-pasture-700 px-5 py-2.5 font-semibold text-white hover:bg-pasture-800"
          >
            Start Shopping
          </Link>
        </div>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-earth-100 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Your orders, newest first</caption>
            <thead className="bg-earth-50 text-ink">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Order
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Date
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Status
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Items
                </th>
                <th scope="col" className="px-4 py-3 text-right font-semibold">
                  Total
                </th>
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">Details</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-earth-100">
              {orders.map((order) => (
                <tr key={order.id}>
                  <th scope="row" className="px-4 py-3 font-semibold text-ink">
                    {formatOrderNumber(order.order_number)}
                  </th>
                  <td className="px-4 py-3 text-ink">
                    <time dateTime={order.created_at.toISOString()}>
                      {formatFarmDate(order.created_at, 'medium')}
                    </time>
                  </td>
                  <td className="px-4 py-3 text-ink">{order.statusLabel}</td>
                  <td className="px-4 py-3 text-ink">{order.item_count}</td>
                  <td className="px-4 py-3 text-right text-ink">
                    <Price cents={order.total_cents} />
                  </td>
                  <td className="px-4 py-3 text-right">
                    <TextLink to={`/account/orders/${order.id}`} className="whitespace-nowrap">
                      View Details
                      <span className="sr-only">
                        {' '}
                        of order {formatOrderNumber(order.order_number)}
                      </span>
                    </TextLink>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Order History' })
