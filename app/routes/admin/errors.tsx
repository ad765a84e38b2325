import { requireAdmin } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { pageRequest } from '~/platform/admin/pagination'
import { FarmTime } from '~/platform/admin/ui/farm-time'
import { AdminList, type Column } from '~/platform/admin/ui/list'
import { AdminPageHeader, EmptyState, longTextCellClass } from '~/platform/admin/ui/page'
import { Pagination } from '~/platform/admin/ui/pagination'
import { getDb } from '~/platform/db/db.server'
import { listErrorReports } from '~/platform/errors/admin/errors.server'
import { ButtonLink } from '~/platform/ui/button'
import { TextLink } from '~/platform/ui/link'
import type { Route } from './+types/errors'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return listErrorReports(getDb(), pageRequest(new URL(request.url)))
}

const COLUMNS: Column<Route.ComponentProps['loaderData']['reports'][number]>[] = [
  { header: 'When', cell: (report) => <FarmTime date={report.created_at} /> },
  {
    header: 'Message',
    rowHeader: true,
    className: 'max-w-md break-words',
    cell: (report) => (
      <>
        {report.level === 'error' ? null : (
          <span className="mr-1 font-semibold">[{report.level}]</span>
        )}
        {report.message}
        {report.stack_trace ? (
          <details className="mt-1">
            <summary className="cursor-pointer text-sm font-semibold text-pasture-800">
              Show stack
            </summary>
            <pre className="mt-1 max-h-80 overflow-auto text-xs break-words whitespace-pre-wrap">
              {report.stack_trace}
            </pre>
          </details>
        ) : null}
      </>
    ),
  },
  { header: 'Page', className: 'max-w-xs break-all', cell: (report) => report.url ?? '-' },
  {
    header: 'Browser',
    className: 'max-w-xs text-xs break-words',
    cell: (report) => report.user_agent ?? '-',
  },
  {
    header: 'Customer',
    className: longTextCellClass,
    cell: (report) =>
      report.customer_id ? (
        <TextLink to={`/admin/customers/${report.customer_id}`}>
          {report.customer_email ?? 'Customer'}
        </TextLink>
      ) : (
        'Guest'
      ),
  },
]

export default function AdminErrors({ loaderData }: Route.ComponentProps) {
  const { reports, info } = loaderData
  return (
    <>
      <AdminPageHeader
        title="Error Reports"
        description="Errors that visitors' browsers ran into and reported, newest first."
        actions={
          <ButtonLink to="/admin/emails" variant="secondary">
            Emails
          </ButtonLink>
        }
      />
      {reports.length === 0 ? (
        <EmptyState>No errors reported. Everything is running smoothly.</EmptyState>
      ) : (
        <AdminList
          caption="Error reports, newest first"
          rows={reports}
          rowKey={(report) => report.id}
          rowClassName={() => 'align-top'}
          columns={COLUMNS}
        />
      )}
      <Pagination info={info} label="Error reports" />
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Error Reports' })
