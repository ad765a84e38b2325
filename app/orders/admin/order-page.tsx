import { getFormProps } from '@conform-to/react'
import { Form } from 'react-router'
import { LineText } from '~/catalog/line-wording'
import { feeLabel } from '~/fulfilment/methods'
import { fulfilmentHeading, OrderFulfilment } from '~/orders/order-fulfilment'
import { type OrderStep, ShipOrderSchema, STEP_LABELS } from '~/orders/order-workflow'
import { WeighForm } from '~/orders/weigh-form'
import { WEIGH_FORM_PREFIX } from '~/orders/weights'
import { ConfirmSubmitButton } from '~/platform/admin/ui/confirm-submit'
import { AdminPageHeader, AdminPanel, AdminTable } from '~/platform/admin/ui/page'
import { formatFarmDate } from '~/platform/farm-clock'
import { type FormReply, useSchemaForm } from '~/platform/forms/conform'
import { Button, ButtonLink, buttonVariants } from '~/platform/ui/button'
import { FormMessage, TextField } from '~/platform/ui/field'
import { TextAnchor, TextLink } from '~/platform/ui/link'
import { Price } from '~/platform/ui/price'
import { useIsPending } from '~/platform/ui/use-is-pending'
import type { AdminOrder } from './order-detail.server'

