import { Link } from 'react-router'
import { requireAdmin } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { isSubscriberStatus, listSubscribers } from '~/newsletter/admin/newsletter.server'
import { pageRequest } from '~/platform/admin/pagination'
import { FarmTime } from '~/platform/admin/ui/farm-time'
import { adminLinkClass, FilterTabs } from '~/platform/admin/ui/filter-tabs'
import {
  AdminPageHeader,
  AdminTable,
  EmptyState,
  longTextCellClass,
} from '~/platform/admin/ui/page'
import { Pagination } from '~/platform/admin/ui/pagination'
import { getDb } from '~/platform/db/db.server'
import { ButtonLink } from '~/platform/ui/button'
import type { Route } from './+types/newsletter'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const url = new URL(request.url)
  const requested = url.searchParams.get('status')
  const status = isSubscriberStatus(requested) ? requested : null
  const list = await listSubscribers(getDb(), { status, page: pageRequest(url) })
  return { ...list, status }
}

const STATUS_LABELS: Record<string, string> = {
  confirmed: 'Confirmed',
  pending: 'Waiting for confirmation',
  unsubscribed: 'Unsubscribed',
}

export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  const { subscribers, info, counts, status } = loaderData
  const all = counts.confirmed + counts.pending + counts.unsubscribed
  const csvHref = status ? `/admin/newsletter.csv?status=${status}` : '/admin/newsletter.csv'
  return (
    <>
      <Link to="/admin/customers" className={adminLinkClass}>
        Back to Customers
      </Link>
      <div className="mt-4">
        <AdminPageHeader
          title="Newsletter Subscribers"
          description="Only confirmed subscribers asked for the newsletter; pending ones have not clicked their confirmation link yet."
          actions={
            // A download, not a page: reloadDocument lets the browser save the file.
            <ButtonLink to={csvHref} reloadDocument variant="secondary">
              Download CSV
            </ButtonLink>
          }
        />
      </div>
      <FilterTabs
        label="Subscriber status"
        current={status ?? 'all'}
        tabs={[
          { value: 'all', label: 'All', count: all },
          { value: 'confirmed', label: 'Confirmed', count: counts.confirmed },
          { value: 'pending', label: 'Pending', count: counts.pending },
          { value: 'unsubscribed', label: 'Unsubscribed', count: counts.unsubscribed },
        ]}
        hrefFor={(value) =>
          value === 'all' ? '/admin/newsletter' : `/admin/newsletter?status=${value}`
        }
      />
      {subscribers.length === 0 ? (
        <EmptyState>No subscribers here yet.</EmptyState>
      ) : (
        <AdminTable caption="Newsletter subscribers, newest first">
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Status</th>
              <th scope="col">Subscribed</th>
              <th scope="col">Confirmed</th>
              <th scope="col">Unsubscribed</th>
            </tr>
          </thead>
          <tbody>
            {subscribers.map((subscriber) => (
              <tr key={subscriber.id}>
                <th scope="row" className={`font-normal ${longTextCellClass}`}>
                  {subscriber.email}
                </th>
                <td>{STATUS_LABELS[subscriber.status] ?? subscriber.status}</td>
                <td>
                  <FarmTime date={subscriber.created_at} withTime={false} />
                </td>
                <td>
                  {subscriber.confirmed_at ? (
                    <FarmTime date={subscriber.confirmed_at} withTime={false} />
                  ) : (
                    '-'
                  )}
                </td>
                <td>
                  {subscriber.unsubscribed_at ? (
                    <FarmTime date={subscriber.unsubscribed_at} withTime={false} />
                  ) : (
                    '-'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
      <Pagination info={info} label="Subscribers" />
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Newsletter Subscribers' })
