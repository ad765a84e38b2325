import { data, Form } from 'react-router'
import { pageMeta } from '~/farm/meta'
import { getDb } from '~/platform/db/db.server'
import { formatFarmMoment } from '~/platform/farm-clock'
import { ButtonLink } from '~/platform/ui/button'
import { Heading } from '~/platform/ui/heading'
import { StatusButton } from '~/platform/ui/status-button'
import { useIsPending } from '~/platform/ui/use-is-pending'
import {
  HOLD_DECLINED_NOW,
  HOLD_NOT_FOUND,
  holdEndedMessage,
  holdItemName,
} from '~/waiting-list/holds'
import { declineHold, findHold } from '~/waiting-list/holds.server'
import type { Route } from './+types/waiting-list-decline'

// The "Pass it on" link of a waiting-list hold's email (ADR 29). Opening it only asks (mail
// scanners follow links and must not give anyone's reservation away); the button posts. The
// token is the holder's word, as a newsletter unsubscribe link is: no sign-in needed.

export async function loader({ params }: Route.LoaderArgs) {
  const hold = await findHold(getDb(), { token: params.token })
  if (!hold) return data({ state: 'invalid' as const, message: HOLD_NOT_FOUND }, { status: 404 })
  if (hold.status !== 'held') {
    return data(
      { state: 'ended' as const, message: holdEndedMessage(hold.status) },
      { status: 410 },
    )
  }
  return {
    state: 'held' as const,
    item: holdItemName(hold.productName, hold.variantName),
    quantity: hold.quantity,
    until: hold.expiresAt,
  }
}

export async function action({ params }: Route.ActionArgs) {
  const declined = await declineHold(getDb(), params.token)
  if (declined.ok) return { message: HOLD_DECLINED_NOW }
  const message =
    declined.reason === 'ended' ? holdEndedMessage(declined.hold.status) : HOLD_NOT_FOUND
  return data({ message }, { status: declined.reason === 'ended' ? 410 : 404 })
}

export default function WaitingListDecline({ loaderData, actionData }: Route.ComponentProps) {
  const passing = useIsPending()
  let body: React.ReactNode
  if (actionData || loaderData.state !== 'held') {
    const message = actionData?.message ?? ('message' in loaderData ? loaderData.message : '')
    body = (
      <>
        <p role="status" className="mt-4 text-lg text-ink">
          {message}
        </p>
        <div className="mt-8">
          <ButtonLink to="/shop">Continue Shopping</ButtonLink>
        </div>
      </>
    )
  } else {
    body = (
      <>
        <p className="mt-4 text-lg text-ink">
          {loaderData.quantity} × <strong>{loaderData.item}</strong> is reserved for you until{' '}
          {formatFarmMoment(new Date(loaderData.until))}. Pass it on to the next person waiting?
        </p>
        <Form method="post" className="mt-8">
          <StatusButton
            type="submit"
            status={passing ? 'pending' : 'idle'}
            pendingText="Passing it on..."
          >
            Pass It On
          </StatusButton>
        </Form>
      </>
    )
  }
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <Heading level={1} size="large">
        Your reservation
      </Heading>
      {body}
    </section>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: 'Your reservation' }),
  { name: 'robots', content: 'noindex' },
]
