import { useState } from 'react'
import { Form, Link } from 'react-router'
import { z } from 'zod'
import { requireAdmin } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { formatOrderNumber } from '~/orders/place-order'
import { pageRequest } from '~/platform/admin/pagination'
import { AdminPageHeader, AdminTable, EmptyState } from '~/platform/admin/ui/page'
import { Pagination } from '~/platform/admin/ui/pagination'
import { getDb } from '~/platform/db/db.server'
import { formatFarmDate, formatFarmMoment } from '~/platform/farm-clock'
import { parseSubmission, replyDone, replyRefused } from '~/platform/forms/conform'
import { readForm } from '~/platform/forms/form-data.server'
import { Button } from '~/platform/ui/button'
import { ConfirmDialog } from '~/platform/ui/confirm-dialog'
import { FormMessage } from '~/platform/ui/field'
import { SelectField } from '~/platform/ui/select-field'
import {
  changeWaitingEntry,
  GROUPS_PER_PAGE,
  type GroupHold,
  type GroupKey,
  listWaitingGroup,
  listWaitingGroups,
  notifyGroupNow,
  type WaitingGroup,
  type WaitingListFilter,
  waitingGroupKey,
  waitingListFilter,
} from '~/waiting-list/admin/waiting-list.server'
import type { Route } from './+types/waiting-list'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const url = new URL(request.url)
  const filter = waitingListFilter(url)
  const key = waitingGroupKey(url)
  if (key) {
    const { group, info } = await listWaitingGroup(getDb(), filter, key, pageRequest(url))
    return { filter, key, groups: group ? [group] : [], info }
  }
  const page = pageRequest(url, GROUPS_PER_PAGE)
  return { filter, key, ...(await listWaitingGroups(getDb(), filter, page)) }
}

const id = z.string().min(1).max(100)
const ActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('notify'),
    productId: id,
    variantId: z
      .string()
      .max(100)
      .optional()
      .transform((text) => text || null),
  }),
  z.object({ intent: z.literal('fulfil'), entryId: id }),
  z.object({ intent: z.literal('remove'), entryId: id }),
])

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const submission = parseSubmission(await readForm(request), ActionSchema)
  // Buttons, nothing typed: a bad post is told in words above the list.
  if (submission.status !== 'success') {
    return replyRefused(submission, 'That change could not be made.', 400)
  }
  const db = getDb()
  const input = submission.value
  if (input.intent === 'notify') {
    const notified = await notifyGroupNow(db, admin.id, input)
    return replyDone(
      submission,
      notified === 0
        ? 'Nobody emailed: nothing is free to hold (stock less the units already held), or everyone who asked has a hold already.'
        : `${notified} ${notified === 1 ? 'customer was' : 'customers were'} emailed, with units held for them.`,
    )
  }
  const to = input.intent === 'fulfil' ? 'fulfilled' : 'removed'
  const changed = await changeWaitingEntry(db, admin.id, input.entryId, to)
  return changed
    ? replyDone(submission, to === 'fulfilled' ? 'Entry marked fulfilled.' : 'Entry removed.')
    : replyRefused(submission, 'That entry was not found, or it is already closed.', 404)
}

const FILTER_LABELS: Record<WaitingListFilter, string> = {
  waiting: 'Waiting',
  notified: 'Emailed',
  fulfilled: 'Fulfilled',
  removed: 'Removed or cancelled',
}

const STATUS_LABELS: Record<string, string> = {
  waiting: 'Waiting',
  notified: 'Emailed',
  fulfilled: 'Fulfilled',
  removed: 'Removed by the farm',
  cancelled: 'Cancelled by the customer',
}

/** The list's address for a filter, and for one group when given. */
function listHref(filter: WaitingListFilter, key?: GroupKey) {
  const params = new URLSearchParams()
  if (key) {
    params.set('product', key.productId)
    params.set('variant', key.variantId ?? '')
  }
  if (filter !== 'waiting') params.set('status', filter)
  const query = params.toString()
  return `/admin/waiting-list${query ? `?${query}` : ''}`
}

const ENTRY_LOOKS =
  '[&_tbody_a]:font-semibold [&_tbody_a]:underline [&_tbody_a]:underline-offset-2 [&_tbody_button]:text-sm [&_tbody_button]:font-semibold [&_tbody_button]:text-pasture-800 [&_tbody_button]:underline [&_tbody_button]:underline-offset-2 [&_tbody_button[value=remove]]:text-red-800 [&_tbody_form]:flex [&_tbody_form]:flex-wrap [&_tbody_form]:gap-3 [&_tbody_small]:block [&_tbody_small]:text-xs [&_tbody_small]:text-muted [&_tbody_time]:whitespace-nowrap'

const groupTitle = (group: WaitingGroup) =>
  group.variantName ? `${group.productName} — ${group.variantName}` : group.productName

