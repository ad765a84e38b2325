import { Form, Link } from 'react-router'
import { formatOrderNumber } from '~/orders/place-order'
import { AdminList, type Column } from '~/platform/admin/ui/list'
import { formatFarmDate, formatFarmMoment } from '~/platform/farm-clock'
import { Button } from '~/platform/ui/button'
import { TextLink } from '~/platform/ui/link'
import type { GroupHold } from './group-holds.server'
import type { GroupKey, WaitingGroup, WaitingListFilter } from './waiting-list.server'

// One group of the waiting list page: the product or option waited for, its holds, and its
// entries with their buttons.

const STATUS_LABELS: Record<string, string> = {
  waiting: 'Waiting',
  notified: 'Emailed',
  fulfilled: 'Fulfilled',
  removed: 'Removed by the farm',
  cancelled: 'Cancelled by the customer',
}

/** The list's address for a filter, and for one group when given. */
export function listHref(filter: WaitingListFilter, key?: GroupKey) {
  const params = new URLSearchParams()
  if (key) {
    params.set('product', key.productId)
    params.set('variant', key.variantId ?? '')
  }
  if (filter !== 'waiting') params.set('status', filter)
  const query = params.toString()
  return `/admin/waiting-list${query ? `?${query}` : ''}`
}

export const groupTitle = (group: WaitingGroup) =>
  group.variantName ? `${group.productName} — ${group.variantName}` : group.productName

/**
 * A product or option and who waits for it. On the whole list its first entries fold away
 * under "See N entries", with a link to the rest; on its own view (`whole`) they are open,
 * a page at a time.
 */
export function GroupCard({
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
                <TextLink to={listHref(filter, group)}>
                  Show all {group.entryCount}
                  <span className="sr-only"> entries for {title}</span>
                </TextLink>
              </p>
            ) : null}
          </div>
        </details>
      )}
    </Card>
  )
}

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
            <TextLink to={`/admin/customers/${hold.customerId}`}>{hold.customerName}</TextLink>
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
                    <TextLink to={`/admin/orders/${hold.orderId}`}>
                      {formatOrderNumber(hold.orderNumber)}
                    </TextLink>
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

type Entry = WaitingGroup['entries'][number]

/**
 * The entries, a row each (cards on a phone). Their links' and buttons' looks are ENTRY_LOOKS,
 * given once around every list of the page rather than again in each of its up to 100 rows.
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
  const columns: Column<Entry>[] = [
    {
      header: 'Customer',
      cell: (entry) => (
        <>
          <Link to={`/admin/customers/${entry.customer_id}`}>{entry.customer_name}</Link>
          <small>{entry.email}</small>
        </>
      ),
    },
    { header: 'Quantity', cell: (entry) => entry.quantity },
    { header: 'Asked for email', cell: (entry) => (entry.notify_by_email ? 'Yes' : 'No') },
    {
      header: 'Joined',
      cell: (entry) => (
        <time dateTime={entry.created_at.toISOString()}>
          {formatFarmDate(entry.created_at, 'medium')}
        </time>
      ),
    },
    {
      header: 'Status',
      cell: (entry) => (
        <>
          {STATUS_LABELS[entry.status] ?? entry.status}
          {entry.notified_at ? <small>{formatFarmDate(entry.notified_at, 'medium')}</small> : null}
        </>
      ),
    },
    {
      header: 'Actions',
      cell: (entry) => <EntryActions entry={entry} title={title} onRemove={onRemove} />,
    },
  ]
  return (
    <AdminList
      caption={`Entries for ${title}`}
      rows={group.entries}
      rowKey={(entry) => entry.id}
      columns={columns}
    />
  )
}

function EntryActions({
  entry,
  title,
  onRemove,
}: {
  entry: Entry
  title: string
  onRemove: (button: HTMLButtonElement, question: string) => void
}) {
  if (entry.status !== 'waiting' && entry.status !== 'notified') {
    return <span className="text-muted">—</span>
  }
  const who = entry.customer_name
  return (
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
  )
}
