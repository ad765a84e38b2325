import { Form, Link } from 'react-router'
import { handOverStepFor, packStepFor, STEP_LABELS } from '~/orders/order-workflow'
import { WeighForm } from '~/orders/weigh-form'
import { WEIGH_FORM_PREFIX } from '~/orders/weights'
import { AdminPageHeader, AdminPanel, EmptyState } from '~/platform/admin/ui/page'
import type { FormReply } from '~/platform/forms/conform'
import { ButtonLink } from '~/platform/ui/button'
import { FormMessage } from '~/platform/ui/field'
import { TextAnchor } from '~/platform/ui/link'
import { useIsPending } from '~/platform/ui/use-is-pending'
import { BeefSharesSection } from './beef-shares-section'
import {
  collectText,
  deliveryRunOf,
  type FulfilmentGroup,
  mapLink,
  ordersOf,
  type PackOrder,
  type PickLine,
  packLineText,
  packWeightsText,
  pickListOf,
  pickWeightText,
  type ThisWeek,
  unitCount,
} from './this-week'

// A link on a line of its own is a thumb's target (44 px, as the buttons here): a phone number
// or a map link read on a phone at the door, a download in the barn.
const TAP_TARGET = 'inline-flex min-h-11 items-center'

// The farm's day on a phone in the barn: which day, what to pick, what goes in each box, who
// to drive to. Plain links and forms, so it works without JavaScript; one order per block.
//
// A busy day has hundreds of rows here (at 2,000 customers, 49 orders with 110 pick lines:
// 235 KB of HTML). So a list's look is given once, on the list, for every row in it (the
// LOOKS below), rather than again in each of its rows.

const LOOKS = {
  links: '[&_a]:font-semibold [&_a]:text-pasture-800 [&_a]:underline [&_a]:underline-offset-4',
  buttons:
    '[&_button]:inline-flex [&_button]:min-h-11 [&_button]:items-center [&_button]:justify-center [&_button]:rounded-md [&_button]:bg-pasture-700 [&_button]:px-4 [&_button]:py-2 [&_button]:text-sm [&_button]:font-semibold [&_button]:text-white [&_button:hover]:bg-pasture-800 [&_button:disabled]:opacity-60',
  /** a list of blocks, an order or a stop each */
  blocks: 'space-y-3 [&>li]:rounded-md [&>li]:border [&>li]:border-earth-100 [&>li]:p-3',
  /** Item | Unit | Quantity | Expected weight: the numbers to the right */
  pickTable:
    'mt-2 w-full text-left text-sm [&_tr]:border-b [&_tr]:border-earth-100 [&_th]:py-2 [&_th]:pr-2 [&_td]:py-2 [&_td]:pr-2 [&_tbody_th]:font-normal [&_tbody_th]:break-words [&_th:last-child]:pr-0 [&_td:last-child]:pr-0 [&_th:nth-child(n+3)]:text-right [&_td:nth-child(n+3)]:text-right [&_td:nth-child(3)]:font-semibold',
}

