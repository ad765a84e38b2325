import { requireAdmin } from '~/auth/guards.server'
import { listCustomers } from '~/customers/admin/customers.server'
import { pageMeta } from '~/farm/meta'
import { listQuery } from '~/platform/admin/pagination'
import { FarmTime } from '~/platform/admin/ui/farm-time'
import { AdminList, type Column, ListSearch } from '~/platform/admin/ui/list'
import { AdminPageHeader, EmptyState, longTextCellClass } from '~/platform/admin/ui/page'
import { Pagination } from '~/platform/admin/ui/pagination'
import { getDb } from '~/platform/db/db.server'
import { ButtonLink } from '~/platform/ui/button'
import { TextLink } from '~/platform/ui/link'
import type { Route } from './+types/customers'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const url = new URL(request.url)
  const { q: search, page } = listQuery(url)
  const { customers, info } = await listCustomers(getDb(), { search, page })
  return { customers, info, search }
}

const COLUMNS: Column<Route.ComponentProps['loaderData']['customers'][number]>[] = [
  {
    header: 'Name',
    rowHeader: true,
    cell: (customer) => (
      <TextLink to={`/admin/customers/${customer.id}`}>
        {`${customer.first_name} ${customer.last_name}`.trim() || customer.email}
      </TextLink>
    ),
  },
  { header: 'Email', className: longTextCellClass, cell: (customer) => customer.email },
  {
    header: 'Joined',
    cell: (customer) => <FarmTime date={customer.created_at} withTime={false} />,
  },
  { header: 'Orders', cell: (customer) => customer.order_count },
  { header: 'Admin', cell: (customer) => (customer.is_admin ? 'Yes' : 'No') },
]

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { customers, info, search } = loaderData
  return (
    <>
      <AdminPageHeader
        title="Customers"
        description="Everyone with an account, newest first."
        actions={
          <ButtonLink to="/admin/newsletter" variant="secondary">
            Newsletter Subscribers
          </ButtonLink>
        }
      />
      <ListSearch
        label="Search by name or email"
        q={search}
        clearTo={search ? '/admin/customers' : null}
        clearLabel="Show All"
      />
      {customers.length === 0 ? (
        <EmptyState>
          {search ? `No customer matches "${search}".` : 'No customers have signed up yet.'}
        </EmptyState>
      ) : (
        <AdminList
          caption="Customers"
          rows={customers}
          rowKey={(customer) => customer.id}
          columns={COLUMNS}
        />
      )}
      <Pagination info={info} label="Customers" />
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Customers' })
