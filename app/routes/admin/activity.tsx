import { Form } from 'react-router'
import { requireAdmin } from '~/auth/guards.server'
import { listActivity, OPERATOR } from '~/dashboard/activity.server'
import { pageMeta } from '~/farm/meta'
import { pageRequest, searchTerm } from '~/platform/admin/pagination'
import { FarmTime } from '~/platform/admin/ui/farm-time'
import { AdminList, type Column } from '~/platform/admin/ui/list'
import { AdminPageHeader, EmptyState, longTextCellClass } from '~/platform/admin/ui/page'
import { Pagination } from '~/platform/admin/ui/pagination'
import { getDb } from '~/platform/db/db.server'
import { Button } from '~/platform/ui/button'
import { TextField } from '~/platform/ui/field'
import { TextLink } from '~/platform/ui/link'
import { SelectField } from '~/platform/ui/select-field'
import type { Route } from './+types/activity'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const url = new URL(request.url)
  const filter = {
    entityType: searchTerm(url, 'what'),
    actor: searchTerm(url, 'who'),
    action: searchTerm(url, 'action'),
  }
  const { actors, ...activity } = await listActivity(getDb(), { filter, page: pageRequest(url) })
  const who = [
    { value: OPERATOR, label: 'Operator (command line)' },
    ...actors.map((actor) => ({ value: actor.id, label: actor.label })),
  ]
  return { ...activity, who, filter }
}

/** 'promo_code' -> 'Promo code': the log's names in plain words. */
function words(name: string): string {
  const text = name.replace(/[_.]/g, ' ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

type Change = Route.ComponentProps['loaderData']['rows'][number]

function Changes({ details }: { details: Change['details'] }) {
  if (details === null) return '-'
  if (details.kind === 'text') return <span className="whitespace-pre-wrap">{details.text}</span>
  if (details.lines.length === 0) return 'No fields changed'
  return (
    <ul className="space-y-0.5 text-sm">
      {details.lines.map((line) => (
        <li key={line.field}>
          <span className="font-semibold">{line.field}:</span>{' '}
          {line.before === null ? line.after : `${line.before} -> ${line.after ?? '(removed)'}`}
        </li>
      ))}
    </ul>
  )
}

const COLUMNS: Column<Change>[] = [
  { header: 'When', cell: (row) => <FarmTime date={row.created_at} /> },
  {
    header: 'Who',
    className: longTextCellClass,
    cell: (row) =>
      row.actor ? (
        <>
          {row.actor.name ? <span className="block font-semibold">{row.actor.name}</span> : null}
          <span>{row.actor.email}</span>
        </>
      ) : (
        'Operator (command line)'
      ),
  },
  {
    header: 'Action',
    rowHeader: true,
    cell: (row) => <code className="text-sm">{row.action}</code>,
  },
  {
    header: 'What',
    cell: (row) => (
      <>
        <span className="block">{words(row.entityType)}</span>
        {row.entityHref ? (
          <TextLink to={row.entityHref} className="wrap-anywhere">
            {row.entityLabel ?? 'Open'}
          </TextLink>
        ) : row.entityLabel ? (
          <span className="wrap-anywhere">{row.entityLabel}</span>
        ) : null}
      </>
    ),
  },
  {
    header: 'Changes',
    className: 'max-w-md break-words',
    cell: (row) => <Changes details={row.details} />,
  },
]

export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  const { rows, info, entityTypes, who, filter } = loaderData
  const filtered = filter.entityType || filter.actor || filter.action
  return (
    <>
      <AdminPageHeader
        title="Activity"
        description="Every change made in the back-office or from the command line: who, what and when."
      />
      <Form method="get" className="mb-6 grid items-end gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SelectField
          label="What changed"
          name="what"
          defaultValue={filter.entityType}
          placeholder="Everything"
          options={entityTypes.map((type) => ({ value: type, label: words(type) }))}
        />
        <SelectField
          label="Who"
          name="who"
          defaultValue={filter.actor}
          placeholder="Anyone"
          options={who}
        />
        <TextField
          label="Action contains"
          name="action"
          type="search"
          defaultValue={filter.action}
          placeholder="e.g. grant"
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="secondary">
            Filter
          </Button>
          {filtered ? <TextLink to="/admin/activity">Show All</TextLink> : null}
        </div>
      </Form>
      {rows.length === 0 ? (
        <EmptyState>{filtered ? 'Nothing matches these filters.' : 'No changes yet.'}</EmptyState>
      ) : (
        <AdminList
          caption="Changes, newest first"
          rows={rows}
          rowKey={(row) => row.id}
          rowClassName={() => 'align-top'}
          columns={COLUMNS}
        />
      )}
      <Pagination info={info} label="Activity" />
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Activity' })
