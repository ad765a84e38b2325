import { useId } from 'react'
import { data, Form, useNavigation } from 'react-router'
import { requireAdmin } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { textFields } from '~/platform/admin/image-field.server'
import { AdminPageHeader, AdminPanel } from '~/platform/admin/ui/page'
import { getDb } from '~/platform/db/db.server'
import { type FieldErrors, parseForm, readForm } from '~/platform/forms/form-data'
import { Button } from '~/platform/ui/button'
import { FieldError, FormMessage, TextField } from '~/platform/ui/field'
import { useClientValidation } from '~/platform/ui/use-client-validation'
import { US_STATE_NAMES } from '~/platform/us-address'
import { getSettingsForAdmin, updateSettings } from '~/settings/admin/settings.server'
import {
  basisPointsToPercentInput,
  centsToDollarsInput,
  SettingsSchema,
} from '~/settings/admin/settings-form'
import type { Route } from './+types/settings'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  return { settings: await getSettingsForAdmin(getDb()) }
}

type Values = { fields: Record<string, string>; states: string[] }

type ActionResult =
  | { ok: true; message: string }
  | { ok: false; fieldErrors: FieldErrors; values: Values }

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const form = await readForm(request)
  // Checkboxes named "states" arrive once per ticked state.
  const values: Values = {
    fields: textFields(form),
    states: form.getAll('states').filter((value) => typeof value === 'string'),
  }
  const result = parseForm(SettingsSchema, { ...values.fields, states: values.states })
  if (!result.ok) {
    return data<ActionResult>({ ok: false, fieldErrors: result.fieldErrors, values }, 400)
  }
  await updateSettings(getDb(), admin.id, result.data)
  return data<ActionResult>({
    ok: true,
    message: 'Settings saved. Carts and checkout use them now.',
  })
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = loaderData
  const navigation = useNavigation()
  const client = useClientValidation(SettingsSchema)
  const failed = actionData && !actionData.ok ? actionData : null
  const errors = client.errors ?? failed?.fieldErrors ?? {}
  const typed = failed?.values
  const value = (name: string, saved: string) => typed?.fields[name] ?? saved
  const checkedStates = new Set(typed?.states ?? settings.states)
  const statesErrorId = useId()

  return (
    <>
      <AdminPageHeader
        title="Settings"
        description="Tax, shipping prices and where the farm delivers. Changes apply to every cart and checkout right away; orders already placed keep their prices."
      />
      <Form method="post" noValidate onSubmit={client.onSubmit} className="space-y-6">
        {actionData?.ok && !client.errors ? (
          <FormMessage tone="success">{actionData.message}</FormMessage>
        ) : null}
        {failed || client.errors ? (
          <FormMessage tone="error">Please fix the fields marked below.</FormMessage>
        ) : null}

        <AdminPanel title="Tax">
          <TextField
            label="Sales tax rate (%)"
            name="tax_rate"
            inputMode="decimal"
            className="max-w-xs"
            hint="A percentage with up to 2 decimals, like 6 or 6.25. Charged on the subtotal after discounts, not on shipping."
            defaultValue={value(
              'tax_rate',
              basisPointsToPercentInput(settings.tax_rate_basis_points),
            )}
            error={errors.tax_rate}
          />
        </AdminPanel>

        <AdminPanel title="Shipping prices">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Standard shipping ($)"
              name="standard_shipping"
              inputMode="decimal"
              defaultValue={value(
                'standard_shipping',
                centsToDollarsInput(settings.standard_shipping_cents),
              )}
              error={errors.standard_shipping}
            />
            <TextField
              label="Free standard shipping from a subtotal of ($)"
              name="free_shipping_threshold"
              inputMode="decimal"
              hint="Orders with at least this subtotal (before discounts) ship free by standard shipping."
              defaultValue={value(
                'free_shipping_threshold',
                centsToDollarsInput(settings.free_shipping_threshold_cents),
              )}
              error={errors.free_shipping_threshold}
            />
            <TextField
              label="Express shipping ($)"
              name="express_shipping"
              inputMode="decimal"
              defaultValue={value(
                'express_shipping',
                centsToDollarsInput(settings.express_shipping_cents),
              )}
              error={errors.express_shipping}
            />
            <TextField
              label="Farm pickup ($)"
              name="pickup_shipping"
              inputMode="decimal"
              hint="Usually 0 (free)."
              defaultValue={value(
                'pickup_shipping',
                centsToDollarsInput(settings.pickup_shipping_cents),
              )}
              error={errors.pickup_shipping}
            />
          </div>
        </AdminPanel>

        <AdminPanel title="Where the farm delivers">
          <fieldset aria-describedby={errors.states ? statesErrorId : undefined}>
            <legend className="text-sm font-semibold text-ink">
              States offered at checkout (at least one)
            </legend>
            <FieldError id={statesErrorId} message={errors.states} />
            <div className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3 lg:grid-cols-4">
              {Object.entries(US_STATE_NAMES).map(([code, name]) => (
                <label key={code} className="flex items-center gap-2 py-1 text-sm text-ink">
                  <input
                    type="checkbox"
                    name="states"
                    value={code}
                    defaultChecked={checkedStates.has(code)}
                    className="h-4 w-4 accent-pasture-700"
                  />
                  {name}
                </label>
              ))}
            </div>
          </fieldset>
        </AdminPanel>

        <Button type="submit" disabled={navigation.state === 'submitting'}>
          {navigation.state === 'submitting' ? 'Saving...' : 'Save Settings'}
        </Button>
      </Form>
    </>
  )
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Settings' })