export function ThisWeekPage({ week, reply }: { week: ThisWeek; reply: FormReply | undefined }) {
  const exportLink = (list: string) =>
    `/admin/fulfilment/export.csv?list=${list}&day=${encodeURIComponent(week.day)}`
  const pickList = pickListOf(ordersOf(week))
  const deliveryRun = deliveryRunOf(week)
  const pageReply = reply?.form?.startsWith(WEIGH_FORM_PREFIX) ? undefined : reply
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="This week"
        description={
          <>
            What to pick, pack and deliver for <strong>{week.dayLabel}</strong>.
          </>
        }
        actions={
          <>
            <ButtonLink to={`/admin/fulfilment/pack-list?day=${encodeURIComponent(week.day)}`}>
              Print pack list
            </ButtonLink>
            <ButtonLink to="/admin/fulfilment/setup" variant="secondary">
              Pickup places, delivery zones and hours
            </ButtonLink>
          </>
        }
      />
      {/* A weighing form answers beside its order, not here. */}
      {pageReply?.status === 'success' ? (
        <FormMessage tone="success">{pageReply.message}</FormMessage>
      ) : (
        <FormMessage tone="error">{pageReply?.error?.['']?.[0]}</FormMessage>
      )}

      <nav aria-label="Days with orders">
        {week.days.length === 0 ? (
          <p className="text-muted">No pickups or deliveries with orders in the next two weeks.</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {week.days.map((day) => (
              <li key={day.day}>
                <Link
                  to={`/admin/fulfilment?day=${day.day}`}
                  aria-current={day.day === week.day ? 'page' : undefined}
                  className="inline-flex min-h-11 items-center rounded-md border border-earth-100 bg-white px-3 text-sm font-semibold text-pasture-800 aria-[current=page]:border-pasture-700 aria-[current=page]:bg-pasture-50"
                >
                  {`${day.label} (${day.orders} ${day.orders === 1 ? 'order' : 'orders'})`}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </nav>

      <AdminPanel title="Pick list">
        {pickList.length === 0 ? (
          <EmptyState>Nothing to pick for {week.dayLabel}.</EmptyState>
        ) : (
          <>
            <p className="text-sm text-muted">Everything for the day, then per pickup and run.</p>
            <PickTable caption={`Pick list for ${week.dayLabel}`} lines={pickList} />
            {week.groups.length > 1
              ? week.groups.map((group) => (
                  <div key={group.key} className="mt-4">
                    <h3 className="font-semibold text-ink">{group.title}</h3>
                    <PickTable
                      caption={`Pick list: ${group.title}`}
                      lines={pickListOf(group.orders)}
                    />
                  </div>
                ))
              : null}
            <p className="mt-3 text-sm">
              <TextAnchor href={exportLink('pick')} className={TAP_TARGET}>
                Download the pick list (CSV)
              </TextAnchor>
            </p>
          </>
        )}
      </AdminPanel>

      <AdminPanel title="Pack list">
        {week.groups.length === 0 ? (
          <EmptyState>No orders to pack for {week.dayLabel}.</EmptyState>
        ) : (
          <div className="space-y-8">
            {week.groups.map((group) => (
              <PackGroup key={group.key} group={group} day={week.day} reply={reply} />
            ))}
            <p className="text-sm">
              <TextAnchor href={exportLink('pack')} className={TAP_TARGET}>
                Download the pack list (CSV)
              </TextAnchor>
            </p>
          </div>
        )}
      </AdminPanel>

      <BeefSharesSection groups={week.beefShares} dayLabel={week.dayLabel} />

      <AdminPanel title="Delivery run">
        {deliveryRun.length === 0 ? (
          <EmptyState>No deliveries on {week.dayLabel}.</EmptyState>
        ) : (
          <>
            <ol className={`${LOOKS.blocks} ${LOOKS.links}`}>
              {deliveryRun.map((order, index) => (
                <li key={order.id}>
                  <p className="font-semibold text-ink">
                    {`Stop ${index + 1}: ${order.name} `}
                    <Link to={`/admin/orders/${order.id}`}>{order.number}</Link>
                  </p>
                  <p className="break-words">{order.address}</p>
                  <p>
                    <a href={`tel:${order.phone}`} className={TAP_TARGET}>
                      {order.phone}
                    </a>
                    {' · '}
                    <a
                      className={TAP_TARGET}
                      href={mapLink(order.address ?? '')}
                      rel="noopener noreferrer"
                      target="_blank"
                    >
                      Map
                    </a>
                  </p>
                  <p className="text-sm text-muted">
                    {`${unitCount(order)} items · `}
                    <AmountDue order={order} />
                  </p>
                </li>
              ))}
            </ol>
            <p className="mt-3 text-sm">
              <TextAnchor href={exportLink('run')} className={TAP_TARGET}>
                Download the delivery run (CSV)
              </TextAnchor>
            </p>
          </>
        )}
      </AdminPanel>

      {week.undated.length > 0 ? (
        <AdminPanel title="Orders with no day">
          <p className="text-sm text-muted">Parcels to ship, and pickups placed without a time.</p>
          <ul className={`mt-2 space-y-1 ${LOOKS.links}`}>
            {week.undated.map((order) => (
              <li key={order.id}>
                <Link to={`/admin/orders/${order.id}`}>{order.number}</Link>
                {` ${order.name} · ${order.statusLabel}`}
              </li>
            ))}
          </ul>
        </AdminPanel>
      ) : null}
    </div>
  )
}

function PickTable({ caption, lines }: { caption: string; lines: PickLine[] }) {
  return (
    <table className={LOOKS.pickTable}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col">Unit</th>
          <th scope="col">Quantity</th>
          <th scope="col">Expected weight</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={`${line.name}|${line.unit}|${line.centiLb === null}`}>
            <th scope="row">{line.name}</th>
            <td>{line.unit ?? ''}</td>
            <td>{line.quantity}</td>
            <td>{pickWeightText(line)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function AmountDue({ order }: { order: PackOrder }) {
  return <span>{collectText(order)}</span>
}

function PackGroup({
  group,
  day,
  reply,
}: {
  group: FulfilmentGroup
  day: string
  reply: FormReply | undefined
}) {
  const busy = useIsPending()
  const packable = group.orders.filter((order) => !order.packed)
  return (
    <section aria-labelledby={`group-${group.key}`} className={LOOKS.buttons}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={`group-${group.key}`} className="font-display text-lg font-bold text-ink">
          {`${group.title} (${group.orders.length})`}
        </h3>
        {packable.length > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="pack-all" />
            <input type="hidden" name="day" value={day} />
            {packable.map((order) => (
              <input key={order.id} type="hidden" name="orderId" value={order.id} />
            ))}
            <button type="submit" disabled={busy}>
              Mark all packed
            </button>
          </Form>
        ) : null}
      </div>
      <ul className={`mt-3 ${LOOKS.blocks} ${LOOKS.links}`}>
        {group.orders.map((order) => (
          <PackBlock key={order.id} order={order} busy={busy} reply={reply} />
        ))}
      </ul>
    </section>
  )
}

function PackBlock({
  order,
  busy,
  reply,
}: {
  order: PackOrder
  busy: boolean
  reply: FormReply | undefined
}) {
  const packStep = order.packed ? null : packStepFor(order.shippingMethod)
  const handOver = handOverStepFor(order)
  return (
    <li>
      <div className="flex flex-wrap justify-between gap-2">
        <p className="font-semibold text-ink">
          <Link to={`/admin/orders/${order.id}`}>{order.number}</Link>
          {` ${order.name}`}
        </p>
        <p className="text-sm">{`${order.statusLabel}${order.packed ? ' · Packed' : ''}`}</p>
      </div>
      <p className="text-sm">
        <a href={`tel:${order.phone}`} className={TAP_TARGET}>
          {order.phone}
        </a>
      </p>
      <ul className="mt-2 list-disc pl-5">
        {order.items.map((item) => (
          <li key={`${item.name}|${item.unit}`}>
            <span>{packLineText(item)}</span>
            {packWeightsText(item) ? (
              <span className="block text-sm text-muted">{packWeightsText(item)}</span>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="mt-2 font-semibold text-ink">
        <AmountDue order={order} />
      </p>
      {order.address ? (
        <p className="text-sm break-words">{`Deliver to: ${order.address}`}</p>
      ) : null}
      {order.notes ? <p className="text-sm text-muted">{order.notes}</p> : null}
      {order.weighing ? (
        <WeighForm view={order.weighing} reply={reply} orderNumber={order.number} busy={busy} />
      ) : null}
      {packStep || handOver ? (
        // One form, the step in the button pressed.
        <Form method="post" className="mt-3 flex flex-wrap gap-2">
          <input type="hidden" name="orderId" value={order.id} />
          {packStep ? (
            <button
              type="submit"
              name="intent"
              value="pack"
              disabled={busy}
              aria-label={`Mark ${order.number} packed`}
            >
              Mark packed
            </button>
          ) : null}
          {handOver ? (
            <button
              type="submit"
              name="intent"
              value="hand-over"
              disabled={busy}
              aria-label={`${STEP_LABELS[handOver]}: ${order.number}`}
            >
              {STEP_LABELS[handOver]}
            </button>
          ) : null}
        </Form>
      ) : null}
    </li>
  )
}
