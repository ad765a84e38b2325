import { data, redirect } from 'react-router'
import { requireAdmin } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { editPromoCode, withdrawPromoCode } from '~/flows/promo-codes.server'
import { getDb } from '~/platform/db/db.server'
import {
  type FormReply,
  parseSubmission,
  replyDone,
  replyInvalid,
  replyRefused,
} from '~/platform/forms/conform'
import { readForm } from '~/platform/forms/form-data.server'
import {
  PromoCodeIntentSchema,
  PromoCodeSchema,
  promoCodeInput,
} from '~/promotions/admin/promo-code-form'
import { PromoCodePage } from '~/promotions/admin/promo-code-page'
import { createPromoCode, getPromoCode } from '~/promotions/admin/promo-codes.server'
import type { Route } from './+types/promo-code'

// One promo code: /admin/promo-codes/new makes one, /admin/promo-codes/:id edits it.

const NEW = 'new'

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  const saved = new URL(request.url).searchParams.has('saved')
  if (params.id === NEW) return { code: null, saved: false }
  const code = await getPromoCode(getDb(), params.id)
  if (!code) throw data('No such promo code.', { status: 404 })
  return { code, saved }
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const db = getDb()
  const form = await readForm(request)
  const intent = parseSubmission(form, PromoCodeIntentSchema)
  if (intent.status !== 'success') {
    return replyRefused(intent, 'Unknown action.', 400, { form: 'save' })
  }

  if (intent.value.intent === 'remove') {
    if (params.id === NEW) throw data('No such promo code.', { status: 404 })
    const removed = await withdrawPromoCode(db, admin.id, params.id)
    if (removed.kind === 'not-found') throw data('No such promo code.', { status: 404 })
    if (removed.kind === 'deleted') {
      return redirect(`/admin/promo-codes?deleted=${encodeURIComponent(removed.code)}`)
    }
    return replyDone(
      intent,
      `${removed.code} has been used on orders, so it was switched off instead of deleted.`,
      { form: 'remove' },
    )
  }

  const submission = parseSubmission(form, PromoCodeSchema)
  if (submission.status !== 'success') return replyInvalid(submission, { form: 'save' })
  const input = promoCodeInput(submission.value)
  const saved =
    params.id === NEW
      ? await createPromoCode(db, admin.id, input)
      : await editPromoCode(db, admin.id, params.id, input)
  if (!saved.ok) {
    if (saved.status === 404) throw data('No such promo code.', { status: 404 })
    return data<FormReply>(
      { ...submission.reply({ fieldErrors: saved.fieldErrors }), form: 'save' },
      { status: 400 },
    )
  }
  if (params.id === NEW) return redirect(`/admin/promo-codes/${saved.id}?saved`)
  return replyDone(submission, `Promo code ${input.code} saved.`, {
    form: 'save',
    keep: true,
  })
}

export default function AdminPromoCode({ loaderData, actionData }: Route.ComponentProps) {
  return <PromoCodePage code={loaderData.code} saved={loaderData.saved} reply={actionData} />
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) =>
  pageMeta(matches, { title: loaded?.code ? `Promo Code ${loaded.code.code}` : 'New Promo Code' })
