import { Form, Link, useNavigation } from 'react-router'
import { z } from 'zod'
import { requireUser } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { getDb } from '~/platform/db/db.server'
import { formatFarmDate } from '~/platform/farm-clock'
import { parseSubmission, replyDone, replyRefused } from '~/platform/forms/conform'
import { readForm } from '~/platform/forms/form-data'
import { FormMessage } from '~/platform/ui/field'
import { Heading } from '~/platform/ui/heading'
import { cancelWaitingListEntry, listWaitingListEntries } from '~/waiting-list/waiting-list.server'
import type { Route } from './+types/waiting-list'

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request)
  return { entries: await listWaitingListEntries(getDb(), user.id) }
}

const ENTRY_NOT_FOUND = 'That waiting list entry was not found. It may already be cancelled.'

// One intent today; a union keeps the page's posts uniform with the other account pages.
const WaitingListActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('cancel'),
    id: z.string({ error: ENTRY_NOT_FOUND }).min(1, ENTRY_NOT_FOUND).max(100, ENTRY_NOT_FOUND),
  }),
])

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request)
  const submission = parseSubmission(await readForm(request), WaitingListActionSchema)
  if (submission.status !== 'success') return replyRefused(submission, ENTRY_NOT_FOUND, 400)
  const cancelled = await cancelWaitingListEntry(getDb(), user.id, submission.value.id)
  return cancelled
    ? replyDone(submission, 'You have been removed from the waiting list.')
    : replyRefused(submission, ENTRY_NOT_FOUND, 404)
}

export default function WaitingList({ loaderData, actionData }: Route.ComponentProps) {
  const { entries } = loaderData
  const navigation = useNavigation()
  const cancellingId =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'cancel'
      ? navigation.formData.get('id')
      : null
  return (
    <div className="space-y-6">
      <Heading level={1}>Waiting List</Heading>
      {actionData?.status === 'success' ? (
        <FormMessage tone="success">{actionData.message}</FormMessage>
      ) : (
        <FormMessage tone="error">{actionData?.error?.['']?.[0]}</FormMessage>
      )}
      {entries.length === 0 ? (
        <div className="rounded-lg border border-earth-100 bg-white p-6">
          <p className="text-ink">You are not on any waiting lists.</p>
          <Link
            to="/shop"
            className="mt-4 inline-block rounded-md bg-pasture-700 px-5 py-2.5 font-semibold text-white hover:bg-pasture-800"
          >
            Browse Products
          </Link>
        </div>
      ) : (
        <ul className="space-y-4">
          {entries.map((entry) => (
            <li
              key={entry.id}
              className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-earth-100 bg-white p-5"
            >
              <div>
                <h2 className="font-semibold text-ink">
                  <Link
                    to={`/product/${entry.product_id}`}
                    className="hover:underline hover:underline-offset-4"
                  >
                    {entry.product_name}
                  </Link>
                </h2>
                <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-muted">
                  {entry.variant_name ? (
                    <>
                      <dt>Option</dt>
                      <dd>{entry.variant_name}</dd>
                    </>
                  ) : null}
                  <dt>Quantity</dt>
                  <dd>{entry.quantity}</dd>
                  <dt>Joined</dt>
                  <dd>
                    <time dateTime={entry.created_at.toISOString()}>
                      {formatFarmDate(entry.created_at, 'medium')}
                    </time>
                  </dd>
                </dl>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="cancel" />
                <input type="hidden" name="id" value={entry.id} />
                <button
                  type="submit"
                  disabled={cancellingId === entry.id}
                  className="inline-flex items-center rounded-md border border-stone-400 px-4 py-2 text-sm font-semibold text-ink hover:bg-earth-50 disabled:cursor-not-allowed disabled:opacity-60"
                >
                  {cancellingId === entry.id ? 'Cancelling...' : 'Cancel'}
                  <span className="sr-only">
                    {' '}
                    waiting for {entry.product_name}
                    {entry.variant_name ? `, ${entry.variant_name}` : ''}
                  </span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Waiting List' })
