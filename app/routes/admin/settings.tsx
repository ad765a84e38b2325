import { getFormProps } from '@conform-to/react'
import { useId } from 'react'
import { Form } from 'react-router'
import { requireAdmin } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { AdminPageHeader, AdminPanel } from '~/platform/admin/ui/page'
import { getDb } from '~/platform/db/db.server'
import { parseSubmission, replyDone, replyInvalid, useSchemaForm } from '~/platform/forms/conform'
import { readForm } from '~/platform/forms/form-data.server'
import { FieldError, FormMessage, TextField } from '~/platform/ui/field'
import { StatusButton } from '~/platform/ui/status-button'
import { useIsPending } from '~/platform/ui/use-is-pending'
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

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const form = await readForm(request)
  // Checkboxes named "states" arrive once per ticked state (the schema takes one or many).
  const submission = parseSubmission(form, SettingsSchema)
  if (submission.status !== 'success') return replyInvalid(submission)
  await updateSettings(getDb(), admin.id, submission.value)
  return replyDone(submission, 'Settings saved. Carts and checkout use them now.', { keep: true })
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = loaderData
  const saving = useIsPending()
  const [form, fields] = useSchemaForm(SettingsSchema, {
    id: 'settings',
    lastResult: actionData,
    defaultValue: {
      tax_rate: basisPointsToPercentInput(settings.tax_rate_basis_points),
      standard_shipping: centsToDollarsInput(settings.standard_shipping_cents),
      free_shipping_threshold: centsToDollarsInput(settings.free_shipping_threshold_cents),
      express_shipping: centsToDollarsInput(settings.express_shipping_cents),
      pickup_shipping: centsToDollarsInput(settings.pickup_shipping_cents),
      states: settings.states,
      hold_hours: String(settings.hold_hours),
      weight_tolerance: String(settings.weight_tolerance_percent),
    },
  })
  const checkedStates = new Set(asList(fields.states.initialValue))
  const statesError = fields.states.errors?.[0]
  const statesErrorId = useId()
  const failed = Object.keys(form.allErrors).length > 0

  return (
    <>
      <AdminPageHeader
        title="Settings"
        description="Tax, shipping prices, where the farm delivers and how long waiting-list holds last. Changes apply to every cart and checkout right away; orders already placed keep their prices."
      />
      <Form method="post" {...getFormProps(form)} className="space-y-6">
        {actionData?.status === 'success' && !failed ? (
          <FormMessage tone="success">{actionData.message}</FormMessage>
        ) : null}
        {failed ? (
          <FormMessage tone="error">Please fix the fields marked below.</FormMessage>
        ) : null}

        <AdminPanel title="Tax">
          <TextField
            label="Sales tax rate (%)"
            field={fields.tax_rate}
            inputMode="decimal"
            className="max-w-xs"
            hint="A percentage with up to 2 decimals, like 6 or 6.25. Charged on the subtotal after discounts, not on shipping."
          />
        </AdminPanel>

        <AdminPanel title="Shipping prices">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Standard shipping ($)"
              field={fields.standard_shipping}
              inputMode="decimal"
            />
            <TextField
              label="Free standard shipping from a subtotal of ($)"
              field={fields.free_shipping_threshold}
              inputMode="decimal"
              hint="Orders with at least this subtotal (before discounts) ship free by standard shipping."
            />
            <TextField
              label="Express shipping ($)"
              field={fields.express_shipping}
              inputMode="decimal"
            />
            <TextField
              label="Farm pickup ($)"
              field={fields.pickup_shipping}
              inputMode="decimal"
              hint="Usually 0 (free)."
            />
          </div>
        </AdminPanel>

        <AdminPanel title="Priced by weight">
          <TextField
            label="Weight tolerance (%)"
            field={fields.weight_tolerance}
            inputMode="numeric"
            className="max-w-xs"
            hint="Steaks sold by weight are charged for their exact weight, at most the estimate plus this much (0 to 50). Cards are authorised for that maximum."
          />
        </AdminPanel>

        <AdminPanel title="Where the farm delivers">
          <fieldset aria-describedby={statesError ? statesErrorId : undefined}>
            <legend className="text-sm font-semibold text-ink">
              States offered at checkout (at least one)
            </legend>
            <FieldError id={statesErrorId} message={statesError} />
            <div className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3 lg:grid-cols-4">
              {Object.entries(US_STATE_NAMES).map(([code, name]) => (
                <label key={code} className="flex items-center gap-2 py-1 text-sm text-ink">
                  <input
                    key={fields.states.key}
                    type="checkbox"
                    name={fields.states.name}
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

        <AdminPanel title="Waiting list">
          <TextField
            label="Hold time (hours)"
            field={fields.hold_hours}
            inputMode="numeric"
            className="max-w-xs"
            hint="When stock comes back, units are held for the people waiting, in the order they joined, for this long (1 to 168 hours); then they go to the next person."
          />
        </AdminPanel>

        <StatusButton type="submit" status={saving ? 'pending' : 'idle'} pendingText="Saving...">
          Save Settings
        </StatusButton>
      </Form>
    </>
  )
}

/** The ticked states as Conform holds them: one value or several. */
function asList(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : []
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Settings' })
