import { Form, Link, useNavigation } from 'react-router'
import { AdminPageHeader, AdminPanel, EmptyState } from '~/admin/ui/admin-page'
import { adminLinkClass } from '~/admin/ui/filter-tabs'
import { Price } from '~/components/price'
import { FormMessage, primaryButtonClass, secondaryButtonClass } from '~/components/ui/field'
import { handOverStepFor, packStepFor, STEP_LABELS } from '~/orders/order-workflow'
import type { FulfilmentGroup, PackOrder, PickLine, ThisWeek } from './this-week.server'

// The farm's day on a phone in the barn: which day, what to pick, what goes in each box, who
// to drive to. Plain links and forms, so it works without JavaScript; one order per block.

export type ThisWeekResult = { ok: boolean; message: string } | undefined

const smallButton =
  'inline-flex min-h-11 items-center justify-center rounded-md bg-pasture-700 px-4 py-2 text-sm font-semibold text-white hover:bg-pasture-800 disabled:opacity-60'

export function ThisWeekPage({ week, result }: { week: ThisWeek; result: ThisWeekResult }) {
  const exportLink = (list: string) =>
    `/admin/fulfilment/export.csv?list=${list}&day=${encodeURIComponent(week.day)}`
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
            <Link
              to={`/admin/fulfilment/pack-list?day=${encodeURIComponent(week.day)}`}
              className={primaryButtonClass}
            >
              Print pack list
            </Link>
            <Link to="/admin/fulfilment/setup" className={secondaryButtonClass}>
              Pickup places, delivery zones and hours
            </Link>
          </>
        }
      />
      {result ? (
        <FormMessage tone={result.ok ? 'success' : 'error'}>{result.message}</FormMessage>
      ) : null}

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
                  className="inline-block rounded-md border border-earth-100 bg-white px-3 py-2 text-sm font-semibold text-pasture-800 aria-[current=page]:border-pasture-700 aria-[current=page]:bg-pasture-50"
                >
                  {day.label} ({day.orders} {day.orders === 1 ? 'order' : 'orders'})
                </Link>
              </li>
            ))}
          </ul>
        )}
      </nav>

      <AdminPanel title="Pick list">
        {week.pickList.length === 0 ? (
          <EmptyState>Nothing to pick for {week.dayLabel}.</EmptyState>
        ) : (
          <>
            <p className="text-sm text-muted">Everything for the day, then per pickup and run.</p>
            <PickTable caption={`Pick list for ${week.dayLabel}`} lines={week.pickList} />
            {week.groups.length > 1
              ? week.groups.map((group) => (
                  <div key={group.key} className="mt-4">
                    <h3 className="font-semibold text-ink">{group.title}</h3>
                    <PickTable caption={`Pick list: ${group.title}`} lines={group.pickList} />
                  </div>
                ))
              : null}
            <p className="mt-3 text-sm">
              <a href={exportLink('pick')} className={adminLinkClass}>
                Download the pick list (CSV)
              </a>
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
              <PackGroup key={group.key} group={group} day={week.day} />
            ))}
            <p className="text-sm">
              <a href={exportLink('pack')} className={adminLinkClass}>
                Download the pack list (CSV)
              </a>
            </p>
          </div>
        )}
      </AdminPanel>

      <AdminPanel title="Delivery run">
        {week.deliveryRun.length === 0 ? (
          <EmptyState>No deliveries on {week.dayLabel}.</EmptyState>
        ) : (
          <>
            <ol className="space-y-3">
              {week.deliveryRun.map((order, index) => (
                <li key={order.id} className="rounded-md border border-earth-100 p-3">
                  <p className="font-semibold text-ink">
                    Stop {index + 1}: {order.name}{' '}
                    <Link to={`/admin/orders/${order.id}`} className={adminLinkClass}>
                      {order.number}
                    </Link>
                  </p>
                  <p className="break-words">{order.address}</p>
                  <p>
                    <a href={`tel:${order.phone}`} className={adminLinkClass}>
                      {order.phone}
                    </a>
                    {' · '}
                    <a
                      href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(order.address ?? '')}`}
                      className={adminLinkClass}
                      rel="noopener noreferrer"
                      target="_blank"
                    >
                      Map
                    </a>
                  </p>
                  <p className="text-sm text-muted">
                    {order.items.reduce((sum, item) => sum + item.quantity, 0)} items ·{' '}
                    <AmountDue order={order} />
                  </p>
                </li>
              ))}
            </ol>
            <p className="mt-3 text-sm">
              <a href={exportLink('run')} className={adminLinkClass}>
                Download the delivery run (CSV)
              </a>
            </p>
          </>
        )}
      </AdminPanel>

      {week.undated.length > 0 ? (
        <AdminPanel title="Orders with no day">
          <p className="text-sm text-muted">Parcels to ship, and pickups placed without a time.</p>
          <ul className="mt-2 space-y-1">
            {week.undated.map((order) => (
              <li key={order.id}>
                <Link to={`/admin/orders/${order.id}`} className={adminLinkClass}>
                  {order.number}
                </Link>{' '}
                {order.name} · {order.statusLabel}
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
    <table className="mt-2 w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-earth-100">
          <th scope="col" className="py-2 pr-2">
            Item
          </th>
          <th scope="col" className="py-2 pr-2">
            Unit
          </th>
          <th scope="col" className="py-2 text-right">
            Quantity
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={`${line.name}|${line.unit}`} className="border-b border-earth-100">
            <th scope="row" className="py-2 pr-2 font-normal break-words">
              {line.name}
            </th>
            <td className="py-2 pr-2">{line.unit ?? ''}</td>
            <td className="py-2 text-right font-semibold">{line.quantity}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function AmountDue({ order }: { order: PackOrder }) {
  return order.dueCents > 0 ? (
    <span>
      To collect: <Price cents={order.dueCents} />
    </span>
  ) : (
    <span>Paid</span>
  )
}

function PackGroup({ group, day }: { group: FulfilmentGroup; day: string }) {
  const busy = useNavigation().state !== 'idle'
  const packable = group.orders.filter((order) => !order.packed)
  return (
    <section aria-labelledby={`group-${group.key}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={`group-${group.key}`} className="font-display text-lg font-bold text-ink">
          {group.title} ({group.orders.length})
        </h3>
        {packable.length > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="pack-all" />
            <input type="hidden" name="day" value={day} />
            {packable.map((order) => (
              <input key={order.id} type="hidden" name="orderId" value={order.id} />
            ))}
            <button type="submit" className={smallButton} disabled={busy}>
              Mark all packed
            </button>
          </Form>
        ) : null}
      </div>
      <ul className="mt-3 space-y-3">
        {group.orders.map((order) => (
          <PackBlock key={order.id} order={order} busy={busy} />
        ))}
      </ul>
    </section>
  )
}

function PackBlock({ order, busy }: { order: PackOrder; busy: boolean }) {
  const packStep = order.packed ? null : packStepFor(order.shippingMethod)
  const handOver = handOverStepFor({ ...order, status: order.status })
  return (
    <li className="rounded-md border border-earth-100 p-3">
      <div className="flex flex-wrap justify-between gap-2">
        <p className="font-semibold text-ink">
          <Link to={`/admin/orders/${order.id}`} className={adminLinkClass}>
            {order.number}
          </Link>{' '}
          {order.name}
        </p>
        <p className="text-sm">
          {order.statusLabel}
          {order.packed ? ' · Packed' : ''}
        </p>
      </div>
      <p className="text-sm">
        <a href={`tel:${order.phone}`} className={adminLinkClass}>
          {order.phone}
        </a>
      </p>
      <ul className="mt-2 list-disc pl-5">
        {order.items.map((item) => (
          <li key={`${item.name}|${item.unit}`}>
            {item.quantity} × {item.name}
            {item.unit ? `, ${item.unit}` : ''}
          </li>
        ))}
      </ul>
      <p className="mt-2 font-semibold text-ink">
        <AmountDue order={order} />
      </p>
      {order.address ? <p className="text-sm break-words">Deliver to: {order.address}</p> : null}
      {order.notes ? <p className="text-sm text-muted">{order.notes}</p> : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {packStep ? (
          <Form method="post">
            <input type="hidden" name="intent" value="pack" />
            <input type="hidden" name="orderId" value={order.id} />
            <button
              type="submit"
              className={smallButton}
              disabled={busy}
              aria-label={`Mark ${order.number} packed`}
            >
              Mark packed
            </button>
          </Form>
        ) : null}
        {handOver ? (
          <Form method="post">
            <input type="hidden" name="intent" value="hand-over" />
            <input type="hidden" name="orderId" value={order.id} />
            <button
              type="submit"
              className={smallButton}
              disabled={busy}
              aria-label={`${STEP_LABELS[handOver]}: ${order.number}`}
            >
              {STEP_LABELS[handOver]}
            </button>
          </Form>
        ) : null}
      </div>
    </li>
  )
}
