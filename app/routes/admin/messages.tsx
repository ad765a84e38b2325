import { requireAdmin } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { listMessages, MESSAGE_STATUSES } from '~/messages/admin/messages.server'
import { listQuery } from '~/platform/admin/pagination'
import { FarmTime } from '~/platform/admin/ui/farm-time'
import { FilterTabs } from '~/platform/admin/ui/filter-tabs'
import { AdminList, type Column } from '~/platform/admin/ui/list'
import { AdminPageHeader, EmptyState, longTextCellClass } from '~/platform/admin/ui/page'
import { Pagination } from '~/platform/admin/ui/pagination'
import { getDb } from '~/platform/db/db.server'
import { TextLink } from '~/platform/ui/link'
import type { Route } from './+types/messages'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const url = new URL(request.url)
  // Unread is the inbox's front page; an unknown folder name falls back to it.
  const { status, page } = listQuery(url, MESSAGE_STATUSES, 'unread')
  const inbox = await listMessages(getDb(), { status, page })
  return { ...inbox, status }
}

const FOLDERS = [
  { value: 'unread', label: 'Unread' },
  { value: 'read', label: 'Read' },
  { value: 'archived', label: 'Archived' },
] as const

const EMPTY = {
  unread: 'No unread messages. You are all caught up.',
  read: 'No read messages.',
  archived: 'No archived messages.',
}

const COLUMNS: Column<Route.ComponentProps['loaderData']['messages'][number]>[] = [
  {
    header: 'From',
    rowHeader: true,
    cell: (message) => <TextLink to={`/admin/messages/${message.id}`}>{message.name}</TextLink>,
  },
  { header: 'Email', className: longTextCellClass, cell: (message) => message.email },
  { header: 'Subject', cell: (message) => message.subject },
  { header: 'Received', cell: (message) => <FarmTime date={message.created_at} /> },
]

export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { messages, info, counts, status } = loaderData
  return (
    <>
      <AdminPageHeader
        title="Messages"
        description="What visitors sent through the contact form, newest first."
      />
      <FilterTabs
        label="Message folders"
        current={status}
        tabs={FOLDERS.map((folder) => ({ ...folder, count: counts[folder.value] }))}
        hrefFor={(value) => `/admin/messages?status=${value}`}
      />
      {messages.length === 0 ? (
        <EmptyState>{EMPTY[status]}</EmptyState>
      ) : (
        <AdminList
          caption={`${FOLDERS.find((f) => f.value === status)?.label} messages`}
          rows={messages}
          rowKey={(message) => message.id}
          rowClassName={() => (status === 'unread' ? 'font-semibold' : undefined)}
          columns={COLUMNS}
        />
      )}
      <Pagination info={info} label="Messages" />
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Messages' })
