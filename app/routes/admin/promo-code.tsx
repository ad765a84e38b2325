import { useId } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { requireAdmin } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { centsToDollarsInput } from '~/platform/admin/fields'
import { textFields } from '~/platform/admin/image-field.server'
import { ConfirmSubmitButton } from '~/platform/admin/ui/confirm-submit'
import { AdminPageHeader, AdminPanel } from '~/platform/admin/ui/page'
import { getDb } from '~/platform/db/db.server'
import { type FieldErrors, parseForm, readForm } from '~/platform/forms/form-data'
import { Button } from '~/platform/ui/button'
import { CheckboxField, FieldError, FormMessage, TextField } from '~/platform/ui/field'
import { useClientValidation } from '~/platform/ui/use-client-validation'
import {
  PromoCodeIntentSchema,
  PromoCodeSchema,
  promoCodeDays,
} from '~/promotions/admin/promo-code-form'
import {
  createPromoCode,
  getPromoCode,
  removePromoCode,
  updatePromoCode,
} from '~/promotions/admin/promo-codes.server'
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

type ActionResult =
  | { ok: true; message: string }
  | { ok: false; message?: string; fieldErrors: FieldErrors; values?: Record<string, string> }

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const db = getDb()
  const form = await readForm(request)
  const values = textFields(form)
  const intent = parseForm(PromoCodeIntentSchema, values)
  if (!intent.ok) return data<ActionResult>({ ok: false, fieldErrors: intent.fieldErrors }, 400)

  if (intent.data.intent === 'remove') {
    if (params.id === NEW) throw data('No such promo code.', { status: 404 })
    const removed = await removePromoCode(db, admin.id, params.id)
    if (removed.kind === 'not-found') throw data('No such promo code.', { status: 404 })
    if (removed.kind === 'deleted') {
      return redirect(`/admin/promo-codes?deleted=${encodeURIComponent(removed.code)}`)
    }
    return data<ActionResult>({
      ok: true,
      message: `${removed.code} has been used on orders, so it was switched off instead of deleted.`,
    })
  }

  const parsed = parseForm(PromoCodeSchema, values)
  if (!parsed.ok) {
    return data<ActionResult>({ ok: false, fieldErrors: parsed.fieldErrors, values }, 400)
  }
  const saved =
    params.id === NEW
      ? await createPromoCode(db, admin.id, parsed.data)
      : await updatePromoCode(db, admin.id, params.id, parsed.data)
  if (!saved.ok) {
    if (saved.status === 404) throw data('No such promo code.', { status: 404 })
    return data<ActionResult>({ ok: false, fieldErrors: saved.fieldErrors, values }, 400)
  }
  if (params.id === NEW) return redirect(`/admin/promo-codes/${saved.id}?saved`)
  return data<ActionResult>({ ok: true, message: `Promo code ${parsed.data.code} saved.` })
}