// Admin > Orders > one order: its status steps, items, weights, customer, fulfilment, payment
// and history.
export function OrderPage({
  order,
  next,
  reply,
}: {
  order: AdminOrder
  next: OrderStep[]
  reply: FormReply | undefined
}) {
  const busy = useIsPending()
  const [shipForm, shipFields] = useSchemaForm(ShipOrderSchema, {
    id: 'ship',
    lastResult: reply?.form === 'ship' ? reply : undefined,
  })
  const statusReply = reply?.form?.startsWith(WEIGH_FORM_PREFIX) ? undefined : reply
  const stripePaid = order.payment_method === 'stripe' && order.payment_status === 'paid'
  const simpleSteps = next.filter((step) => step !== 'shipped' && step !== 'cancelled')
  // Paid at the handover: "Collected and paid" is the main step, packed or not (issue 32).
  const handOver = next.find((step) => step === 'collected' || step === 'delivered')

  return (
    <div className="space-y-6">
      <AdminPageHeader
        title={`Order ${order.number}`}
        description={
          <>
            Placed on{' '}
            <time dateTime={order.created_at.toISOString()}>
              {formatFarmDate(order.created_at)}
            </time>{' '}
            · <span className="font-semibold text-ink">{order.statusLabel}</span>
          </>
        }
        actions={
          <>
            <ButtonLink to="/admin/orders" variant="secondary">
              Back to Orders
            </ButtonLink>
            <ButtonLink to={`/admin/orders/${order.id}/packing-slip`} variant="secondary">
              Packing Slip
            </ButtonLink>
          </>
        }
      />

      {/* The weighing form answers in its own panel. */}
      {statusReply?.status === 'success' ? (
        <FormMessage tone="success">{statusReply.message}</FormMessage>
      ) : null}
      <FormMessage tone="error">{statusReply?.error?.['']?.[0]}</FormMessage>

      <AdminPanel title="Status">
        <p className="text-ink">
          This order is <strong>{order.statusLabel}</strong>.
          {next.length === 0 ? ' Nothing more to do.' : ' Next step:'}
        </p>
        {next.length > 0 ? (
          <div className="mt-4 space-y-4">
            {simpleSteps.length > 0 ? (
              <div className="flex flex-wrap gap-3">
                {simpleSteps.map((step) => (
                  <Form method="post" key={step}>
                    <input type="hidden" name="from" value={order.status} />
                    <Button
                      type="submit"
                      name="intent"
                      value={step}
                      disabled={busy}
                      variant={handOver && step !== handOver ? 'secondary' : 'primary'}
                    >
                      {STEP_LABELS[step]}
                    </Button>
                  </Form>
                ))}
              </div>
            ) : null}

            {next.includes('shipped') ? (
              <Form
                method="post"
                {...getFormProps(shipForm)}
                className="grid gap-4 rounded-md border border-earth-100 p-4 sm:grid-cols-2"
                aria-label="Ship this order"
              >
                <input type="hidden" name="from" value={order.status} />
                <input type="hidden" name="intent" value="shipped" />
                <TextField
                  label="Carrier"
                  field={shipFields.carrier}
                  list="carriers"
                  maxLength={40}
                  hint="For example USPS, UPS or FedEx."
                />
                <datalist id="carriers">
                  <option value="USPS" />
                  <option value="UPS" />
                  <option value="FedEx" />
                  <option value="DHL" />
                </datalist>
                <TextField
                  label="Tracking number"
                  field={shipFields.trackingNumber}
                  maxLength={40}
                  autoComplete="off"
                />
                <div className="sm:col-span-2">
                  <Button type="submit" disabled={busy}>
                    {STEP_LABELS.shipped}
                  </Button>
                  <p className="mt-2 text-sm text-muted">
                    The customer is emailed the carrier and tracking number.
                  </p>
                </div>
              </Form>
            ) : null}

            {next.includes('cancelled') ? (
              <Form method="post" className="border-t border-earth-100 pt-4">
                <input type="hidden" name="from" value={order.status} />
                {stripePaid ? (
                  <p className="mb-3 text-sm text-ink">
                    This order was paid by card. Cancelling returns the items to stock and emails
                    the customer, but it does not refund the card: make the refund in Stripe.
                  </p>
                ) : null}
                <ConfirmSubmitButton
                  name="intent"
                  value="cancelled"
                  title={`Cancel order ${order.number}?`}
                  question="Its items go back into stock and the customer is emailed. This cannot be undone."
                  confirmLabel="Yes, Cancel Order"
                  className={buttonVariants({ variant: 'danger' })}
                  disabled={busy}
                >
                  {STEP_LABELS.cancelled}
                </ConfirmSubmitButton>
              </Form>
            ) : null}
          </div>
        ) : null}
        {order.status !== 'cancelled' && next.length > 0 ? (
          <p className="mt-4 text-sm text-muted">
            The customer is emailed when the order is paid, ready for pickup, shipped, completed or
            cancelled.
          </p>
        ) : null}
      </AdminPanel>

      <AdminPanel title="Items">
        <AdminTable caption={`Items in order ${order.number}`}>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Quantity and price</th>
              <th scope="col" className="text-right">
                Line total
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.id}>
                <td>
                  {item.product_name}
                  {item.variant_name ? (
                    <span className="block text-muted">{item.variant_name}</span>
                  ) : null}
                </td>
                <td>
                  <LineText terms={item.terms} />
                </td>
                <td className="text-right">
                  <Price cents={item.terms.totalCents} />
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
        <dl className="mt-4 ml-auto max-w-xs space-y-1 text-sm">
          <Amount label="Subtotal" cents={order.subtotal_cents} />
          {order.discount_cents > 0 ? (
            <Amount
              label={`Discount${order.promo_code ? ` (${order.promo_code})` : ''}`}
              cents={-order.discount_cents}
            />
          ) : null}
          <Amount label={feeLabel(order.shipping_method)} cents={order.shipping_cents} />
          <Amount
            label={`Tax (${(order.tax_rate_basis_points / 100).toString()}%)`}
            cents={order.tax_cents}
          />
          <div className="flex justify-between border-t border-earth-100 pt-1 text-base font-bold text-ink">
            <dt>Total</dt>
            <dd>
              <Price cents={order.total_cents} />
            </dd>
          </div>
        </dl>
      </AdminPanel>

      {order.weighing ? (
        <AdminPanel title="Weights">
          <p className="text-sm text-muted">
            Priced by weight: enter each piece’s weight as packed. When all are in, the total is
            worked out on them, the customer is emailed, and a card is charged that amount.
          </p>
          <WeighForm view={order.weighing} reply={reply} orderNumber={order.number} busy={busy} />
        </AdminPanel>
      ) : null}

      <div className="grid gap-6 md:grid-cols-2">
        <AdminPanel title="Customer">
          <dl className="space-y-2 text-sm">
            <Fact label="Email">
              <TextAnchor href={`mailto:${order.email}`}>{order.email}</TextAnchor>
            </Fact>
            <Fact label="Phone">
              <TextAnchor href={`tel:${order.phone}`}>{order.phone}</TextAnchor>
            </Fact>
            {order.customer_id ? (
              <Fact label="Account">
                <TextLink to={`/admin/customers/${order.customer_id}`}>
                  {order.customer_name || order.customer_email}
                </TextLink>
              </Fact>
            ) : null}
          </dl>
        </AdminPanel>

        <AdminPanel title={fulfilmentHeading(order.shipping_method)}>
          <dl className="space-y-2 text-sm">
            <Fact label="Method">{order.shippingLabel}</Fact>
            <Fact label={order.shipping_method === 'pickup' ? 'Where and when' : 'Address'}>
              <OrderFulfilment order={{ ...order, phone: undefined }} />
            </Fact>
            {order.tracking_number ? (
              <Fact label="Tracking">
                {order.carrier ? `${order.carrier}: ` : ''}
                <span className="wrap-anywhere">{order.tracking_number}</span>
              </Fact>
            ) : null}
          </dl>
        </AdminPanel>

        <AdminPanel title="Payment">
          <dl className="space-y-2 text-sm">
            <Fact label="Method">{order.paymentLabel}</Fact>
            <Fact label="Payment status">{order.paymentStatusLabel}</Fact>
          </dl>
        </AdminPanel>

        <AdminPanel title="History">
          {order.history.length === 0 ? (
            <p className="text-sm text-muted">No status changes by the farm yet.</p>
          ) : (
            <ol className="space-y-2 text-sm">
              {order.history.map((entry) => (
                <li key={entry.id}>
                  <span className="font-semibold text-ink">{entry.change}</span>{' '}
                  <span className="text-muted">
                    by {entry.by} on{' '}
                    <time dateTime={entry.at.toISOString()}>
                      {formatFarmDate(entry.at, 'medium')}
                    </time>
                  </span>
                </li>
              ))}
            </ol>
          )}
        </AdminPanel>
      </div>
    </div>
  )
}

function Amount({ label, cents }: { label: string; cents: number }) {
  return (
    <div className="flex justify-between">
      <dt className="text-muted">{label}</dt>
      <dd>
        {cents < 0 ? (
          <>
            -<Price cents={-cents} />
          </>
        ) : (
          <Price cents={cents} />
        )}
      </dd>
    </div>
  )
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="font-semibold text-ink">{label}</dt>
      <dd className="text-ink">{children}</dd>
    </div>
  )
}
