import { data } from 'react-router'
import { z } from 'zod'
import { requireAdmin } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { markHandedOver, markPacked } from '~/fulfilment/admin/packing.server'
import { loadThisWeek } from '~/fulfilment/admin/this-week.server'
import { ThisWeekPage, type ThisWeekResult } from '~/fulfilment/admin/this-week-page'
import { getDb } from '~/platform/db/db.server'
import { parseForm, readForm } from '~/platform/forms/form-data'
import type { Route } from './+types/fulfilment'

// Admin > Fulfilment: "This week", what to pick, pack and deliver for a day (?day=YYYY-MM-DD,
// else the next day with orders). Its buttons pack orders and hand them over through the
// order workflow (app/fulfilment/admin/packing.server.ts).

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const day = new URL(request.url).searchParams.get('day')
  return { week: await loadThisWeek(getDb(), day) }
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

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const form = await readForm(request)
  const parsed = parseForm(ThisWeekActionSchema, {
    intent: form.get('intent'),
    orderId: form.getAll('orderId').length > 1 ? form.getAll('orderId') : form.get('orderId'),
  })
  if (!parsed.ok) {
    const message = Object.values(parsed.fieldErrors)[0] ?? 'Please try again.'
    return data<ThisWeekResult>({ ok: false, message }, 400)
  }
  const db = getDb()
  const input = parsed.data
  if (input.intent === 'hand-over') {
    const result = await markHandedOver(db, admin.id, input.orderId)
    return result.done
      ? { ok: true, message: 'Order handed over and closed.' }
      : data<ThisWeekResult>(
          { ok: false, message: 'That order cannot be closed now; it was changed elsewhere.' },
          409,
        )
  }
  const ids = input.intent === 'pack' ? [input.orderId] : input.orderId
  const result = await markPacked(db, admin.id, ids)
  if (result.done === 0) {
    return data<ThisWeekResult>(
      { ok: false, message: 'Nothing was packed: those orders were already packed or closed.' },
      409,
    )
  }
  const packed = `${result.done} ${result.done === 1 ? 'order' : 'orders'} packed`
  return {
    ok: true,
    message: result.skipped ? `${packed}; ${result.skipped} skipped.` : `${packed}.`,
  }
}

export default function ThisWeek({ loaderData, actionData }: Route.ComponentProps) {
  return <ThisWeekPage week={loaderData.week} result={actionData} />
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: 'This week' })
