import { data, Form, Link } from 'react-router'
import { z } from 'zod'
import { pageRequest } from '~/admin/pagination'
import { AdminPageHeader, AdminTable, EmptyState } from '~/admin/ui/admin-page'
import { ConfirmSubmitButton } from '~/admin/ui/confirm-submit'
import { Pagination } from '~/admin/ui/pagination'
import { requireAdmin } from '~/auth/guards.server'
import {
  changeWaitingEntry,
  listWaitingGroups,
  notifyGroupNow,
  type WaitingGroup,
  type WaitingListFilter,
  waitingListFilter,
} from '~/catalog/admin-waiting-list.server'
import { FormMessage, secondaryButtonClass } from '~/components/ui/field'
import { SelectField } from '~/components/ui/select-field'
import { pageMeta } from '~/content/meta'
import { getDb } from '~/db/db.server'
import { parseForm, readForm } from '~/http/form-data'
import { formatFarmDate } from '~/platform/farm-clock'
import type { Route } from './+types/waiting-list'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const url = new URL(request.url)
  const filter = waitingListFilter(url)
  return { filter, ...(await listWaitingGroups(getDb(), filter, pageRequest(url))) }
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

type ActionResult = { ok: boolean; message: string }

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const parsed = parseForm(ActionSchema, await readForm(request))
  if (!parsed.ok) {
    return data<ActionResult>({ ok: false, message: 'That change could not be made.' }, 400)
  }
  const db = getDb()
  const input = parsed.data
  if (input.intent === 'notify') {
    const notified = await notifyGroupNow(db, admin.id, input)
    return data<ActionResult>({
      ok: true,
      message:
        notified === 0
          ? 'Nobody to email: everyone who asked has been told already.'
          : `${notified} ${notified === 1 ? 'customer was' : 'customers were'} emailed.`,
    })
  }
  const to = input.intent === 'fulfil' ? 'fulfilled' : 'removed'
  const changed = await changeWaitingEntry(db, admin.id, input.entryId, to)
  return changed
    ? data<ActionResult>({
        ok: true,
        message: to === 'fulfilled' ? 'Entry marked fulfilled.' : 'Entry removed.',
      })
    : data<ActionResult>(
        { ok: false, message: 'That entry was not found, or it is already closed.' },
        404,
      )
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

export default function AdminWaitingList({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, groups, info } = loaderData
  return (
    <>
      <AdminPageHeader
        title="Waiting List"
        description="What customers are waiting for, most wanted first. Customers who asked are emailed once when stock comes back."
      />
      <Form
        method="get"
        className="mb-6 flex flex-wrap items-end gap-3 rounded-lg border border-earth-100 bg-white p-4"
      >
        <SelectField
          label="Show entries"
          name="status"
          options={Object.entries(FILTER_LABELS).map(([value, label]) => ({ value, label }))}
          defaultValue={filter}
        />
        <button type="submit" className={secondaryButtonClass}>
          Show
        </button>
      </Form>
      {actionData ? (
        <div className="mb-4">
          <FormMessage tone={actionData.ok ? 'success' : 'error'}>{actionData.message}</FormMessage>
        </div>
      ) : null}
      {groups.length === 0 ? (
        <EmptyState>No {FILTER_LABELS[filter].toLowerCase()} entries.</EmptyState>
      ) : (
        <ul className="space-y-4">
          {groups.map((group) => (
            <GroupCard key={`${group.productId}|${group.variantId ?? ''}`} group={group} />
          ))}
        </ul>
      )}
      <Pagination info={info} label="Waiting list" />
    </>
  )
}

function GroupCard({ group }: { group: WaitingGroup }) {
  const title = group.variantName
    ? `${group.productName} — ${group.variantName}`
    : group.productName
  return (
    <li className="rounded-lg border border-earth-100 bg-white p-5">
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
            <dt className="text-muted">To email</dt>
            <dd className="font-semibold text-ink">{group.toNotify}</dd>
          </dl>
        </div>
        {group.toNotify > 0 && !group.archived ? (
          <Form method="post">
            <input type="hidden" name="intent" value="notify" />
            <input type="hidden" name="productId" value={group.productId} />
            <input type="hidden" name="variantId" value={group.variantId ?? ''} />
            <button type="submit" className={secondaryButtonClass}>
              Notify Now<span className="sr-only"> about {title}</span>
            </button>
          </Form>
        ) : null}
      </div>
      <details className="mt-4">
        <summary className="cursor-pointer font-semibold text-pasture-800">
          See {group.entries.length} {group.entries.length === 1 ? 'entry' : 'entries'}
          <span className="sr-only"> for {title}</span>
        </summary>
        <div className="mt-3">
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
                return (
                  <tr key={entry.id}>
                    <td>
                      <Link
                        to={`/admin/customers/${entry.customer_id}`}
                        className="font-semibold underline underline-offset-2"
                      >
                        {entry.customer_name}
                      </Link>
                      <div className="text-xs text-muted">{entry.email}</div>
                    </td>
                    <td>{entry.quantity}</td>
                    <td>{entry.notify_by_email ? 'Yes' : 'No'}</td>
                    <td className="whitespace-nowrap">
                      <time dateTime={entry.created_at.toISOString()}>
                        {formatFarmDate(entry.created_at, 'medium')}
                      </time>
                    </td>
                    <td>
                      {STATUS_LABELS[entry.status] ?? entry.status}
                      {entry.notified_at ? (
                        <div className="text-xs text-muted">
                          {formatFarmDate(entry.notified_at, 'medium')}
                        </div>
                      ) : null}
                    </td>
                    <td>
                      {open ? (
                        <Form method="post" className="flex flex-wrap gap-3">
                          <input type="hidden" name="entryId" value={entry.id} />
                          <button
                            type="submit"
                            name="intent"
                            value="fulfil"
                            className="text-sm font-semibold text-pasture-800 underline underline-offset-2"
                          >
                            Mark Fulfilled
                            <span className="sr-only"> for {entry.customer_name}</span>
                          </button>
                          <ConfirmSubmitButton
                            name="intent"
                            value="remove"
                            title="Remove this entry?"
                            question={`Take ${entry.customer_name} off the waiting list for ${title}? They are not emailed about it.`}
                            confirmLabel="Remove Entry"
                            className="text-sm font-semibold text-red-800 underline underline-offset-2"
                          >
                            Remove<span className="sr-only"> {entry.customer_name}</span>
                          </ConfirmSubmitButton>
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
        </div>
      </details>
    </li>
  )
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Waiting List' })
