import { getFormProps } from '@conform-to/react'
import { data, Form, redirect } from 'react-router'
import { requireUser } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { startCardUpdate } from '~/flows/update-subscription-card.server'
import {
  CARD_PAYMENTS_UNAVAILABLE,
  CARD_UPDATED,
  CardIntentSchema,
  cardUpdateRefusal,
  UPDATE_CARD,
} from '~/payments/saved-card'
import { getDb } from '~/platform/db/db.server'
import { getEnv } from '~/platform/env.server'
import { parseSubmission, replyRefused, useSchemaForm } from '~/platform/forms/conform'
import { readForm } from '~/platform/forms/form-data.server'
import { GeneralErrorBoundary } from '~/platform/ui/error-boundary'
import { FormMessage } from '~/platform/ui/field'
import { Heading } from '~/platform/ui/heading'
import { TextLink } from '~/platform/ui/link'
import { StatusButton } from '~/platform/ui/status-button'
import { useIsPending } from '~/platform/ui/use-is-pending'
import { getCardSubscription } from '~/subscriptions/card.server'
import type { Route } from './+types/subscription-card'

// A subscription's card (ADR 32): "Update Card" opens Stripe's page in setup mode, where the
// customer saves a new card for the next boxes; the webhook stores it. Only their own
// subscription; anyone else's is not found.

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const subscription = await getCardSubscription(getDb(), user.id, params.id)
  if (!subscription) throw data(null, { status: 404 })
  const returned = new URL(request.url).searchParams.has('updated')
  return { subscription, refusal: cardUpdateRefusal(subscription), returned }
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request)
  const submission = parseSubmission(await readForm(request), CardIntentSchema)
  if (submission.status !== 'success') return replyRefused(submission, 'Unknown action.', 400)
  const db = getDb()
  const subscription = await getCardSubscription(db, user.id, params.id)
  if (!subscription) throw data(null, { status: 404 })
  const refusal = cardUpdateRefusal(subscription)
  if (refusal) return replyRefused(submission, refusal, 409)
  const { stripe, baseUrl } = getEnv()
  if (!stripe) return replyRefused(submission, CARD_PAYMENTS_UNAVAILABLE, 409)
  return redirect(await startCardUpdate(db, { ...stripe, baseUrl }, subscription.id))
}

export default function SubscriptionCard({ loaderData, actionData }: Route.ComponentProps) {
  const { subscription, refusal, returned } = loaderData
  const updating = useIsPending({ intent: 'update-card' })
  const [form] = useSchemaForm(CardIntentSchema, { id: 'card', lastResult: actionData })
  return (
    <div className="space-y-6">
      <TextLink to={`/account/subscriptions/${encodeURIComponent(subscription.id)}`}>
        Back to Subscription
      </TextLink>
      <Heading level={1}>Card for Your {subscription.frequencyLabel} Box</Heading>
      {form.errors?.[0] ? (
        <FormMessage tone="error">{form.errors[0]}</FormMessage>
      ) : returned ? (
        <FormMessage tone="success">{CARD_UPDATED}</FormMessage>
      ) : null}
      {refusal ? (
        <p className="text-ink">{refusal}</p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="space-y-3">
          <p className="text-ink">
            {subscription.hasCard
              ? 'Each box is charged to the card you saved. To use another card, save it on Stripe’s secure page: nothing is charged now.'
              : 'No card is saved yet. Save one on Stripe’s secure page: nothing is charged now.'}
          </p>
          <StatusButton
            type="submit"
            name="intent"
            value="update-card"
            status={updating ? 'pending' : 'idle'}
          >
            {UPDATE_CARD}
          </StatusButton>
        </Form>
      )}
    </div>
  )
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData ? 'Update Card' : 'Subscription Not Found',
  })

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <GeneralErrorBoundary
      error={error}
      notFound={{
        title: 'Subscription Not Found',
        message: "We couldn't find that subscription in your account.",
      }}
      unexpected={{
        title: 'Something went wrong',
        message: 'We could not load this subscription. Please try again.',
      }}
      back={{ to: '/account', label: 'Back to Account' }}
    />
  )
}
