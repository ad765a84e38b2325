import { data } from 'react-router'
import { requireAdmin } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { FarmTime } from '~/platform/admin/ui/farm-time'
import { AdminPageHeader, AdminPanel, AdminTable, EmptyState } from '~/platform/admin/ui/page'
import { getDb } from '~/platform/db/db.server'
import { formatFarmMoment } from '~/platform/farm-clock'
import { TextLink } from '~/platform/ui/link'
import { Price } from '~/platform/ui/price'
import { getAdminSubscription } from '~/subscriptions/admin/subscription-detail.server'
import type { Route } from './+types/subscriptions-detail'

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const subscription = await getAdminSubscription(getDb(), params.id)
  if (!subscription) throw data(null, { status: 404 })
  return { subscription }
}

export default function AdminSubscription({ loaderData }: Route.ComponentProps) {
  const { subscription: s } = loaderData
  const open = s.status !== 'cancelled'
  return (
    <>
      <TextLink to="/admin/subscriptions">Back to Subscriptions</TextLink>
      <div className="mt-4">
        <AdminPageHeader
          title={`${s.customer.name || s.customer.email}: ${s.frequencyLabel}`}
          description={`${s.statusLabel}. ${s.where}.`}
        />
      </div>
      <div className="space-y-6">
        <AdminPanel title="Next box">
          {open ? (
            <p className="text-ink">
              <strong>{s.nextDateLabel}</strong>. The customer can change or skip it until{' '}
              <strong>{formatFarmMoment(s.cutoffAt)}</strong>; then the shop makes its order.
              {s.pausedUntilLabel ? ` Paused until ${s.pausedUntilLabel}.` : ''}
            </p>
          ) : (
            <p className="text-ink">
              Cancelled
              {s.cancelledAt ? (
                <>
                  {' '}
                  on <FarmTime date={s.cancelledAt} withTime={false} />
                </>
              ) : null}
              : no more boxes.
            </p>
          )}
        </AdminPanel>

        <AdminPanel title="In each box">
          <ul className="divide-y divide-earth-100">
            {s.items.map((item) => (
              <li
                key={`${item.productId}:${item.variantId ?? ''}`}
                className="flex flex-wrap justify-between gap-2 py-2"
              >
                <span className="text-ink">
                  {item.quantity} × {item.name}
                  {item.variant ? ` (${item.variant})` : ''}
                </span>
                <span className="text-muted">
                  <Price cents={item.subscriberCents} unit={item.unit} /> for subscribers
                  {item.subscriberCents < item.unitCents ? (
                    <>
                      {' '}
                      (<Price cents={item.unitCents} /> one time)
                    </>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
          <p className="mt-3 font-semibold text-ink">
            Box at today's prices: <Price cents={s.boxCents} /> before tax and delivery
          </p>
        </AdminPanel>

        <AdminPanel title="Customer">
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="font-semibold">Name</dt>
            <dd>
              <TextLink to={`/admin/customers/${s.customer.id}`}>
                {s.customer.name || s.customer.email}
              </TextLink>
            </dd>
            <dt className="font-semibold">Email</dt>
            <dd className="wrap-anywhere">{s.customer.email}</dd>
            <dt className="font-semibold">Phone</dt>
            <dd>{s.customer.phone}</dd>
            <dt className="font-semibold">Pickup or delivery</dt>
            <dd>{s.where}</dd>
            {s.address.length > 0 ? (
              <>
                <dt className="font-semibold">Address</dt>
                <dd>
                  {s.address.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </dd>
              </>
            ) : null}
            <dt className="font-semibold">Payment</dt>
            <dd>{s.paymentLabel}</dd>
            <dt className="font-semibold">Started</dt>
            <dd>
              <FarmTime date={s.createdAt} withTime={false} />
              {s.firstOrder ? (
                <>
                  {' '}
                  with order{' '}
                  <TextLink to={`/admin/orders/${s.firstOrder.id}`}>{s.firstOrder.number}</TextLink>
                </>
              ) : null}
            </dd>
          </dl>
        </AdminPanel>

        <section aria-labelledby="boxes-so-far" className="space-y-3">
          <h2 id="boxes-so-far" className="font-display text-lg font-bold text-ink">
            Boxes so far
          </h2>
          {s.cycles.length === 0 ? (
            <EmptyState>No box has been made or skipped yet.</EmptyState>
          ) : (
            <AdminTable caption="Boxes so far, newest first">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Box</th>
                  <th scope="col">Order</th>
                  <th scope="col">Payment</th>
                </tr>
              </thead>
              <tbody>
                {s.cycles.map((cycle) => (
                  <tr key={cycle.id}>
                    <td className="whitespace-nowrap">{cycle.dateLabel}</td>
                    <td>
                      {cycle.statusLabel}
                      {cycle.message ? (
                        <span className="block text-muted">{cycle.message}</span>
                      ) : null}
                    </td>
                    <td>
                      {cycle.order ? (
                        <>
                          <TextLink to={`/admin/orders/${cycle.order.id}`}>
                            {cycle.order.number}
                          </TextLink>
                          <span className="block text-muted">
                            {cycle.order.statusLabel}, <Price cents={cycle.order.totalCents} />
                          </span>
                        </>
                      ) : (
                        'None'
                      )}
                    </td>
                    <td>
                      {cycle.chargeLabel ?? 'None'}
                      {cycle.retryAt ? (
                        <span className="block text-muted">
                          Retry {formatFarmMoment(cycle.retryAt)}
                        </span>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </AdminTable>
          )}
        </section>
      </div>
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData
      ? `${loaderData.subscription.customer.name} · Subscriptions`
      : 'Subscription Not Found',
  })
