import { data, Form, redirect } from 'react-router'
import { requireAdmin } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { getZone, saveZone } from '~/fulfilment/admin/setup.server'
import { refused, typedValues, windowAction } from '~/fulfilment/admin/setup-actions.server'
import { ZoneSchema } from '~/fulfilment/admin/setup-forms'
import {
  ActiveBox,
  AddWindowForm,
  ResultMessage,
  type SetupResult,
  WindowList,
} from '~/fulfilment/admin/setup-ui'
import { centsToDollarsInput } from '~/platform/admin/fields'
import { AdminPageHeader, AdminPanel } from '~/platform/admin/ui/page'
import { getDb } from '~/platform/db/db.server'
import { parseForm, readForm } from '~/platform/forms/form-data'
import { Button, ButtonLink } from '~/platform/ui/button'
import { TextField } from '~/platform/ui/field'
import type { Route } from './+types/fulfilment-zone'

// A local delivery zone (/admin/fulfilment/zones/new or /:id): its ZIP codes, fee, free-delivery
// amount, minimum order, and its delivery days.

const UUID = /^[0-9a-f-]{36}$/

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  if (params.id === 'new') return { zone: null }
  const zone = UUID.test(params.id) ? await getZone(getDb(), params.id) : null
  if (!zone) throw data(null, { status: 404 })
  return { zone }
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const db = getDb()
  const form = await readForm(request)
  const isNew = params.id === 'new'
  if (!isNew && !(UUID.test(params.id) && (await getZone(db, params.id)))) {
    throw data(null, { status: 404 })
  }
  if (form.get('intent') === 'save-zone') {
    const parsed = parseForm(ZoneSchema, form)
    if (!parsed.ok) {
      return refused(
        'zone',
        parsed.fieldErrors,
        typedValues(form, ['name', 'zip_codes', 'fee', 'free_over', 'minimum']),
      )
    }
    const id = await saveZone(db, admin.id, isNew ? null : params.id, parsed.data)
    if (!id) throw data(null, { status: 404 })
    if (isNew) throw redirect(`/admin/fulfilment/zones/${id}?created=1`)
    return { ok: true, message: 'The delivery zone was saved.' } satisfies SetupResult
  }
  if (isNew) return data<SetupResult>({ ok: false, message: 'Save the zone first.' }, 400)
  return windowAction(db, admin.id, { kind: 'zone', id: params.id }, form, 'delivery day')
}

export default function DeliveryZone({ loaderData, actionData }: Route.ComponentProps) {
  const { zone } = loaderData
  const result = actionData as SetupResult
  const errors = result?.form === 'zone' ? (result.fieldErrors ?? {}) : {}
  const typed = result?.form === 'zone' ? (result.values ?? {}) : {}
  const stored = {
    name: zone?.name ?? '',
    zip_codes: zone?.zip_codes ?? '',
    fee: zone ? centsToDollarsInput(zone.fee_cents) : '',
    free_over:
      zone?.free_over_cents !== null && zone?.free_over_cents !== undefined
        ? centsToDollarsInput(zone.free_over_cents)
        : '',
    minimum: zone ? centsToDollarsInput(zone.minimum_cents) : '0.00',
  }
  const value = (name: keyof typeof stored) => typed[name] ?? stored[name]
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title={zone ? zone.name : 'New delivery zone'}
        description="Where the farm delivers, what it costs, and on which days."
        actions={
          <ButtonLink to="/admin/fulfilment/setup" variant="secondary">
            Back to set-up
          </ButtonLink>
        }
      />
      <ResultMessage result={result} />
      <AdminPanel title="Zone">
        <Form method="post" noValidate className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="save-zone" />
          <TextField
            label="Name"
            name="name"
            defaultValue={value('name')}
            error={errors.name}
            required
          />
          <TextField
            label="ZIP codes"
            name="zip_codes"
            hint="Codes and ranges, like 83702-83706, 83714"
            defaultValue={value('zip_codes')}
            error={errors.zip_codes}
            required
          />
          <TextField
            label="Delivery fee ($)"
            name="fee"
            inputMode="decimal"
            defaultValue={value('fee')}
            error={errors.fee}
            required
          />
          <TextField
            label="Free delivery from ($, optional)"
            name="free_over"
            inputMode="decimal"
            defaultValue={value('free_over')}
            error={errors.free_over}
          />
          <TextField
            label="Minimum order ($)"
            name="minimum"
            inputMode="decimal"
            defaultValue={value('minimum')}
            error={errors.minimum}
            required
          />
          <div className="sm:col-span-2">
            <ActiveBox checked={zone?.is_active ?? true} />
          </div>
          <div>
            <Button type="submit">Save zone</Button>
          </div>
        </Form>
      </AdminPanel>
      {zone ? (
        <AdminPanel title="Delivery days">
          <WindowList windows={zone.windows} noun="delivery day" />
          <h3 className="mt-6 mb-2 font-semibold text-ink">Add a delivery day</h3>
          <AddWindowForm noun="delivery day" result={result} />
        </AdminPanel>
      ) : null}
    </div>
  )
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { title: loaderData?.zone?.name ?? 'New delivery zone' })
