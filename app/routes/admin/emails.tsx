import { data, Form, useLocation } from 'react-router'
import { z } from 'zod'
import { requireAdmin } from '~/auth/guards.server'
import {
  getOutboxEmail,
  listOutbox,
  OUTBOX_STATUSES,
  RESENDABLE,
  type ResendOutcome,
  resendEmail,
} from '~/email/admin/outbox.server'
import type { OutboxStatus } from '~/email/outbox.server'
import { pageMeta } from '~/farm/meta'
import { listQuery } from '~/platform/admin/pagination'
import { FarmTime } from '~/platform/admin/ui/farm-time'
import { FilterTabs } from '~/platform/admin/ui/filter-tabs'
import { AdminList, type Column } from '~/platform/admin/ui/list'
import {
  AdminPageHeader,
  AdminPanel,
  EmptyState,
  longTextCellClass,
} from '~/platform/admin/ui/page'
import { Pagination } from '~/platform/admin/ui/pagination'
import { getDb } from '~/platform/db/db.server'
import { parseSubmission, replyDone, replyRefused } from '~/platform/forms/conform'
import { readForm } from '~/platform/forms/form-data.server'
import { ButtonLink } from '~/platform/ui/button'
import { FormMessage } from '~/platform/ui/field'
import { TextLink } from '~/platform/ui/link'
import type { Route } from './+types/emails'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const url = new URL(request.url)
  const { status, page } = listQuery(url, OUTBOX_STATUSES)
  const openId = url.searchParams.get('open')?.slice(0, 100)
  const db = getDb()
  const [list, opened] = await Promise.all([
    listOutbox(db, { status, page }),
    openId ? getOutboxEmail(db, openId) : null,
  ])
  if (openId && !opened) throw data(null, { status: 404 })
  const emails = list.emails.map((email) => ({
    ...email,
    canResend: RESENDABLE.includes(email.status as OutboxStatus),
  }))
  return { ...list, emails, status, opened }
}

const ResendSchema = z.object({
  intent: z.literal('resend', { error: 'Please choose what to do.' }),
  id: z.string().min(1).max(100),
})

const RESEND_RESULTS: Record<ResendOutcome, { status: number; message: string }> = {
  queued: { status: 200, message: 'The email is queued again and goes out in a few seconds.' },
  not_found: { status: 404, message: 'That email was not found.' },
  not_resendable: {
    status: 409,
    message: 'Only failed or unsent emails can be sent again; this one is already on its way.',
  },
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const submission = parseSubmission(await readForm(request), ResendSchema)
  // A button, nothing typed: a bad post is told in words above the list.
  if (submission.status !== 'success') {
    return replyRefused(submission, 'Please choose an email to send again.', 400)
  }
  const outcome = await resendEmail(getDb(), { id: submission.value.id, actorId: admin.id })
  const { status, message } = RESEND_RESULTS[outcome]
  return status === 200 ? replyDone(submission, message) : replyRefused(submission, message, status)
}

const OUTBOX_LABELS: Record<OutboxStatus, string> = {
  pending: 'Waiting to send',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  not_sent: 'Not sent (no mail server)',
}

const TABS: { value: OutboxStatus | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'sending', label: 'Sending' },
  { value: 'sent', label: 'Sent' },
  { value: 'failed', label: 'Failed' },
  { value: 'not_sent', label: 'Not sent' },
]

function statusLabel(status: string): string {
  return OUTBOX_LABELS[status as OutboxStatus] ?? status
}

type EmailRow = Route.ComponentProps['loaderData']['emails'][number]

