import { data } from 'react-router'
import { requireUser } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { getDb } from '~/platform/db/db.server'
import { parseSubmission, replyDone, replyInvalid, replyRefused } from '~/platform/forms/conform'
import { readForm } from '~/platform/forms/form-data.server'
import { GeneralErrorBoundary } from '~/platform/ui/error-boundary'
import { ManageSubscriptionSchema, SUBSCRIPTION_NOT_FOUND } from '~/subscriptions/manage'
import { changeSubscription } from '~/subscriptions/manage.server'
import { formOf, SubscriptionPage, type SubscriptionReply } from '~/subscriptions/subscription-page'
import { getCustomerSubscription } from '~/subscriptions/subscription-view.server'
import type { Route } from './+types/subscription'

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request)
  // Someone else's subscription is not found, exactly like one that does not exist.
  const subscription = await getCustomerSubscription(getDb(), user.id, params.id, new Date())
  if (!subscription) throw data(null, { status: 404 })
  return { subscription }
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request)
  const submission = parseSubmission(await readForm(request), ManageSubscriptionSchema)
  if (submission.status !== 'success')
    return replyInvalid(submission, { form: formOf(submission.payload) })
  const change = submission.value
  const form = formOf(submission.payload)
  // Without JavaScript the Cancel button asks here, with a second form; with it, a dialog
  // asked and the form says so.
  if (change.intent === 'cancel' && change.confirm !== 'yes') {
    return { ...replyDone(submission, undefined, { form, keep: true }), confirmCancel: true }
  }
  const result = await changeSubscription(getDb(), {
    customerId: user.id,
    subscriptionId: params.id,
    change,
    now: new Date(),
  })
  return result.ok
    ? replyDone(submission, result.message, { form })
    : replyRefused(submission, result.message, result.status, { form })
}

export default function SubscriptionRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SubscriptionPage
      subscription={loaderData.subscription}
      reply={actionData as SubscriptionReply | undefined}
    />
  )
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Subscription' })

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <GeneralErrorBoundary
      error={error}
      notFound={{ title: 'Subscription', message: SUBSCRIPTION_NOT_FOUND }}
      unexpected={{
        title: 'Subscription',
        message: 'Something went wrong loading your subscription. Please try again.',
      }}
      back={{ to: '/account/subscriptions', label: 'Back to Subscriptions' }}
    />
  )
}
