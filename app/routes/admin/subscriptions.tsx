import { Form, useLocation } from 'react-router'
import { z } from 'zod'
import { requireAdmin } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { describeSchedulerRun } from '~/flows/subscription-scheduler'
import { runScheduler } from '~/flows/subscription-scheduler.server'
import { pageRequest } from '~/platform/admin/pagination'
import { AdminList, type Column, ListSearch } from '~/platform/admin/ui/list'
import { AdminPageHeader, EmptyState, longTextCellClass } from '~/platform/admin/ui/page'
import { Pagination } from '~/platform/admin/ui/pagination'
import { getDb } from '~/platform/db/db.server'
import { formatDay, formatFarmMoment } from '~/platform/farm-clock'
import { parseSubmission, replyDone, replyRefused } from '~/platform/forms/conform'
import { readForm } from '~/platform/forms/form-data.server'
import { Button, ButtonLink } from '~/platform/ui/button'
import { FormMessage } from '~/platform/ui/field'
import { TextLink } from '~/platform/ui/link'
import { SelectField } from '~/platform/ui/select-field'
import {
  listAdminSubscriptions,
  subscriptionFilter,
} from '~/subscriptions/admin/subscriptions.server'
import { STATUS_FILTER_OPTIONS } from '~/subscriptions/admin/words'
import type { Route } from './+types/subscriptions'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const url = new URL(request.url)
  const filter = subscriptionFilter(url)
  const { subscriptions, info } = await listAdminSubscriptions(getDb(), filter, pageRequest(url))
  return { subscriptions, info, filter }
}

const ActionSchema = z.object({ intent: z.literal('run-scheduler') })

// The scheduler runs by itself every minute; the button is for a farmer who has just changed
// something and wants to see the boxes now, and for tests that step it by hand.
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request)
  const submission = parseSubmission(await readForm(request), ActionSchema)
  if (submission.status !== 'success') {
    return replyRefused(submission, 'That could not be done.', 400)
  }
  const run = await runScheduler(getDb(), new Date())
  return replyDone(submission, describeSchedulerRun(run))
}

/** The export link: the same search and filter, every page. */
function exportHref(search: string): string {
  const params = new URLSearchParams(search)
  params.delete('page')
  const query = params.toString()
  return query ? `/admin/subscriptions/export?${query}` : '/admin/subscriptions/export'
}

const COLUMNS: Column<Route.ComponentProps['loaderData']['subscriptions'][number]>[] = [
  {
    header: 'Customer',
    rowHeader: true,
    className: longTextCellClass,
    cell: (row) => (
      <>
        <TextLink to={`/admin/subscriptions/${row.id}`}>{row.customer}</TextLink>
        <span className="block text-muted">{row.email}</span>
      </>
    ),
  },
  {
    header: 'Items',
    cell: (row) => (
      <ul>
        {row.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    ),
  },
  { header: 'Frequency', className: 'whitespace-nowrap', cell: (row) => row.frequencyLabel },
  { header: 'Pickup or delivery', cell: (row) => row.where },
  {
    header: 'Next box',
    cell: (row) => (
      <>
        <span className="block whitespace-nowrap">{row.nextDateLabel}</span>
        {row.status === 'cancelled' ? null : (
          <span className="block text-muted">Changes close {formatFarmMoment(row.cutoffAt)}</span>
        )}
      </>
    ),
  },
  {
    header: 'Status',
    className: 'whitespace-nowrap',
    cell: (row) => (
      <>
        {row.statusLabel}
        {row.pausedUntil ? (
          <span className="block text-muted">until {formatDay(row.pausedUntil)}</span>
        ) : null}
      </>
    ),
  },
]

export default function AdminSubscriptions({ loaderData, actionData }: Route.ComponentProps) {
  const { subscriptions, info, filter } = loaderData
  const { search } = useLocation()
  const filtered = Boolean(filter.q || filter.status)
  return (
    <>
      <AdminPageHeader
        title="Subscriptions"
        description="Recurring boxes: who gets what, how often, where, and when the next one closes for changes."
        actions={
          // reloadDocument: a download, not a page of this app.
          <>
            <Form method="post">
              <input type="hidden" name="intent" value="run-scheduler" />
              <Button type="submit" variant="secondary">
                Run the Scheduler Now
              </Button>
            </Form>
            <ButtonLink to={exportHref(search)} reloadDocument variant="secondary">
              Export CSV
            </ButtonLink>
          </>
        }
      />
      {actionData ? (
        <div className="mb-4">
          {actionData.status === 'success' ? (
            <FormMessage tone="success">{actionData.message}</FormMessage>
          ) : null}
          <FormMessage tone="error">{actionData.error?.['']?.[0]}</FormMessage>
        </div>
      ) : null}
      <ListSearch
        name="Subscriptions"
        label="Search"
        q={filter.q}
        placeholder="Customer name or email"
        clearTo={filtered ? '/admin/subscriptions' : null}
      >
        <SelectField
          label="Status"
          name="status"
          options={STATUS_FILTER_OPTIONS}
          defaultValue={filter.status ?? 'all'}
          className="w-full sm:w-56"
        />
      </ListSearch>

      {subscriptions.length === 0 ? (
        <EmptyState>
          {filtered
            ? 'No subscriptions match this search.'
            : 'No subscriptions yet. Tick Weekly, Every 2 weeks or Monthly on a product to let customers subscribe.'}
        </EmptyState>
      ) : (
        <AdminList
          caption="Subscriptions, next box first"
          rows={subscriptions}
          rowKey={(row) => row.id}
          columns={COLUMNS}
        />
      )}
      <Pagination info={info} label="Subscriptions" />
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Subscriptions' })
