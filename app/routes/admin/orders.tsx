import { Form, Link, useLocation } from 'react-router'
import { requireAdmin } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { listAdminOrders, orderFilter } from '~/orders/admin/orders.server'
import { orderStatusLabel } from '~/orders/labels'
import { ORDER_STATUSES } from '~/orders/order-workflow'
import { pageRequest } from '~/platform/admin/pagination'
import {
  AdminPageHeader,
  AdminTable,
  EmptyState,
  longTextCellClass,
} from '~/platform/admin/ui/page'
import { Pagination } from '~/platform/admin/ui/pagination'
import { getDb } from '~/platform/db/db.server'
import { formatFarmDate } from '~/platform/farm-clock'
import { Button, ButtonLink } from '~/platform/ui/button'
import { TextField } from '~/platform/ui/field'
import { Price } from '~/platform/ui/price'
import { SelectField } from '~/platform/ui/select-field'
import type { Route } from './+types/orders'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const url = new URL(request.url)
  const filter = orderFilter(url)
  const { orders, info } = await listAdminOrders(getDb(), filter, pageRequest(url))
  const statuses = ORDER_STATUSES.map((value) => ({ value, label: orderStatusLabel(value) }))
  return { orders, info, filter, statuses }
}

/** The export link: the same search and filter, every page. */
function exportHref(search: string): string {
  const params = new URLSearchParams(search)
  params.delete('page')
  const query = params.toString()
  return query ? `/admin/orders.csv?${query}` : '/admin/orders.csv'
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { orders, info, filter, statuses } = loaderData
  const { search } = useLocation()
  const filtered = Boolean(filter.q || filter.status)
  return (
    <>
      <AdminPageHeader
        title="Orders"
        description="Find an order by its number, the customer's name or email."
        actions={
          // reloadDocument: a download, not a page of this app.
          <ButtonLink to={exportHref(search)} reloadDocument variant="secondary">
            Download CSV
          </ButtonLink>
        }
      />
      <Form
        key={search}
        method="get"
        role="search"
        aria-label="Orders"
        className="mb-6 grid gap-4 rounded-lg border border-earth-100 bg-white p-4 sm:grid-cols-[1fr_14rem_auto] sm:items-end"
      >
        <TextField
          label="Search"
          name="q"
          type="search"
          defaultValue={filter.q}
          placeholder="FS-10001, name or email"
          maxLength={100}
        />
        <SelectField
          label="Status"
          name="status"
          options={statuses}
          placeholder="All statuses"
          defaultValue={filter.status ?? ''}
        />
        <div className="flex gap-2">
          <Button type="submit">Search</Button>
          {filtered ? (
            <ButtonLink to="/admin/orders" variant="secondary">
              Clear
            </ButtonLink>
          ) : null}
        </div>
      </Form>

      {orders.length === 0 ? (
        <EmptyState>{filtered ? 'No orders match this search.' : 'No orders yet.'}</EmptyState>
      ) : (
        <AdminTable caption="Orders, newest first">
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Date</th>
              <th scope="col">Customer</th>
              <th scope="col">Status</th>
              <th scope="col" className="text-right">
                Total
              </th>
              <th scope="col" className="text-right">
                Items
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.id}>
                <td>
                  <Link
                    to={`/admin/orders/${order.id}`}
                    className="font-semibold text-pasture-800 underline underline-offset-4"
                  >
                    {order.number}
                  </Link>
                </td>
                <td className="whitespace-nowrap">
                  <time dateTime={order.createdAt.toISOString()}>
                    {formatFarmDate(order.createdAt, 'medium')}
                  </time>
                </td>
                <td className={longTextCellClass}>
                  <span className="block text-ink">{order.customer}</span>
                  <span className="block text-muted">{order.email}</span>
                </td>
                <td>{order.statusLabel}</td>
                <td className="text-right">
                  <Price cents={order.totalCents} />
                </td>
                <td className="text-right">{order.itemCount}</td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
      <Pagination info={info} label="Orders" />
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Orders' })