/** A Remove button waiting for its answer, and the question it asks. */
type Removal = { button: HTMLButtonElement; question: string }

export default function AdminWaitingList({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, key, groups, info } = loaderData
  const [only] = groups
  // One question for the whole page, not a dialog in every row: 250 closed dialogs were a
  // third of the page. Before JavaScript runs, Remove posts at once, as every form here does.
  const [removal, setRemoval] = useState<Removal | null>(null)
  const ask = (button: HTMLButtonElement, question: string) => setRemoval({ button, question })
  return (
    <>
      <AdminPageHeader
        title="Waiting List"
        description="What customers are waiting for, most wanted first. When stock comes back it is held for those who asked to be emailed, in the order they joined, and each is emailed once; a hold that runs out or is passed on goes to the next in line."
      />
      {key ? (
        <p className="mb-4">
          <Link
            to={listHref(filter)}
            className="font-semibold text-pasture-800 underline underline-offset-4"
          >
            Back to the whole waiting list
          </Link>
        </p>
      ) : null}
      <Form
        method="get"
        className="mb-6 flex flex-wrap items-end gap-3 rounded-lg border border-earth-100 bg-white p-4"
      >
        {key ? (
          <>
            <input type="hidden" name="product" value={key.productId} />
            <input type="hidden" name="variant" value={key.variantId ?? ''} />
          </>
        ) : null}
        <SelectField
          label="Show entries"
          name="status"
          options={Object.entries(FILTER_LABELS).map(([value, label]) => ({ value, label }))}
          defaultValue={filter}
        />
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </Form>
      {actionData ? (
        <div className="mb-4">
          {actionData.status === 'success' ? (
            <FormMessage tone="success">{actionData.message}</FormMessage>
          ) : null}
          <FormMessage tone="error">{actionData.error?.['']?.[0]}</FormMessage>
        </div>
      ) : null}
      {key && only ? (
        <div className={ENTRY_LOOKS}>
          <GroupCard group={only} filter={filter} onRemove={ask} whole />
          <Pagination info={info} label={`Entries for ${groupTitle(only)}`} />
        </div>
      ) : groups.length === 0 ? (
        <EmptyState>No {FILTER_LABELS[filter].toLowerCase()} entries.</EmptyState>
      ) : (
        <>
          <ul className={`space-y-4 ${ENTRY_LOOKS}`}>
            {groups.map((group) => (
              <GroupCard
                key={`${group.productId}|${group.variantId ?? ''}`}
                group={group}
                filter={filter}
                onRemove={ask}
              />
            ))}
          </ul>
          <Pagination info={info} label="Waiting list" />
        </>
      )}
      <ConfirmDialog
        open={removal !== null}
        title="Remove this entry?"
        question={removal?.question ?? ''}
        confirmLabel="Remove Entry"
        onCancel={() => {
          setRemoval(null)
          removal?.button.focus()
        }}
        onConfirm={() => {
          setRemoval(null)
          // With the button, so its intent goes with the form; requestSubmit fires no click,
          // so the question is not asked again.
          removal?.button.form?.requestSubmit(removal.button)
        }}
      />
    </>
  )
}

/**
 * A product or option and who waits for it. On the whole list its first entries fold away
 * under "See N entries", with a link to the rest; on its own view (`whole`) they are open,
 * a page at a time.
 */
function GroupCard({
  group,
  filter,
  onRemove,
  whole = false,
}: {
  group: WaitingGroup
  filter: WaitingListFilter
  onRemove: (button: HTMLButtonElement, question: string) => void
  whole?: boolean
}) {
  const title = groupTitle(group)
  const Card = whole ? 'section' : 'li'
  const entries = <EntriesTable group={group} title={title} onRemove={onRemove} />
  return (
    <Card
      className="rounded-lg border border-earth-100 bg-white p-5"
      aria-label={whole ? title : undefined}
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 className="font-display text-lg font-bold text-ink">
            <Link
              to={`/admin/products/${group.productId}`}
              className="underline-offset-4 hover:underline"
            >
              {title}
            </Link>
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_auto] gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_auto_auto_auto]">
            <dt className="text-muted">Quantity wanted</dt>
            <dd className="font-semibold text-ink">{group.totalQuantity}</dd>
            <dt className="text-muted">Customers</dt>
            <dd className="font-semibold text-ink">{group.customerCount}</dd>
            <dt className="text-muted">Stock now</dt>
            <dd className="font-semibold text-ink">
              {group.stock}
              {group.archived ? ' (archived)' : ''}
            </dd>
            <dt className="text-muted">Held</dt>
            <dd className="font-semibold text-ink">{group.held}</dd>
            <dt className="text-muted">To email</dt>
            <dd className="font-semibold text-ink">{group.toNotify}</dd>
          </dl>
        </div>
        {group.toNotify > 0 && !group.archived ? (
          <Form method="post">
            <input type="hidden" name="intent" value="notify" />
            <input type="hidden" name="productId" value={group.productId} />
            <input type="hidden" name="variantId" value={group.variantId ?? ''} />
            <Button type="submit" variant="secondary">
              Notify Now<span className="sr-only"> about {title}</span>
            </Button>
          </Form>
        ) : null}
      </div>
      {group.holds.length > 0 ? <HoldList holds={group.holds} title={title} /> : null}
      {whole ? (
        <div className="mt-4">{entries}</div>
      ) : (
        <details className="mt-4">
          <summary className="cursor-pointer font-semibold text-pasture-800">
            See {group.entryCount} {group.entryCount === 1 ? 'entry' : 'entries'}
            <span className="sr-only"> for {title}</span>
          </summary>
          <div className="mt-3">
            {entries}
            {group.entryCount > group.entries.length ? (
              <p className="mt-3 text-sm">
                The {group.entries.length} who joined first.{' '}
                <Link
                  to={listHref(filter, group)}
                  className="font-semibold text-pasture-800 underline underline-offset-4"
                >
                  Show all {group.entryCount}
                  <span className="sr-only"> entries for {title}</span>
                </Link>
              </p>
            ) : null}
          </div>
        </details>
      )}
    </Card>
  )
}

