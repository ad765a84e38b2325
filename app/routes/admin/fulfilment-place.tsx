import { data, Form, redirect } from 'react-router'
import { requireAdmin } from '~/auth/guards.server'
import { pageMeta } from '~/farm/meta'
import { getPlace, savePlace } from '~/fulfilment/admin/setup.server'
import { refused, typedValues, windowAction } from '~/fulfilment/admin/setup-actions.server'
import { PlaceSchema } from '~/fulfilment/admin/setup-forms'
import {
  ActiveBox,
  AddWindowForm,
  ResultMessage,
  type SetupResult,
  WindowList,
} from '~/fulfilment/admin/setup-ui'
import { AdminPageHeader, AdminPanel } from '~/platform/admin/ui/page'
import { getDb } from '~/platform/db/db.server'
import { parseForm, readForm } from '~/platform/forms/form-data'
import { Button, ButtonLink } from '~/platform/ui/button'
import { TextField } from '~/platform/ui/field'
import { TextAreaField } from '~/platform/ui/text-area-field'
import type { Route } from './+types/fulfilment-place'

// A pickup place (/admin/fulfilment/places/new or /:id): its details and its windows.

const UUID = /^[0-9a-f-]{36}$/

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request)
  if (params.id === 'new') return { place: null }
  const place = UUID.test(params.id) ? await getPlace(getDb(), params.id) : null
  if (!place) throw data(null, { status: 404 })
  return { place }
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request)
  const db = getDb()
  const form = await readForm(request)
  const isNew = params.id === 'new'
  if (!isNew && !(UUID.test(params.id) && (await getPlace(db, params.id)))) {
    throw data(null, { status: 404 })
  }
  if (form.get('intent') === 'save-place') {
    const parsed = parseForm(PlaceSchema, form)
    if (!parsed.ok) {
      return refused(
        'place',
        parsed.fieldErrors,
        typedValues(form, ['name', 'address', 'instructions', 'map_url']),
      )
    }
    const id = await savePlace(db, admin.id, isNew ? null : params.id, parsed.data)
    if (!id) throw data(null, { status: 404 })
    if (isNew) throw redirect(`/admin/fulfilment/places/${id}?created=1`)
    return { ok: true, message: 'The pickup place was saved.' } satisfies SetupResult
  }
  if (isNew) return data<SetupResult>({ ok: false, message: 'Save the place first.' }, 400)
  return windowAction(db, admin.id, { kind: 'place', id: params.id }, form, 'pickup window')
}

export default function PickupPlace({ loaderData, actionData }: Route.ComponentProps) {
  const { place } = loaderData
  const result = actionData as SetupResult
  const errors = result?.form === 'place' ? (result.fieldErrors ?? {}) : {}
  const typed = result?.form === 'place' ? (result.values ?? {}) : {}
  const value = (name: 'name' | 'address' | 'instructions' | 'map_url') =>
    typed[name] ?? place?.[name] ?? ''
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title={place ? place.name : 'New pickup place'}
        description="Where shoppers collect their orders, and when."
        actions={
          <ButtonLink to="/admin/fulfilment/setup" variant="secondary">
            Back to set-up
          </ButtonLink>
        }
      />
      <ResultMessage result={result} />
      <AdminPanel title="Place">
        <Form method="post" noValidate className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="save-place" />
          <TextField
            label="Name"
            name="name"
            defaultValue={value('name')}
            error={errors.name}
            required
          />
          <TextField
            label="Address"
            name="address"
            defaultValue={value('address')}
            error={errors.address}
            required
          />
          <TextAreaField
            label="Instructions for shoppers"
            name="instructions"
            defaultValue={value('instructions')}
            error={errors.instructions}
            className="sm:col-span-2"
          />
          <TextField
            label="Map link (optional)"
            name="map_url"
            type="url"
            defaultValue={value('map_url')}
            error={errors.map_url}
            className="sm:col-span-2"
          />
          <div className="sm:col-span-2">
            <ActiveBox checked={place?.is_active ?? true} />
          </div>
          <div>
            <Button type="submit">Save place</Button>
          </div>
        </Form>
      </AdminPanel>
      {place ? (
        <AdminPanel title="Pickup windows">
          <WindowList windows={place.windows} noun="pickup window" />
          <h3 className="mt-6 mb-2 font-semibold text-ink">Add a pickup window</h3>
          <AddWindowForm noun="pickup window" result={result} />
        </AdminPanel>
      ) : null}
    </div>
  )
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, { title: loaderData?.place?.name ?? 'New pickup place' })
