import { Link } from 'react-router'
import { requireAdmin } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { isMessageStatus, listMessages } from '~/inbox/admin/messages.server'
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
import type { Route } from './+types/messages'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const url = new URL(request.url)
  const requested = url.searchParams.get('status')
  // Unread is the inbox's front page; an unknown folder name falls back to it.
  const status = isMessageStatus(requested) ? requested : 'unread'
  const inbox = await listMessages(getDb(), { status, page: pageRequest(url) })
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
        <AdminTable caption={`${FOLDERS.find((f) => f.value === status)?.label} messages`}>
          <thead>
            <tr>
              <th scope="col">From</th>
              <th scope="col">Email</th>
              <th scope="col">Subject</th>
              <th scope="col">Received</th>
            </tr>
          </thead>
          <tbody>
            {messages.map((message) => (
              <tr key={message.id} className={status === 'unread' ? 'font-semibold' : undefined}>
                <th scope="row">
                  <Link to={`/admin/messages/${message.id}`} className={adminLinkClass}>
                    {message.name}
                  </Link>
                </th>
                <td className={longTextCellClass}>{message.email}</td>
                <td>{message.subject}</td>
                <td>
                  <FarmTime date={message.created_at} />
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
      <Pagination info={info} label="Messages" />
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Messages' })
