import { data } from 'react-router'
import { requireUser } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { getDb } from '~/platform/db/db.server'
import { formatDay } from '~/platform/farm-clock'
import { parseSubmission, replyDone, replyInvalid, replyRefused } from '~/platform/forms/conform'
import { readForm } from '~/platform/forms/form-data.server'
import { GeneralErrorBoundary } from '~/platform/ui/error-boundary'
import { FormMessage } from '~/platform/ui/field'
import { Heading } from '~/platform/ui/heading'
import { TextLink } from '~/platform/ui/link'
import { CutSheetSchema } from '~/shares/cut-sheet'
import { CutSheetForm, CutSheetSummary } from '~/shares/cut-sheet-form'
import { getCustomerShare, saveCutSheet } from '~/shares/share-orders.server'
import { CUT_SHEET_CLOSED, NO_SUCH_SHARE, SHARE_CANCELLED } from '~/shares/shares'
import type { Route } from './+types/share-cut-sheet'

// A beef share's cut sheet (ADR 31): the customer's choices for the butcher, editable until the
// animal's cut-off day ends on the farm's clock, then shown read-only.

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request)
  const share = await getCustomerShare(getDb(), params.id, user.id)
  if (!share) throw data(NO_SUCH_SHARE, { status: 404 })
  return { share }
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request)
  const submission = parseSubmission(await readForm(request), CutSheetSchema)
  if (submission.status !== 'success') return replyInvalid(submission)
  const saved = await saveCutSheet(getDb(), params.id, user.id, submission.value)
  if (saved === 'not-found') throw data(NO_SUCH_SHARE, { status: 404 })
  if (saved === 'closed') return replyRefused(submission, CUT_SHEET_CLOSED, 409)
  if (saved === 'cancelled') return replyRefused(submission, SHARE_CANCELLED, 409)
  return replyDone(submission, 'Your cut sheet is saved. You can change it until the cut-off.', {
    keep: true,
  })
}

export default function ShareCutSheet({ loaderData, actionData }: Route.ComponentProps) {
  const { share } = loaderData
  const title = `Cut Sheet: ${share.size} Share of ${share.animalName}`
  return (
    <div className="space-y-6">
      <TextLink to={`/account/orders/${share.orderId}`}>Back to the Order</TextLink>
      <Heading level={1}>{title}</Heading>
      <p className="text-ink">
        {share.open
          ? `Tell the butcher how you would like your beef cut. You can change it until the end of ${formatDay(share.cutoff)}.`
          : null}{' '}
        Pickup: {formatDay(share.pickupDate)}.
      </p>
      <section className="rounded-lg border border-earth-100 bg-white p-6">
        {share.open ? (
          <CutSheetForm stored={share.cutSheet} reply={actionData} />
        ) : (
          <div className="space-y-4">
            <FormMessage tone="error">
              {share.cancelled ? SHARE_CANCELLED : CUT_SHEET_CLOSED}
            </FormMessage>
            {share.cutSheet ? (
              <CutSheetSummary sheet={share.cutSheet} />
            ) : share.cancelled ? null : (
              <p className="text-ink">
                No cut sheet was filled in: the butcher cuts it the farm’s standard way.
              </p>
            )}
          </div>
        )}
      </section>
    </div>
  )
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData ? `Cut Sheet: ${loaderData.share.animalName}` : 'Share Not Found',
  })

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <GeneralErrorBoundary
      error={error}
      notFound={{
        title: 'Share Not Found',
        message: "We couldn't find that share in your account.",
      }}
      unexpected={{ title: 'Something went wrong', message: 'Please try again.' }}
      back={{ to: '/account/orders', label: 'Back to Orders' }}
    />
  )
}
