import { Form, Link, redirect, useNavigation } from 'react-router'
import { z } from 'zod'
import { requireUser } from '~/auth/guards.server'
import { claimHoldIntoCart } from '~/cart/cart.server'
import { pageMeta } from '~/farm/meta'
import { getDb } from '~/platform/db/db.server'
import { formatFarmDate, formatFarmMoment } from '~/platform/farm-clock'
import { parseSubmission, replyDone, replyRefused } from '~/platform/forms/conform'
import { readForm } from '~/platform/forms/form-data.server'
import { Button } from '~/platform/ui/button'
import { FormMessage } from '~/platform/ui/field'
import { Heading } from '~/platform/ui/heading'
import { isPendingSubmission } from '~/platform/ui/use-is-pending'
import { holdItemName } from '~/waiting-list/holds'
import { listLiveHolds } from '~/waiting-list/holds.server'
import { cancelWaitingListEntry, listWaitingListEntries } from '~/waiting-list/waiting-list.server'
import type { Route } from './+types/waiting-list'

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const [entries, holds] = await Promise.all([
    listWaitingListEntries(getDb(), user.id),
    // What came back and is held for them (ADR 29): the email's link, again, for a lost email.
    listLiveHolds(getDb(), user.id),
  ])
  return { entries, holds }
}

const ENTRY_NOT_FOUND = 'That waiting list entry was not found. It may already be cancelled.'

const WaitingListActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('cancel'),
    id: z.string({ error: ENTRY_NOT_FOUND }).min(1, ENTRY_NOT_FOUND).max(100, ENTRY_NOT_FOUND),
  }),
  z.object({
    intent: z.literal('claim'),
    id: z.string({ error: ENTRY_NOT_FOUND }).min(1, ENTRY_NOT_FOUND).max(100, ENTRY_NOT_FOUND),
  }),
])

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request)
  const submission = parseSubmission(await readForm(request), WaitingListActionSchema)
  if (submission.status !== 'success') return replyRefused(submission, ENTRY_NOT_FOUND, 400)
  if (submission.value.intent === 'claim') {
    const claimed = await claimHoldIntoCart(getDb(), user.id, { holdId: submission.value.id })
    if (claimed.ok) throw redirect('/cart')
    return replyRefused(submission, claimed.message, claimed.status)
  }
  const cancelled = await cancelWaitingListEntry(getDb(), user.id, submission.value.id)
  return cancelled
    ? replyDone(submission, 'You have been removed from the waiting list.')
    : replyRefused(submission, ENTRY_NOT_FOUND, 404)
}

export default function WaitingList({ loaderData, actionData }: Route.ComponentProps) {
  const { entries, holds } = loaderData
  const navigation = useNavigation()
  const cancelling = (id: string) =>
    isPendingSubmission(navigation, { intent: 'cancel', fields: { id } })
  return (
    <div className="space-y-6">
      <Heading level={1}>Waiting List</Heading>
      {actionData?.status === 'success' ? (
        <FormMessage tone="success">{actionData.message}</FormMessage>
      ) : (
        <FormMessage tone="error">{actionData?.error?.['']?.[0]}</FormMessage>
      )}
      {holds.length > 0 ? (
        <section aria-labelledby="reserved-heading" className="space-y-3">
          <Heading level={2} id="reserved-heading">
            Reserved for You
          </Heading>
          <ul className="space-y-4">
            {holds.map((hold) => {
              const item = holdItemName(hold.productName, hold.variantName)
              return (
                <li
                  key={hold.id}
                  className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-pasture-700 bg-white p-5"
                >
                  <div>
                    <h3 className="font-semibold text-ink">
                      {hold.quantity} × {item}
                    </h3>
                    <p className="mt-1 text-sm text-pasture-800">
                      Reserved for you until {formatFarmMoment(new Date(hold.expiresAt))}
                    </p>
                  </div>
                  <Form method="post">
                    <input type="hidden" name="intent" value="claim" />
                    <input type="hidden" name="id" value={hold.id} />
                    <Button type="submit">
                      Put It in My Cart<span className="sr-only">: {item}</span>
                    </Button>
                  </Form>
                </li>
              )
            })}
          </ul>
        </section>
      ) : null}
      {entries.length === 0 && holds.length === 0 ? (
        <div className="rounded-lg border border-earth-100 bg-white p-6">
          <p className="text-ink">You are not on any waiting lists.</p>
          <Link
            to="/shop"
            className="mt-4 inline-block rounded-md bg-pasture-700 px-5 py-2.5 font-semibold text-white hover:bg-pasture-800"
          >
            Browse Products
          </Link>
        </div>
      ) : entries.length === 0 ? null : (
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
                  disabled={cancelling(entry.id)}
                  className="inline-flex items-center rounded-md border border-stone-500 px-4 py-2 text-sm font-semibold text-ink hover:bg-earth-50 disabled:cursor-not-allowed disabled:opacity-60"
                >
                  {cancelling(entry.id) ? 'Cancelling...' : 'Cancel'}
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
