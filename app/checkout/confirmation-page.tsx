import { describeFulfilment, feeLabel, type OrderFulfilmentColumns } from '~/fulfilment/methods'
import type { CustomerOrderView } from '~/orders/customer-orders.server'
import { fulfilmentHeading, OrderFulfilment } from '~/orders/order-fulfilment'
import { OrderItemsList } from '~/orders/order-items-list'
import { AtMostNote, OrderTotalRow } from '~/orders/order-total'
import { formatFarmDate } from '~/platform/farm-clock'
import { ButtonLink } from '~/platform/ui/button'
import { Heading } from '~/platform/ui/heading'
import { TextLink } from '~/platform/ui/link'
import { Price } from '~/platform/ui/price'
import { ShareCutSheetLinks, type ShareLink } from '~/shares/share-links'
import {
  MANAGE_SUBSCRIPTIONS_LINK,
  SUBSCRIPTIONS_PATH,
  subscriptionsStartedText,
} from '~/subscriptions/storefront'

const cardClass = 'rounded-lg border border-earth-100 bg-white p-6 shadow-sm'
const headingClass = 'font-display text-xl font-bold text-ink'

/** The specification's four steps, in the words of how this order is handed over. */
function nextSteps(order: OrderFulfilmentColumns) {
  const where = describeFulfilment(order)
  const confirmation = {
    title: 'Order Confirmation',
    text: "You'll receive an email confirmation with your order details.",
  }
  if (where.method === 'pickup') {
    return [
      confirmation,
      { title: 'Order Processing', text: 'We harvest and pack your order for your pickup day.' },
      {
        title: 'Ready for Pickup',
        text: "You'll receive an email when your order is packed, and a reminder the day before.",
      },
      { title: 'Pickup', text: `${where.headline}.` },
    ]
  }
  if (where.method === 'delivery') {
    return [
      confirmation,
      { title: 'Order Processing', text: 'We harvest and pack your order for your delivery day.' },
      {
        title: 'Out for Delivery',
        text: "You'll receive an email when your order is on its way, and a reminder the day before.",
      },
      { title: 'Delivery', text: `${where.headline}, to your door.` },
    ]
  }
  return [
    confirmation,
    { title: 'Order Processing', text: "We'll prepare your order within 1-2 business days." },
    {
      title: 'Shipping Notification',
      text: "You'll receive a shipping confirmation email with tracking information.",
    },
    { title: 'Delivery', text: 'Your fresh farm products will arrive at your doorstep.' },
  ]
}

// The order just placed: its details, how it is handed over, its beef shares' cut sheets, the
// subscriptions it starts, and what happens next.
export function ConfirmationPage({
  order,
  shares,
  subscriptionsStarted,
}: {
  order: CustomerOrderView
  shares: readonly ShareLink[]
  subscriptionsStarted: number
}) {
  const row = 'flex justify-between gap-4'
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-10">
      <header className="text-center">
        <Heading level={1} size="large">
          Order Confirmed!
        </Heading>
        <p className="mt-3 text-lg text-ink">
          Thank you for your order. You will receive a confirmation email shortly.
        </p>
      </header>

      <section aria-labelledby="order-details-heading" className={cardClass}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="order-details-heading" className={headingClass}>
              Order {order.number}
            </h2>
            <p className="text-sm text-muted">
              Placed on{' '}
              <time dateTime={order.created_at.toISOString()}>
                {formatFarmDate(order.created_at)}
              </time>
            </p>
          </div>
          <p className="rounded-full bg-pasture-50 px-3 py-1 text-sm font-semibold text-pasture-800">
            <span className="sr-only">Status: </span>
            {order.statusLabel}
          </p>
        </div>
        <h3 className="mt-6 font-semibold text-ink">Items</h3>
        <OrderItemsList items={order.items} className="mt-2" />
        <dl className="mt-4 space-y-2 border-t border-earth-100 pt-4 text-sm text-ink">
          <div className={row}>
            <dt>Subtotal</dt>
            <dd>
              <Price cents={order.subtotal_cents} />
            </dd>
          </div>
          {order.discount_cents > 0 ? (
            <div className={`${row} text-pasture-800`}>
              <dt>Discount{order.promo_code ? ` (${order.promo_code})` : ''}</dt>
              <dd>
                -<Price cents={order.discount_cents} />
              </dd>
            </div>
          ) : null}
          <div className={row}>
            <dt>{feeLabel(order.shipping_method)}</dt>
            <dd>{order.shipping_cents > 0 ? <Price cents={order.shipping_cents} /> : 'Free'}</dd>
          </div>
          <div className={row}>
            <dt>Tax</dt>
            <dd>
              <Price cents={order.tax_cents} />
            </dd>
          </div>
          <OrderTotalRow
            order={order}
            className={`${row} border-t border-earth-100 pt-2 text-base font-bold`}
          />
        </dl>
        <AtMostNote order={order} />
      </section>

      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="address-heading" className={cardClass}>
          <h2 id="address-heading" className={headingClass}>
            {fulfilmentHeading(order.shipping_method)}
          </h2>
          <OrderFulfilment order={order} calendarLink className="mt-3 text-sm text-ink" />
        </section>
        <section aria-labelledby="methods-heading" className={cardClass}>
          <h2 id="methods-heading" className={headingClass}>
            {order.shipping_method === 'pickup' ? 'Pickup and Payment' : 'Delivery and Payment'}
          </h2>
          <dl className="mt-3 space-y-2 text-sm">
            <div>
              <dt className="font-semibold text-ink">How you get it</dt>
              <dd className="text-ink">{order.shippingLabel}</dd>
            </div>
            <div>
              <dt className="font-semibold text-ink">Payment method</dt>
              <dd className="text-ink">{order.paymentLabel}</dd>
            </div>
          </dl>
        </section>
      </div>

      <ShareCutSheetLinks shares={shares} />

      {subscriptionsStarted > 0 ? (
        <section aria-labelledby="subscriptions-heading" className={cardClass}>
          <h2 id="subscriptions-heading" className={headingClass}>
            Your Subscription
          </h2>
          <p className="mt-2 text-ink">{subscriptionsStartedText(subscriptionsStarted)}</p>
          <TextLink to={SUBSCRIPTIONS_PATH} className="mt-3 inline-block">
            {MANAGE_SUBSCRIPTIONS_LINK}
          </TextLink>
        </section>
      ) : null}

      <section aria-labelledby="next-heading" className={cardClass}>
        <h2 id="next-heading" className={headingClass}>
          What Happens Next?
        </h2>
        <ol className="mt-4 space-y-4">
          {nextSteps(order).map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span
                aria-hidden="true"
                className="flex h-8 w-8 flex-none items-center justify-center rounded-full bg-pasture-700 font-semibold text-white"
              >
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold text-ink">{step.title}</h3>
                <p className="text-sm text-muted">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <div className="flex flex-wrap justify-center gap-4">
        <ButtonLink to="/shop">Continue Shopping</ButtonLink>
        <ButtonLink to="/account/orders" variant="secondary">
          View Order History
        </ButtonLink>
      </div>
    </div>
  )
}