export default function AdminPromoCode({ loaderData, actionData }: Route.ComponentProps) {
  const { code, saved } = loaderData
  const navigation = useNavigation()
  const client = useClientValidation(PromoCodeSchema)
  const failed = actionData && !actionData.ok ? actionData : null
  const errors = client.errors ?? failed?.fieldErrors ?? {}
  const days = code ? promoCodeDays(code) : { starts_on: '', ends_on: '' }
  const stored: Record<string, string> = code
    ? {
        code: code.code,
        discount_type: code.discount_type,
        discount_value:
          code.discount_type === 'percent'
            ? String(code.discount_value)
            : centsToDollarsInput(code.discount_value),
        min_subtotal:
          code.min_subtotal_cents > 0 ? centsToDollarsInput(code.min_subtotal_cents) : '',
        usage_limit: code.usage_limit === null ? '' : String(code.usage_limit),
        ...days,
      }
    : { discount_type: 'percent' }
  const typed = failed?.values
  const value = (name: string) => typed?.[name] ?? stored[name] ?? ''
  const active = typed ? typed.is_active === 'on' : (code?.is_active ?? true)
  const typeErrorId = useId()
  const success = actionData?.ok ? actionData.message : saved ? 'Promo code saved.' : null
  const submitting = navigation.state === 'submitting'

  return (
    <>
      <AdminPageHeader
        title={code ? `Promo Code ${code.code}` : 'New Promo Code'}
        description={
          code
            ? `Used ${code.times_used} ${code.times_used === 1 ? 'time' : 'times'}${code.usage_limit === null ? '' : ` of ${code.usage_limit}`}.`
            : 'Shoppers type the code in their cart; it works only within the rules below.'
        }
        actions={
          <Link to="/admin/promo-codes" className="font-semibold text-pasture-800 underline">
            Back to Promo Codes
          </Link>
        }
      />
      <div className="space-y-6">
        {success && !client.errors ? <FormMessage tone="success">{success}</FormMessage> : null}
        {failed || client.errors ? (
          <FormMessage tone="error">
            {failed?.message ?? 'Please fix the fields marked below.'}
          </FormMessage>
        ) : null}
        <AdminPanel>
          {/* Keyed by what is stored: going from New to the saved code, or switching it off
              below, shows the stored values; a refused save keeps what was typed. */}
          <Form
            key={code ? JSON.stringify([code.id, stored, code.is_active]) : 'new'}
            method="post"
            noValidate
            onSubmit={client.onSubmit}
            className="space-y-5"
          >
            <input type="hidden" name="intent" value="save" />
            <TextField
              label="Code"
              name="code"
              autoCapitalize="characters"
              autoComplete="off"
              maxLength={30}
              className="max-w-xs"
              hint="Letters and digits only, like SPRING5. Shoppers can type it in any case."
              defaultValue={value('code')}
              error={errors.code}
            />
            <fieldset aria-describedby={errors.discount_type ? typeErrorId : undefined}>
              <legend className="text-sm font-semibold text-ink">Kind of discount</legend>
              <div className="mt-2 flex flex-wrap gap-6">
                <label className="flex items-center gap-2 text-sm text-ink">
                  <input
                    type="radio"
                    name="discount_type"
                    value="percent"
                    defaultChecked={value('discount_type') === 'percent'}
                    className="h-4 w-4 accent-pasture-700"
                  />
                  Percentage off the subtotal
                </label>
                <label className="flex items-center gap-2 text-sm text-ink">
                  <input
                    type="radio"
                    name="discount_type"
                    value="fixed"
                    defaultChecked={value('discount_type') === 'fixed'}
                    className="h-4 w-4 accent-pasture-700"
                  />
                  Fixed amount off (dollars)
                </label>
              </div>
              <FieldError id={typeErrorId} message={errors.discount_type} />
            </fieldset>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="How much off"
                name="discount_value"
                inputMode="decimal"
                hint="For a percentage, a whole number from 1 to 100. For a fixed amount, dollars like 5 or 5.50; it never takes off more than the subtotal."
                defaultValue={value('discount_value')}
                error={errors.discount_value}
              />
              <TextField
                label="Minimum subtotal ($)"
                name="min_subtotal"
                inputMode="decimal"
                hint="The code works only on carts with at least this subtotal. Leave blank for none."
                defaultValue={value('min_subtotal')}
                error={errors.min_subtotal}
              />
              <TextField
                label="First day"
                name="starts_on"
                type="date"
                hint="Idaho time. Leave blank to start now."
                defaultValue={value('starts_on')}
                error={errors.starts_on}
              />
              <TextField
                label="Last day"
                name="ends_on"
                type="date"
                hint="The code works until midnight at the end of this day, Idaho time. Leave blank for no end."
                defaultValue={value('ends_on')}
                error={errors.ends_on}
              />
              <TextField
                label="Number of uses"
                name="usage_limit"
                inputMode="numeric"
                hint="How many orders can use it in all. Leave blank for no limit."
                defaultValue={value('usage_limit')}
                error={errors.usage_limit}
              />
            </div>
            <CheckboxField
              label="Active (shoppers can use this code)"
              name="is_active"
              defaultChecked={active}
              error={errors.is_active}
            />
            <Button type="submit" disabled={submitting}>
              {submitting ? 'Saving...' : 'Save Promo Code'}
            </Button>
          </Form>
        </AdminPanel>
        {code ? (
          <AdminPanel title={code.times_used > 0 ? 'Switch off' : 'Delete'}>
            <Form method="post" className="space-y-3">
              <p className="text-sm text-muted">
                {code.times_used > 0
                  ? 'This code has been used on orders, so it stays on record. Switching it off stops new uses.'
                  : 'Nobody has used this code yet, so it can be deleted.'}
              </p>
              <ConfirmSubmitButton
                name="intent"
                value="remove"
                title={code.times_used > 0 ? 'Switch off this code?' : 'Delete this code?'}
                question={
                  code.times_used > 0
                    ? `Shoppers will no longer be able to use ${code.code}.`
                    : `${code.code} will be deleted. This cannot be undone.`
                }
                confirmLabel={code.times_used > 0 ? 'Switch Off' : 'Delete'}
                className="rounded-md border-2 border-red-800 px-4 py-2 font-semibold text-red-800 hover:bg-red-50"
              >
                {code.times_used > 0 ? 'Switch Off Promo Code' : 'Delete Promo Code'}
              </ConfirmSubmitButton>
            </Form>
          </AdminPanel>
        ) : null}
      </div>
    </>
  )
}

export const meta: Route.MetaFunction = ({ data: loaded, matches }) =>
  pageMeta(matches, { title: loaded?.code ? `Promo Code ${loaded.code.code}` : 'New Promo Code' })
