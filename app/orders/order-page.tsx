import { feeLabel } from '~/fulfilment/methods'
import { formatFarmDate } from '~/platform/farm-clock'
import { Heading } from '~/platform/ui/heading'
import { TextLink } from '~/platform/ui/link'
import { Price } from '~/platform/ui/price'
import { ShareCutSheetLinks, type ShareLink } from '~/shares/share-links'
import type { CustomerOrderView } from './customer-orders.server'
import { fulfilmentHeading, OrderFulfilment } from './order-fulfilment'
import { OrderItemsList } from './order-items-list'
import { AtMostNote, OrderTotalRow } from './order-total'

// Account > Orders > one order: what was bought and paid, its beef shares' cut sheets, and how
// it is handed over.
export function OrderPage({
  order,
  shares,
}: {
  order: CustomerOrderView
  shares: readonly ShareLink[]
}) {
  return (
    <div className="space-y-6">
      <TextLink to="/account/orders">Back to Orders</TextLink>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <Heading level={1}>Order {order.number}</Heading>
        <span className="rounded-full bg-pasture-50 px-3 py-1 text-sm font-semibold text-pasture-800">
          {order.statusLabel}
        </span>
      </div>
      <p className="text-muted">
        Placed on{' '}
        <time dateTime={order.created_at.toISOString()}>{formatFarmDate(order.created_at)}</time>
      </p>

      <section
        aria-labelledby="items-heading"
        className="rounded-lg border border-earth-100 bg-white p-6"
      >
        <h2 id="items-heading" className="font-display text-xl font-bold text-ink">
          Items
        </h2>
        <OrderItemsList items={order.items} className="mt-4" />
        <dl className="mt-4 space-y-2 border-t border-earth-100 pt-4 text-sm">
          <div className="flex justify-between">
            <dt className="text-muted">Subtotal</dt>
            <dd>
              <Price cents={order.subtotal_cents} />
            </dd>
          </div>
          {order.discount_cents > 0 ? (
            <div className="flex justify-between">
              <dt className="text-muted">
                Discount{order.promo_code ? ` (${order.promo_code})` : ''}
              </dt>
              <dd>
                -<Price cents={order.discount_cents} />
              </dd>
            </div>
          ) : null}
          <div className="flex justify-between">
            <dt className="text-muted">{feeLabel(order.shipping_method)}</dt>
            <dd>{order.shipping_cents > 0 ? <Price cents={order.shipping_cents} /> : 'Free'}</dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-muted">Tax</dt>
            <dd>
              <Price cents={order.tax_cents} />
            </dd>
          </div>
          <OrderTotalRow
            order={order}
            className={
              'flex justify-between border-t border-earth-100 pt-2 text-base font-bold text-ink'
            }
          />
        </dl>
        <AtMostNote order={order} />
      </section>

      <ShareCutSheetLinks shares={shares} />

      <div className="grid gap-6 md:grid-cols-2">
        <section
          aria-labelledby="shipping-heading"
          className="rounded-lg border border-earth-100 bg-white p-6"
        >
          <h2 id="shipping-heading" className="font-display text-xl font-bold text-ink">
            {fulfilmentHeading(order.shipping_method)}
          </h2>
          <OrderFulfilment order={order} calendarLink className="mt-3 text-sm text-ink" />
        </section>
        <section
          aria-labelledby="method-heading"
          className="rounded-lg border border-earth-100 bg-white p-6"
        >
          <h2 id="method-heading" className="font-display text-xl font-bold text-ink">
            {order.shipping_method === 'pickup' ? 'Pickup and Payment' : 'Delivery and Payment'}
          </h2>
          <dl className="mt-3 space-y-2 text-sm">
            <div>
              <dt className="font-semibold text-ink">How you get it</dt>
              <dd className="text-ink">{order.shippingLabel}</dd>
            </div>
            {order.tracking_number ? (
              <div>
                <dt className="font-semibold text-ink">Tracking number</dt>
                <dd className="break-all text-ink">
                  {order.carrier ? `${order.carrier}: ` : ''}
                  {order.tracking_number}
                </dd>
              </div>
            ) : null}
            <div>
              <dt className="font-semibold text-ink">Payment method</dt>
              <dd className="text-ink">{order.paymentLabel}</dd>
            </div>
          </dl>
        </section>
      </div>
    </div>
  )
}
