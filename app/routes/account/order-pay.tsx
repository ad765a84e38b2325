import { getFormProps } from '@conform-to/react'
import { data, Form, redirect } from 'react-router'
import { requireUser } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { ORDER_NOT_FOUND, ORDER_NOT_LOADED } from '~/orders/order-errors'
import { getOrderToPay, startOrderPayment } from '~/payments/order-pay.server'
import {
  CARD_PAYMENTS_UNAVAILABLE,
  orderPayRefusal,
  PAY_NOW,
  PayIntentSchema,
} from '~/payments/saved-card'
import { getDb } from '~/platform/db/db.server'
import { parseSubmission, replyRefused, useSchemaForm } from '~/platform/forms/conform'
import { readForm } from '~/platform/forms/form-data.server'
import { GeneralErrorBoundary } from '~/platform/ui/error-boundary'
import { FormMessage } from '~/platform/ui/field'
import { Heading } from '~/platform/ui/heading'
import { TextLink } from '~/platform/ui/link'
import { Price } from '~/platform/ui/price'
import { StatusButton } from '~/platform/ui/status-button'
import { useIsPending } from '~/platform/ui/use-is-pending'
import type { Route } from './+types/order-pay'

// The link in the email about a box whose card charge failed (ADR 32): the customer pays the
// order on Stripe's page. Only their own unpaid card order; anyone else's is not found.

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const order = await getOrderToPay(getDb(), user.id, params.id)
  if (!order) throw data(null, { status: 404 })
  const { email: _receipt, ...shown } = order
  return { order: shown, refusal: orderPayRefusal(order) }
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request)
  const submission = parseSubmission(await readForm(request), PayIntentSchema)
  if (submission.status !== 'success') return replyRefused(submission, 'Unknown action.', 400)
  const order = await getOrderToPay(getDb(), user.id, params.id)
  if (!order) throw data(null, { status: 404 })
  const started = await startOrderPayment(order)
  if (started.ok) return redirect(started.url)
  if (started.reason === 'refused') return replyRefused(submission, started.message, 409)
  return replyRefused(submission, CARD_PAYMENTS_UNAVAILABLE, 409)
}

export default function OrderPay({ loaderData, actionData }: Route.ComponentProps) {
  const { order, refusal } = loaderData
  const paying = useIsPending()
  const [form] = useSchemaForm(PayIntentSchema, { id: 'pay', lastResult: actionData })
  return (
    <div className="space-y-6">
      <TextLink to={`/account/orders/${encodeURIComponent(order.id)}`}>
        Back to Order {order.number}
      </TextLink>
      <Heading level={1}>Pay for Order {order.number}</Heading>
      <p className="text-ink">
        Amount due: <Price cents={order.totalCents} />
      </p>
      {form.errors?.[0] ? <FormMessage tone="error">{form.errors[0]}</FormMessage> : null}
      {refusal ? (
        <p className="text-ink">{refusal}</p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="space-y-3">
          <p className="text-muted">
            You pay on Stripe’s secure page. Your card details never reach this shop.
          </p>
          <StatusButton
            type="submit"
            name="intent"
            value="pay"
            status={paying ? 'pending' : 'idle'}
          >
            {PAY_NOW}
          </StatusButton>
        </Form>
      )}
    </div>
  )
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData ? `Pay for Order ${loaderData.order.number}` : 'Order Not Found',
  })

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <GeneralErrorBoundary
      error={error}
      notFound={ORDER_NOT_FOUND}
      unexpected={ORDER_NOT_LOADED}
      back={{ to: '/account/orders', label: 'Back to Orders' }}
    />
  )
}
