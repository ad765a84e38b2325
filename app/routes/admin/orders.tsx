import { useLocation } from 'react-router'
import { requireAdmin } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { listAdminOrders, orderFilter } from '~/orders/admin/orders.server'
import { ORDER_STATUSES } from '~/orders/order-workflow'
import { orderStatusLabel } from '~/orders/words'
import { pageRequest } from '~/platform/admin/pagination'
import { AdminList, type Column, ListSearch } from '~/platform/admin/ui/list'
import { AdminPageHeader, EmptyState, longTextCellClass } from '~/platform/admin/ui/page'
import { Pagination } from '~/platform/admin/ui/pagination'
import { getDb } from '~/platform/db/db.server'
import { formatFarmDate } from '~/platform/farm-clock'
import { ButtonLink } from '~/platform/ui/button'
import { TextLink } from '~/platform/ui/link'
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

const COLUMNS: Column<Route.ComponentProps['loaderData']['orders'][number]>[] = [
  {
    header: 'Order',
    cell: (order) => <TextLink to={`/admin/orders/${order.id}`}>{order.number}</TextLink>,
  },
  {
    header: 'Date',
    className: 'whitespace-nowrap',
    cell: (order) => (
      <time dateTime={order.createdAt.toISOString()}>
        {formatFarmDate(order.createdAt, 'medium')}
      </time>
    ),
  },
  {
    header: 'Customer',
    className: longTextCellClass,
    cell: (order) => (
      <>
        <span className="block text-ink">{order.customer}</span>
        <span className="block text-muted">{order.email}</span>
      </>
    ),
  },
  { header: 'Status', cell: (order) => order.statusLabel },
  { header: 'Total', numeric: true, cell: (order) => <Price cents={order.totalCents} /> },
  { header: 'Items', numeric: true, cell: (order) => order.itemCount },
]

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
      <ListSearch
        name="Orders"
        label="Search"
        q={filter.q}
        placeholder="FS-10001, name or email"
        clearTo={filtered ? '/admin/orders' : null}
      >
        <SelectField
          label="Status"
          name="status"
          options={statuses}
          placeholder="All statuses"
          defaultValue={filter.status ?? ''}
          className="w-full sm:w-56"
        />
      </ListSearch>
      {orders.length === 0 ? (
        <EmptyState>{filtered ? 'No orders match this search.' : 'No orders yet.'}</EmptyState>
      ) : (
        <AdminList
          caption="Orders, newest first"
          rows={orders}
          rowKey={(order) => order.id}
          columns={COLUMNS}
        />
      )}
      <Pagination info={info} label="Orders" />
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Orders' })
