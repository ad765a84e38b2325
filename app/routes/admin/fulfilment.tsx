import { z } from 'zod'
import { requireAdmin } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { markHandedOver, markPacked } from '~/fulfilment/admin/packing.server'
import { loadThisWeek } from '~/fulfilment/admin/this-week.server'
import { ThisWeekPage } from '~/fulfilment/admin/this-week-page'
import { WEIGH_FIRST, WEIGH_INTENT, weighFirst } from '~/orders/weights'
import { answerWeighForm } from '~/payments/weigh-reply.server'
import { getDb } from '~/platform/db/db.server'
import { parseSubmission, replyDone, replyRefused } from '~/platform/forms/conform'
import { readForm } from '~/platform/forms/form-data.server'
import { upcomingBoxDemand } from '~/subscriptions/admin/coming-boxes.server'
import { SubscriptionBoxes } from '~/subscriptions/admin/subscription-boxes'
import type { Route } from './+types/fulfilment'

// Admin > Fulfilment: "This week", what to pick, pack and deliver for a day (?day=YYYY-MM-DD,
// else the next day with orders). Its buttons pack orders and hand them over through the
// order workflow (app/fulfilment/admin/packing.server.ts). Below, the subscription boxes not yet
// made into orders (issue 21).

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const day = new URL(request.url).searchParams.get('day')
  const db = getDb()
  const [week, subscriptionBoxes] = await Promise.all([
    loadThisWeek(db, day),
    upcomingBoxDemand(db),
  ])
  return { week, subscriptionBoxes }
}

const orderId = z.string().uuid('Choose an order from the list.')

const ThisWeekActionSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('pack'), orderId }),
    z.object({ intent: z.literal('hand-over'), orderId }),
    z.object({
      intent: z.literal('pack-all'),
      orderId: z
        .union([orderId, z.array(orderId).max(500)])
        .transform((ids) => (Array.isArray(ids) ? ids : [ids])),
    }),
  ],
  { error: 'That is not something this page can do.' },
)

// Button-only forms: the answer is the one Conform reply, its message shown above the page.
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const form = await readForm(request)
  if (form.get('intent') === WEIGH_INTENT) return answerWeighForm(form, admin.id)
  const submission = parseSubmission(form, ThisWeekActionSchema)
  if (submission.status !== 'success') {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? 'Please try again.'
    return replyRefused(submission, message, 400)
  }
  const db = getDb()
  const input = submission.value
  if (input.intent === 'hand-over') {
    const result = await markHandedOver(db, admin.id, input.orderId)
    if (result.unweighed) return replyRefused(submission, weighFirst(result.toWeigh ?? []), 409)
    return result.done
      ? replyDone(submission, 'Order handed over and closed.')
      : replyRefused(submission, 'That order cannot be closed now; it was changed elsewhere.', 409)
  }
  const ids = input.intent === 'pack' ? [input.orderId] : input.orderId
  const result = await markPacked(db, admin.id, ids)
  if (result.done === 0 && result.unweighed > 0) return replyRefused(submission, WEIGH_FIRST, 409)
  if (result.done === 0) {
    return replyRefused(
      submission,
      'Nothing was packed: those orders were already packed or closed.',
      409,
    )
  }
  const packed = `${result.done} ${result.done === 1 ? 'order' : 'orders'} packed`
  return replyDone(
    submission,
    result.skipped ? `${packed}; ${result.skipped} skipped.` : `${packed}.`,
  )
}

export default function ThisWeek({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ThisWeekPage week={loaderData.week} reply={actionData} />
      <SubscriptionBoxes days={loaderData.subscriptionBoxes} />
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: 'This week' })
