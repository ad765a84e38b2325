import { Link } from 'react-router'
import { requireUser } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { getDb } from '~/platform/db/db.server'
import { Heading } from '~/platform/ui/heading'
import { TextLink } from '~/platform/ui/link'
import { SubscriptionFacts, subscriptionTitle } from '~/subscriptions/subscription-facts'
import { listCustomerSubscriptions } from '~/subscriptions/subscription-view.server'
import type { Route } from './+types/subscriptions'

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request)
  return { subscriptions: await listCustomerSubscriptions(getDb(), user.id, new Date()) }
}

export default function Subscriptions({ loaderData }: Route.ComponentProps) {
  const { subscriptions } = loaderData
  return (
    <div className="space-y-6">
      <Heading level={1}>Subscriptions</Heading>
      {subscriptions.length === 0 ? (
        <div className="rounded-lg border border-earth-100 bg-white p-6">
          <p className="text-ink">
            You have no subscriptions. Choose Subscribe on a vegetable box or eggs in the shop to
            have them every week, every 2 weeks or every month.
          </p>
          <Link
            to="/shop"
            className="mt-4 inline-block rounded-md bg-pasture-700 px-5 py-2.5 font-semibold text-white hover:bg-pasture-800"
          >
            Browse Products
          </Link>
        </div>
      ) : (
        <ul className="space-y-4">
          {subscriptions.map((subscription) => (
            <li key={subscription.id} className="rounded-lg border border-earth-100 bg-white p-5">
              <div className="flex flex-wrap items-baseline justify-between gap-3">
                <h2 className="font-display text-lg font-bold text-ink">
                  <Link
                    to={`/account/subscriptions/${subscription.id}`}
                    className="hover:underline hover:underline-offset-4"
                  >
                    {subscriptionTitle(subscription)}
                  </Link>
                </h2>
                <span className="rounded-full bg-pasture-50 px-3 py-1 text-sm font-semibold text-pasture-800">
                  {subscription.statusLabel}
                </span>
              </div>
              <SubscriptionFacts subscription={subscription} />
              <TextLink
                to={`/account/subscriptions/${subscription.id}`}
                className="mt-4 inline-block"
              >
                Manage<span className="sr-only"> {subscriptionTitle(subscription)}</span>
              </TextLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Subscriptions' })
