import { formatDay } from '~/platform/farm-clock'

// A subscription's facts as the list and the detail page both show them: what is in the box,
// how often, where and when, and the next box with its cut-off.

export type SubscriptionFactsData = {
  frequencyLabel: string
  where: string
  status: string
  nextDate: string
  nextDateText: string
  changeBy: string | null
  closed: string | null
  pausedUntil: string | null
  items: ReadonlyArray<{ id: string; name: string; quantity: number }>
}

/** "Weekly: Vegetable Box, Eggs (Dozen)" */
export function subscriptionTitle(subscription: SubscriptionFactsData): string {
  return `${subscription.frequencyLabel}: ${subscription.items.map((item) => item.name).join(', ')}`
}

export function SubscriptionFacts({ subscription }: { subscription: SubscriptionFactsData }) {
  const live = subscription.status !== 'cancelled'
  return (
    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-muted">Items</dt>
      <dd className="text-ink">
        <ul>
          {subscription.items.map((item) => (
            <li key={item.id}>
              {item.quantity} × {item.name}
            </li>
          ))}
        </ul>
      </dd>
      <dt className="text-muted">How often</dt>
      <dd className="text-ink">{subscription.frequencyLabel}</dd>
      <dt className="text-muted">Pickup or delivery</dt>
      <dd className="text-ink">{subscription.where}</dd>
      {subscription.status === 'paused' && subscription.pausedUntil ? (
        <>
          <dt className="text-muted">Paused until</dt>
          <dd className="text-ink">{formatDay(subscription.pausedUntil)}</dd>
        </>
      ) : null}
      {live && subscription.status !== 'paused' ? (
        <>
          <dt className="text-muted">Next box</dt>
          <dd className="text-ink">
            <time dateTime={subscription.nextDate}>{subscription.nextDateText}</time>
            {subscription.changeBy ? (
              <span className="block font-semibold text-pasture-800">{subscription.changeBy}</span>
            ) : null}
            {subscription.closed ? (
              <span className="block text-muted">{subscription.closed}</span>
            ) : null}
          </dd>
        </>
      ) : null}
    </dl>
  )
}
