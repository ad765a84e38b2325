import { getFormProps } from '@conform-to/react'
import { useId } from 'react'
import { Form } from 'react-router'
import { centsToDollarsInput } from '~/platform/admin/fields'
import { ConfirmSubmitButton } from '~/platform/admin/ui/confirm-submit'
import { AdminPageHeader, AdminPanel } from '~/platform/admin/ui/page'
import { type FormReply, useSchemaForm } from '~/platform/forms/conform'
import { CheckboxField, FieldError, FormMessage, TextField } from '~/platform/ui/field'
import { TextLink } from '~/platform/ui/link'
import { StatusButton } from '~/platform/ui/status-button'
import { useIsPending } from '~/platform/ui/use-is-pending'
import { PromoCodeSchema, promoCodeDays } from './promo-code-form'
import type { AdminPromoCode } from './promo-codes.server'

// One promo code's page: its form, and below a saved code the panel that deletes it or, once
// used, switches it off.
export function PromoCodePage({
  code,
  saved,
  reply,
}: {
  /** Null on /admin/promo-codes/new */
  code: AdminPromoCode | null
  /** Just made: the new code's page opens saying so */
  saved: boolean
  reply: FormReply | undefined
}) {
  const days = code ? promoCodeDays(code) : { starts_on: '', ends_on: '' }
  const stored = code
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
        is_active: code.is_active,
      }
    : { discount_type: 'percent', is_active: true }
  const success = reply?.status === 'success' ? reply.message : saved ? 'Promo code saved.' : null
  const submitting = useIsPending()

  return (
    <>
      <AdminPageHeader
        title={code ? `Promo Code ${code.code}` : 'New Promo Code'}
        description={
          code
            ? `Used ${code.times_used} ${code.times_used === 1 ? 'time' : 'times'}${code.usage_limit === null ? '' : ` of ${code.usage_limit}`}.`
            : 'Shoppers type the code in their cart; it works only within the rules below.'
        }
        actions={<TextLink to="/admin/promo-codes">Back to Promo Codes</TextLink>}
      />
      <div className="space-y-6">
        {/* Keyed by what is stored: going from New to the saved code, or switching it off
            below, shows the stored values; a refused save keeps what was typed. */}
        <PromoCodeForm
          key={code ? JSON.stringify([code.id, stored]) : 'new'}
          stored={stored}
          reply={reply?.form === 'save' ? reply : undefined}
          success={success}
          submitting={submitting}
        />
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

const DISCOUNT_KINDS = [
  { value: 'percent', label: 'Percentage off the subtotal' },
  { value: 'fixed', label: 'Fixed amount off (dollars)' },
] as const

function PromoCodeForm({
  stored,
  reply,
  success,
  submitting,
}: {
  stored: Record<string, string | boolean>
  reply: FormReply | undefined
  success: string | null | undefined
  submitting: boolean
}) {
  const [form, fields] = useSchemaForm(PromoCodeSchema, {
    id: 'promo-code',
    lastResult: reply,
    defaultValue: stored,
  })
  const typeErrorId = useId()
  const typeError = fields.discount_type.errors?.[0]
  const failed = Object.keys(form.allErrors).length > 0
  const kind = fields.discount_type.initialValue
  return (
    <>
      {success && !failed ? <FormMessage tone="success">{success}</FormMessage> : null}
      {failed ? (
        <FormMessage tone="error">
          {form.errors?.[0] ?? 'Please fix the fields marked below.'}
        </FormMessage>
      ) : null}
      <AdminPanel>
        <Form method="post" {...getFormProps(form)} className="space-y-5">
          <input type="hidden" name="intent" value="save" />
          <TextField
            label="Code"
            field={fields.code}
            autoCapitalize="characters"
            autoComplete="off"
            maxLength={30}
            className="max-w-xs"
            hint="Letters and digits only, like SPRING5. Shoppers can type it in any case."
          />
          <fieldset aria-describedby={typeError ? typeErrorId : undefined}>
            <legend className="text-sm font-semibold text-ink">Kind of discount</legend>
            <div className="mt-2 flex flex-wrap gap-6">
              {DISCOUNT_KINDS.map((option) => (
                <label key={option.value} className="flex items-center gap-2 text-sm text-ink">
                  <input
                    key={fields.discount_type.key}
                    type="radio"
                    name={fields.discount_type.name}
                    value={option.value}
                    defaultChecked={kind === option.value}
                    className="h-4 w-4 accent-pasture-700"
                  />
                  {option.label}
                </label>
              ))}
            </div>
            <FieldError id={typeErrorId} message={typeError} />
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="How much off"
              field={fields.discount_value}
              inputMode="decimal"
              hint="For a percentage, a whole number from 1 to 100. For a fixed amount, dollars like 5 or 5.50; it never takes off more than the subtotal."
            />
            <TextField
              label="Minimum subtotal ($)"
              field={fields.min_subtotal}
              required={false}
              inputMode="decimal"
              hint="The code works only on carts with at least this subtotal. Leave blank for none."
            />
            <TextField
              label="First day"
              field={fields.starts_on}
              type="date"
              hint="Idaho time. Leave blank to start now."
            />
            <TextField
              label="Last day"
              field={fields.ends_on}
              type="date"
              hint="The code works until midnight at the end of this day, Idaho time. Leave blank for no end."
            />
            <TextField
              label="Number of uses"
              field={fields.usage_limit}
              inputMode="numeric"
              hint="How many orders can use it in all. Leave blank for no limit."
            />
          </div>
          <CheckboxField label="Active (shoppers can use this code)" field={fields.is_active} />
          <StatusButton
            type="submit"
            status={submitting ? 'pending' : 'idle'}
            pendingText="Saving..."
          >
            Save Promo Code
          </StatusButton>
        </Form>
      </AdminPanel>
    </>
  )
}
