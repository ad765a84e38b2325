import { requireAdmin } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { listSubscribers, SUBSCRIBER_STATUSES } from '~/newsletter/admin/newsletter.server'
import { listQuery } from '~/platform/admin/pagination'
import { FarmTime } from '~/platform/admin/ui/farm-time'
import { FilterTabs } from '~/platform/admin/ui/filter-tabs'
import { AdminList, type Column } from '~/platform/admin/ui/list'
import { AdminPageHeader, EmptyState, longTextCellClass } from '~/platform/admin/ui/page'
import { Pagination } from '~/platform/admin/ui/pagination'
import { getDb } from '~/platform/db/db.server'
import { ButtonLink } from '~/platform/ui/button'
import { TextLink } from '~/platform/ui/link'
import type { Route } from './+types/newsletter'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const url = new URL(request.url)
  const { status, page } = listQuery(url, SUBSCRIBER_STATUSES)
  const list = await listSubscribers(getDb(), { status, page })
  return { ...list, status }
}

const STATUS_LABELS: Record<string, string> = {
  confirmed: 'Confirmed',
  pending: 'Waiting for confirmation',
  unsubscribed: 'Unsubscribed',
}

function Day({ date }: { date: Date | null }) {
  return date ? <FarmTime date={date} withTime={false} /> : '-'
}

const COLUMNS: Column<Route.ComponentProps['loaderData']['subscribers'][number]>[] = [
  {
    header: 'Email',
    rowHeader: true,
    className: longTextCellClass,
    cell: (subscriber) => subscriber.email,
  },
  {
    header: 'Status',
    cell: (subscriber) => STATUS_LABELS[subscriber.status] ?? subscriber.status,
  },
  { header: 'Subscribed', cell: (subscriber) => <Day date={subscriber.created_at} /> },
  { header: 'Confirmed', cell: (subscriber) => <Day date={subscriber.confirmed_at} /> },
  { header: 'Unsubscribed', cell: (subscriber) => <Day date={subscriber.unsubscribed_at} /> },
]

export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  const { subscribers, info, counts, status } = loaderData
  const all = counts.confirmed + counts.pending + counts.unsubscribed
  const csvHref = status ? `/admin/newsletter.csv?status=${status}` : '/admin/newsletter.csv'
  return (
    <>
      <TextLink to="/admin/customers">Back to Customers</TextLink>
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
        <AdminList
          caption="Newsletter subscribers, newest first"
          rows={subscribers}
          rowKey={(subscriber) => subscriber.id}
          columns={COLUMNS}
        />
      )}
      <Pagination info={info} label="Subscribers" />
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Newsletter Subscribers' })
