import { Link } from 'react-router'
import { requireAdmin } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { pageRequest } from '~/platform/admin/pagination'
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
import { listErrorReports } from '~/platform/errors/admin/errors.server'
import { ButtonLink } from '~/platform/ui/button'
import type { Route } from './+types/errors'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return listErrorReports(getDb(), pageRequest(new URL(request.url)))
}

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
        <AdminTable caption="Error reports, newest first">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Message</th>
              <th scope="col">Page</th>
              <th scope="col">Browser</th>
              <th scope="col">Customer</th>
            </tr>
          </thead>
          <tbody>
            {reports.map((report) => (
              <tr key={report.id} className="align-top">
                <td>
                  <FarmTime date={report.created_at} />
                </td>
                <th scope="row" className="max-w-md font-normal break-words">
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
                </th>
                <td className="max-w-xs break-all">{report.url ?? '-'}</td>
                <td className="max-w-xs text-xs break-words">{report.user_agent ?? '-'}</td>
                <td className={longTextCellClass}>
                  {report.customer_id ? (
                    <Link to={`/admin/customers/${report.customer_id}`} className={adminLinkClass}>
                      {report.customer_email ?? 'Customer'}
                    </Link>
                  ) : (
                    'Guest'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
      <Pagination info={info} label="Error reports" />
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Error Reports' })
