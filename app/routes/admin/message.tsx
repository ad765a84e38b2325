import { data, Form, redirect } from 'react-router'
import { z } from 'zod'
import { requireAdmin } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { openMessage, replyHref, setMessageStatus } from '~/messages/admin/messages.server'
import { FarmTime } from '~/platform/admin/ui/farm-time'
import { AdminPageHeader, AdminPanel } from '~/platform/admin/ui/page'
import { getDb } from '~/platform/db/db.server'
import { parseSubmission, replyDone, replyRefused } from '~/platform/forms/conform'
import { readForm } from '~/platform/forms/form-data.server'
import { Button, ButtonAnchor } from '~/platform/ui/button'
import { FormMessage } from '~/platform/ui/field'
import { TextLink } from '~/platform/ui/link'
import type { Route } from './+types/message'

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request)
  // Opening an unread message marks it read (audited), as in any mail program.
  const message = await openMessage(getDb(), params.id, admin.id)
  if (!message) throw data(null, { status: 404 })
  return { message, reply: replyHref(message.email, message.subject) }
}

const CHOOSE = 'Please choose what to do.'

const MessageActionSchema = z.object({
  intent: z.enum(['unread', 'archive', 'inbox'], { error: CHOOSE }),
})

const TARGET = { unread: 'unread', archive: 'archived', inbox: 'read' } as const

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const submission = parseSubmission(await readForm(request), MessageActionSchema)
  // Buttons, nothing typed: a bad post is told in words above the page.
  if (submission.status !== 'success') return replyRefused(submission, CHOOSE, 400)
  const { intent } = submission.value
  const found = await setMessageStatus(getDb(), {
    id: params.id,
    status: TARGET[intent],
    actorId: admin.id,
  })
  if (!found) throw data(null, { status: 404 })
  // Back to the inbox: staying here would open the message, and so read it, again.
  if (intent === 'unread') return redirect('/admin/messages?status=unread')
  return replyDone(
    submission,
    intent === 'archive' ? 'Message archived.' : 'Message moved back to the inbox (Read).',
  )
}

export default function AdminMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { message, reply } = loaderData
  const folder = message.status === 'archived' ? 'archived' : 'read'
  return (
    <>
      <TextLink to={`/admin/messages?status=${folder}`}>Back to Messages</TextLink>
      <div className="mt-4">
        <AdminPageHeader
          title={message.subject}
          description={message.status === 'archived' ? 'Archived message' : undefined}
        />
      </div>
      <div className="space-y-6">
        {actionData?.status === 'success' ? (
          <FormMessage tone="success">{actionData.message}</FormMessage>
        ) : null}
        <FormMessage tone="error">{actionData?.error?.['']?.[0]}</FormMessage>
        <AdminPanel>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="font-semibold">From</dt>
            <dd>{message.name}</dd>
            <dt className="font-semibold">Email</dt>
            <dd className="wrap-anywhere">{message.email}</dd>
            <dt className="font-semibold">Phone</dt>
            <dd>{message.phone ?? 'Not given'}</dd>
            <dt className="font-semibold">Received</dt>
            <dd>
              <FarmTime date={message.created_at} />
            </dd>
          </dl>
          <h2 className="mt-6 mb-2 font-semibold text-ink">Message</h2>
          {/* Plain text, as typed: React escapes it and line breaks are kept. Never HTML. */}
          <div
            className="rounded-md border border-earth-100 bg-earth-50 p-4 break-words whitespace-pre-wrap text-ink"
            data-testid="message-body"
          >
            {message.message}
          </div>
        </AdminPanel>
        <div className="flex flex-wrap gap-3">
          <ButtonAnchor href={reply}>Reply by Email</ButtonAnchor>
          <Form method="post" className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="unread" variant="secondary">
              Mark as Unread
            </Button>
            {message.status === 'archived' ? (
              <Button type="submit" name="intent" value="inbox" variant="secondary">
                Move to Inbox
              </Button>
            ) : (
              <Button type="submit" name="intent" value="archive" variant="secondary">
                Archive
              </Button>
            )}
          </Form>
        </div>
      </div>
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { title: loaderData ? `Message: ${loaderData.message.subject}` : 'Message' })
