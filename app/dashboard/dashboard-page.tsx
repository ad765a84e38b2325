import { Link } from 'react-router'
import { LOW_STOCK_THRESHOLD } from '~/catalog/stock'
import type { DayCount } from '~/fulfilment/admin/this-week'
import { orderStatusLabel } from '~/orders/words'
import { AdminPanel, EmptyState } from '~/platform/admin/ui/page'
import { formatFarmDate } from '~/platform/farm-clock'
import { Heading } from '~/platform/ui/heading'
import { TextLink } from '~/platform/ui/link'
import { Price } from '~/platform/ui/price'
import type { SubscriptionDashboard } from '~/subscriptions/admin/coming-boxes.server'
import type { Dashboard } from './dashboard.server'

// Admin's front page: the next day to pack, sales, subscriptions, orders waiting, messages,
// stock running out and waiting-list demand.
export function DashboardPage({
  firstName,
  nextDay,
  subscriptions,
  sales,
  waiting,
  outOfStock,
  lowStock,
  waitingList,
  unreadMessages,
}: Dashboard & {
  firstName: string
  nextDay: DayCount | null
  subscriptions: SubscriptionDashboard
}) {
  const periods = [
    { label: 'Today', hint: null, ...sales.today },
    {
      label: 'This week',
      hint: `since Monday, ${formatFarmDate(sales.week.since, 'medium')}`,
      ...sales.week,
    },
    {
      label: 'This month',
      hint: `since ${formatFarmDate(sales.month.since, 'medium')}`,
      ...sales.month,
    },
  ]
  return (
    <div className="space-y-6">
      <header>
        {/* The page's one h1; tests look for exactly this text. */}
        <Heading level={1} size="small" className="sm:text-3xl">
          Admin Dashboard
        </Heading>
        <p className="mt-1 text-muted">Welcome, {firstName}. Here is what needs you.</p>
      </header>

      <AdminPanel title="Pickups and deliveries">
        {nextDay ? (
          <p className="text-ink">
            Next: <strong>{nextDay.label}</strong>, {nextDay.orders}{' '}
            {nextDay.orders === 1 ? 'order' : 'orders'} to pack.{' '}
            <TextLink to={`/admin/fulfilment?day=${nextDay.day}`}>Open This week</TextLink>
          </p>
        ) : (
          <p className="text-ink">
            No pickups or deliveries ahead.{' '}
            <TextLink to="/admin/fulfilment">Open This week</TextLink>
          </p>
        )}
      </AdminPanel>

      <AdminPanel title="Sales">
        <dl className="grid gap-4 sm:grid-cols-3">
          {periods.map((period) => (
            <div key={period.label} className="rounded-md bg-earth-50 p-4">
              <dt className="text-sm font-semibold text-muted">
                {period.label}
                {period.hint ? <span className="block font-normal">{period.hint}</span> : null}
              </dt>
              <dd className="mt-1 text-2xl font-bold text-ink">
                <Price cents={period.cents} />
              </dd>
              <dd className="text-sm text-muted">
                {period.orders} {period.orders === 1 ? 'order' : 'orders'}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm text-muted">
          Sales count every order placed in the period that was not cancelled, including orders
          still waiting for payment, on the farm's clock (Mountain Time).
        </p>
      </AdminPanel>

      <SubscriptionsPanel {...subscriptions} />

      <div className="grid gap-6 md:grid-cols-2">
        <AdminPanel title="Orders Waiting for Action">
          <ul className="space-y-2">
            {waiting.map((row) => (
              <li key={row.status} className="flex items-baseline justify-between gap-3">
                <TextLink to={`/admin/orders?status=${row.status}`}>
                  {orderStatusLabel(row.status)}
                </TextLink>
                <span className="font-semibold text-ink">{row.count}</span>
              </li>
            ))}
          </ul>
        </AdminPanel>

        <AdminPanel title="Messages">
          <p className="text-ink">
            <TextLink to="/admin/messages?status=unread">
              {unreadMessages === 1 ? '1 unread message' : `${unreadMessages} unread messages`}
            </TextLink>
          </p>
        </AdminPanel>

        <AdminPanel title="Out of Stock">
          <StockList
            count={outOfStock.count}
            products={outOfStock.products}
            href="/admin/products?stock=out"
            noun="out of stock"
            empty="Every product is in stock."
          />
        </AdminPanel>

        <AdminPanel title="Low Stock">
          <StockList
            count={lowStock.count}
            products={lowStock.products}
            href="/admin/products?stock=low"
            noun={`with fewer than ${LOW_STOCK_THRESHOLD} left`}
            empty={`No product is down to fewer than ${LOW_STOCK_THRESHOLD}.`}
          />
        </AdminPanel>
      </div>

      <AdminPanel title="Waiting List Demand">
        {waitingList.length === 0 ? (
          <EmptyState>Nobody is waiting for a product.</EmptyState>
        ) : (
          <ul className="divide-y divide-earth-100">
            {waitingList.map((row) => (
              <li key={row.productId} className="flex flex-wrap justify-between gap-2 py-2">
                <span className="font-semibold text-ink">{row.name}</span>
                <span className="text-muted">
                  {row.quantity} wanted by {row.people} {row.people === 1 ? 'person' : 'people'}
                </span>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-3">
          <TextLink to="/admin/waiting-list">See the whole waiting list</TextLink>
        </p>
      </AdminPanel>
    </div>
  )
}

function SubscriptionsPanel({
  activeSubscribers,
  activeSubscriptions,
  boxesThisWeek,
  monthlyRevenueCents,
}: SubscriptionDashboard) {
  const figures = [
    {
      label: 'Active subscribers',
      value: activeSubscribers,
      hint: `${activeSubscriptions} ${activeSubscriptions === 1 ? 'subscription' : 'subscriptions'}`,
    },
    { label: 'Boxes this week', value: boxesThisWeek, hint: 'Monday to Sunday' },
    {
      label: 'Monthly subscription revenue',
      value: <Price cents={monthlyRevenueCents} />,
      hint: 'at current subscriber prices',
    },
  ]
  return (
    <AdminPanel title="Subscriptions">
      <dl className="grid gap-4 sm:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-md bg-earth-50 p-4">
            <dt className="text-sm font-semibold text-muted">{figure.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-ink">{figure.value}</dd>
            <dd className="text-sm text-muted">{figure.hint}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3">
        <TextLink to="/admin/subscriptions">See the subscriptions</TextLink>{' '}
        <span className="text-muted">or</span>{' '}
        <TextLink to="/admin/fulfilment#subscription-boxes">what the coming boxes need</TextLink>
      </p>
    </AdminPanel>
  )
}

function StockList({
  count,
  products,
  href,
  noun,
  empty,
}: {
  count: number
  products: ReadonlyArray<{ id: string; name: string; stock_quantity: number }>
  href: string
  noun: string
  empty: string
}) {
  if (count === 0) return <p className="text-muted">{empty}</p>
  return (
    <>
      <ul className="space-y-1">
        {products.map((product) => (
          <li key={product.id} className="flex justify-between gap-3">
            <Link to={`/admin/products/${product.id}`} className="text-ink underline">
              {product.name}
            </Link>
            <span className="text-muted">{product.stock_quantity} left</span>
          </li>
        ))}
      </ul>
      <p className="mt-3">
        <TextLink to={href}>
          {count === 1 ? `1 product ${noun}` : `All ${count} products ${noun}`}
        </TextLink>
      </p>
    </>
  )
}