/** The columns; `withOpen` is the list's own URL with one email opened. */
function emailColumns(withOpen: (id: string) => string): Column<EmailRow>[] {
  return [
    { header: 'To', className: longTextCellClass, cell: (email) => email.to_address },
    {
      header: 'Subject',
      rowHeader: true,
      cell: (email) => <TextLink to={withOpen(email.id)}>{email.subject}</TextLink>,
    },
    { header: 'Template', cell: (email) => email.template ?? '-' },
    { header: 'Status', cell: (email) => statusLabel(email.status) },
    { header: 'Attempts', cell: (email) => email.attempts },
    {
      header: 'Last error',
      className: 'max-w-xs break-words',
      cell: (email) => email.last_error ?? '-',
    },
    { header: 'Queued', cell: (email) => <FarmTime date={email.created_at} /> },
    { header: 'Sent', cell: (email) => (email.sent_at ? <FarmTime date={email.sent_at} /> : '-') },
    {
      header: 'Actions',
      headerHidden: true,
      cell: (email) =>
        email.canResend ? (
          <Form method="post">
            <input type="hidden" name="id" value={email.id} />
            <button
              type="submit"
              name="intent"
              value="resend"
              className="rounded-md border border-stone-500 px-3 py-1.5 text-sm font-semibold whitespace-nowrap text-ink hover:bg-earth-50"
            >
              Resend
              <span className="sr-only"> the email to {email.to_address}</span>
            </button>
          </Form>
        ) : null,
    },
  ]
}

export default function AdminEmails({ loaderData, actionData }: Route.ComponentProps) {
  const { emails, info, counts, status, opened } = loaderData
  const { search } = useLocation()
  const total = Object.values(counts).reduce((a, b) => a + b, 0)
  /** This list's URL with one email opened (or closed), keeping filter and page. */
  const withOpen = (id: string | null) => {
    const params = new URLSearchParams(search)
    if (id) params.set('open', id)
    else params.delete('open')
    const query = params.toString()
    return query ? `/admin/emails?${query}` : '/admin/emails'
  }
  return (
    <>
      <AdminPageHeader
        title="Emails"
        description="Every email the shop sends goes through this outbox. Failed ones show why."
        actions={
          <ButtonLink to="/admin/errors" variant="secondary">
            Error Reports
          </ButtonLink>
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
      {opened ? (
        <AdminPanel title={`Email: ${opened.subject}`} className="mb-6">
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="font-semibold">To</dt>
            <dd className="wrap-anywhere">{opened.to_address}</dd>
            <dt className="font-semibold">Template</dt>
            <dd>{opened.template ?? 'None'}</dd>
            <dt className="font-semibold">Status</dt>
            <dd>{statusLabel(opened.status)}</dd>
            <dt className="font-semibold">Queued</dt>
            <dd>
              <FarmTime date={opened.created_at} />
            </dd>
            {opened.last_error ? (
              <>
                <dt className="font-semibold">Last error</dt>
                <dd className="wrap-anywhere">{opened.last_error}</dd>
              </>
            ) : null}
          </dl>
          <h3 className="mt-4 mb-2 font-semibold text-ink">Text of the email</h3>
          <pre className="max-h-96 overflow-auto rounded-md border border-earth-100 bg-earth-50 p-4 font-sans text-sm break-words whitespace-pre-wrap text-ink">
            {opened.text_body}
          </pre>
          <TextLink to={withOpen(null)} className="mt-4 inline-block">
            Close Email
          </TextLink>
        </AdminPanel>
      ) : null}
      <FilterTabs
        label="Email status"
        current={status ?? 'all'}
        tabs={TABS.map((tab) => ({
          ...tab,
          count: tab.value === 'all' ? total : counts[tab.value],
        }))}
        hrefFor={(value) => (value === 'all' ? '/admin/emails' : `/admin/emails?status=${value}`)}
      />
      {emails.length === 0 ? (
        <EmptyState>No emails here.</EmptyState>
      ) : (
        <AdminList
          caption="Emails, newest first"
          rows={emails}
          rowKey={(email) => email.id}
          columns={emailColumns(withOpen)}
        />
      )}
      <Pagination info={info} label="Emails" />
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Emails' })
