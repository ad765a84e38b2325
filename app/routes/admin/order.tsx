import { data } from 'react-router'
import { requireAdmin } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { getAdminOrder } from '~/orders/admin/order-detail.server'
import { OrderPage } from '~/orders/admin/order-page'
import {
  CHANGED_ELSEWHERE,
  nextSteps,
  OrderStatusSchema,
  STATUS_CHANGE_INVALID,
} from '~/orders/order-workflow'
import { WEIGH_INTENT, weighFirst } from '~/orders/weights'
import { orderStatusLabel } from '~/orders/words'
import { changeOrderStatusReleasingHold, configuredReleasers } from '~/payments/holds.server'
import { answerWeighForm } from '~/payments/weigh-reply.server'
import { getDb } from '~/platform/db/db.server'
import { parseSubmission, replyDone, replyInvalid, replyRefused } from '~/platform/forms/conform'
import { readForm } from '~/platform/forms/form-data.server'
import type { Route } from './+types/order'

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const order = await getAdminOrder(getDb(), params.id)
  if (!order) throw data(null, { status: 404 })
  const next = nextSteps(order.status, {
    shippingMethod: order.shipping_method,
    paymentMethod: order.payment_method,
    paymentStatus: order.payment_status,
  })
  return { order, next }
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const form = await readForm(request)
  if (form.get('intent') === WEIGH_INTENT) return answerWeighForm(form, admin.id)
  const submission = parseSubmission(form, OrderStatusSchema)
  // The shipping form shows its own fields' complaints; every other button only a message.
  const answering = { form: submission.payload.intent === 'shipped' ? 'ship' : 'status' }
  if (submission.status !== 'success') {
    const error = submission.error ?? {}
    return error.intent || error.from
      ? replyRefused(submission, STATUS_CHANGE_INVALID, 400, answering)
      : replyInvalid(submission, answering)
  }
  const result = await changeOrderStatusReleasingHold(
    getDb(),
    params.id,
    admin.id,
    submission.value,
    configuredReleasers(),
  )
  if (result.ok) {
    return replyDone(submission, `Order marked as ${orderStatusLabel(result.status)}.`, answering)
  }
  if (result.reason === 'not-found') throw data(null, { status: 404 })
  if (result.reason === 'not-weighed') {
    return replyRefused(submission, weighFirst(result.toWeigh), 409, answering)
  }
  if (result.reason === 'conflict') {
    const message = `${CHANGED_ELSEWHERE} It is now ${orderStatusLabel(result.current)}.`
    return replyRefused(submission, message, 409, answering)
  }
  return replyRefused(submission, STATUS_CHANGE_INVALID, 400, answering)
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  return <OrderPage order={loaderData.order} next={loaderData.next} reply={actionData} />
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { title: loaderData ? `Order ${loaderData.order.number}` : 'Order Not Found' })

// No ErrorBoundary here on purpose: with one, a refused (403) form post from a non-admin
// would also run the admin layout's loader, whose redirect home would hide the 403. The
// root's boundary shows 404 and 403 in plain words.
