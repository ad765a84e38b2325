import { Form, Link } from 'react-router'
import { requireAdmin } from '~/auth/guards.server'
import { listCustomers } from '~/customers/admin/customers.server'
import { pageMeta } from '~/farm/meta'
import { pageRequest, searchTerm } from '~/platform/admin/pagination'
import { FarmTime } from '~/platform/admin/ui/farm-time'
import { adminLinkClass } from '~/platform/admin/ui/filter-tabs'
import {
  AdminPageHeader,
  AdminTable,
  EmptyState,
  longTextCellClass,
} from '~/platform/admin/ui/page'
import { Pagination } from '~/platform/admin/ui/pagination'
import { getDb } from '~/platform/db/db.server'
import { Button, ButtonLink } from '~/platform/ui/button'
import { TextField } from '~/platform/ui/field'
import type { Route } from './+types/customers'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const url = new URL(request.url)
  const search = searchTerm(url)
  const { customers, info } = await listCustomers(getDb(), { search, page: pageRequest(url) })
  return { customers, info, search }
}

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
      <Form method="get" role="search" className="mb-6 flex flex-wrap items-end gap-3">
        <TextField
          label="Search by name or email"
          name="q"
          type="search"
          defaultValue={search}
          className="w-full max-w-sm"
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
        {search ? (
          <Link to="/admin/customers" className={adminLinkClass}>
            Show All
          </Link>
        ) : null}
      </Form>
      {customers.length === 0 ? (
        <EmptyState>
          {search ? `No customer matches "${search}".` : 'No customers have signed up yet.'}
        </EmptyState>
      ) : (
        <AdminTable caption="Customers">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Joined</th>
              <th scope="col">Orders</th>
              <th scope="col">Admin</th>
            </tr>
          </thead>
          <tbody>
            {customers.map((customer) => (
              <tr key={customer.id}>
                <th scope="row" className="font-normal">
                  <Link to={`/admin/customers/${customer.id}`} className={adminLinkClass}>
                    {`${customer.first_name} ${customer.last_name}`.trim() || customer.email}
                  </Link>
                </th>
                <td className={longTextCellClass}>{customer.email}</td>
                <td>
                  <FarmTime date={customer.created_at} withTime={false} />
                </td>
                <td>{customer.order_count}</td>
                <td>{customer.is_admin ? 'Yes' : 'No'}</td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
      <Pagination info={info} label="Customers" />
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Customers' })