const HOLD_LINK = 'font-semibold text-pasture-800 underline underline-offset-2'

/** Who the stock is held for now, with until when, and who bought what they were held. */
function HoldList({ holds, title }: { holds: GroupHold[]; title: string }) {
  return (
    <div className="mt-4">
      <h3 className="font-semibold text-ink">
        Holds<span className="sr-only"> for {title}</span>
      </h3>
      <ul className="mt-2 space-y-1 text-sm text-ink">
        {holds.map((hold) => (
          <li key={hold.id}>
            <Link to={`/admin/customers/${hold.customerId}`} className={HOLD_LINK}>
              {hold.customerName}
            </Link>
            {hold.status === 'held' ? (
              <>
                : {hold.quantity} held until{' '}
                <time dateTime={hold.expiresAt.toISOString()}>
                  {formatFarmMoment(hold.expiresAt)}
                </time>
              </>
            ) : (
              <>
                {' '}
                bought {hold.quantity}
                {hold.orderId && hold.orderNumber !== null ? (
                  <>
                    , order{' '}
                    <Link to={`/admin/orders/${hold.orderId}`} className={HOLD_LINK}>
                      {formatOrderNumber(hold.orderNumber)}
                    </Link>
                  </>
                ) : null}
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}

/**
 * The entries, a row each. Their links' and buttons' looks are ENTRY_LOOKS, given once around
 * every table of the page rather than again in each of its up to 100 rows.
 */
function EntriesTable({
  group,
  title,
  onRemove,
}: {
  group: WaitingGroup
  title: string
  onRemove: (button: HTMLButtonElement, question: string) => void
}) {
  return (
    <AdminTable caption={`Entries for ${title}`}>
      <thead>
        <tr>
          <th scope="col">Customer</th>
          <th scope="col">Quantity</th>
          <th scope="col">Asked for email</th>
          <th scope="col">Joined</th>
          <th scope="col">Status</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {group.entries.map((entry) => {
          const open = entry.status === 'waiting' || entry.status === 'notified'
          const who = entry.customer_name
          return (
            <tr key={entry.id}>
              <td>
                <Link to={`/admin/customers/${entry.customer_id}`}>{who}</Link>
                <small>{entry.email}</small>
              </td>
              <td>{entry.quantity}</td>
              <td>{entry.notify_by_email ? 'Yes' : 'No'}</td>
              <td>
                <time dateTime={entry.created_at.toISOString()}>
                  {formatFarmDate(entry.created_at, 'medium')}
                </time>
              </td>
              <td>
                {STATUS_LABELS[entry.status] ?? entry.status}
                {entry.notified_at ? (
                  <small>{formatFarmDate(entry.notified_at, 'medium')}</small>
                ) : null}
              </td>
              <td>
                {open ? (
                  <Form method="post">
                    <input type="hidden" name="entryId" value={entry.id} />
                    <button type="submit" name="intent" value="fulfil">
                      Mark Fulfilled<span className="sr-only">{` for ${who}`}</span>
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value="remove"
                      onClick={(event) => {
                        event.preventDefault()
                        onRemove(
                          event.currentTarget,
                          `Take ${who} off the waiting list for ${title}? They are not emailed about it.`,
                        )
                      }}
                    >
                      Remove<span className="sr-only">{` ${who}`}</span>
                    </button>
                  </Form>
                ) : (
                  <span className="text-muted">—</span>
                )}
              </td>
            </tr>
          )
        })}
      </tbody>
    </AdminTable>
  )
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Waiting List' })
